// ToolRegistry: the set of tools one run allows. The definitions a provider sees and the
// implementations the executor runs come from the same table, so they cannot disagree.
import { toolAlreadyRegistered } from "../protocol/text.ts";
import type { Tool, ToolDefinition } from "../protocol/types.ts";

export class ToolRegistry {
  // Per instance, never module-level: two registries (two products, two tests) share nothing.
  readonly #tools = new Map<string, Tool>();
  /** Names that run but are not shown to the model (see registerUndeclared). */
  readonly #undeclared = new Set<string>();

  constructor(tools: readonly Tool[] = []) {
    for (const tool of tools) this.register(tool);
  }

  /** Refuses a second tool of the same name: silently replacing one would change, mid-run, what
   *  runs behind a definition the model has already been shown. */
  register(tool: Tool): void {
    if (this.#tools.has(tool.name)) throw new Error(toolAlreadyRegistered(tool.name));
    this.#tools.set(tool.name, tool);
  }

  /**
   * A tool that answers calls without being in the tool list the model is sent: a replayed log can
   * hold calls to a tool its request never declared, answered by the real harness all the same.
   */
  registerUndeclared(tool: Tool): void {
    this.register(tool);
    this.#undeclared.add(tool.name);
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }

  /** In registration order. */
  list(): Tool[] {
    return [...this.#tools.values()];
  }

  /** What goes into a model request: name, description and parameters, never `execute`. */
  definitions(): ToolDefinition[] {
    return this.list()
      .filter((tool) => !this.#undeclared.has(tool.name))
      .map((tool) => ({
        name: tool.name,
        description: tool.description,
        parameters: tool.schema.jsonSchema ?? { type: "object" },
      }));
  }
}
