// ToolRegistry: the set of tools one run allows. The definitions a provider sees and the
// implementations the executor runs come from the same table, so they cannot disagree.
import type { Tool, ToolDefinition } from "./types.ts";

export class ToolRegistry {
  // Per instance, never module-level: two registries (two products, two tests) share nothing.
  readonly #tools = new Map<string, Tool>();

  constructor(tools: readonly Tool[] = []) {
    for (const tool of tools) this.register(tool);
  }

  /** Refuses a second tool of the same name: silently replacing one would change, mid-run, what
   *  runs behind a definition the model has already been shown. */
  register(tool: Tool): void {
    if (this.#tools.has(tool.name)) throw new Error(`Tool 已存在：${tool.name}`);
    this.#tools.set(tool.name, tool);
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
    return this.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.schema.jsonSchema ?? { type: "object" },
    }));
  }
}
