// ToolRegistry: the set of tools one run allows. The definitions a provider sees and the
// implementations the executor runs come from the same table, so they cannot disagree.
import { type ContractTexts, chapterTexts, toolAlreadyRegistered } from "../protocol/text.ts";
import type { Tool, ToolDefinition, ToolResultContent } from "../protocol/types.ts";

/** `C`: what the registry's tools put in a result — text for chapter 06's tools (inferred from
 *  them: `new ToolRegistry([echo])`), text and images once a recorded tool replays a real one's. */
export class ToolRegistry<C extends ToolResultContent = ToolResultContent> {
  // Per instance, never module-level: two registries (two products, two tests) share nothing.
  readonly #tools = new Map<string, Tool<unknown, unknown, C>>();
  /** Names that run but are not shown to the model (see registerUndeclared). */
  readonly #undeclared = new Set<string>();

  /** The words the executor answers this registry's failed calls with: chapter 06's unless a run
   *  in another language brings its own (src/protocol/text.ts). */
  readonly texts: ContractTexts;

  constructor(tools: readonly Tool<unknown, unknown, C>[] = [], options: { texts?: ContractTexts } = {}) {
    this.texts = options.texts ?? chapterTexts;
    for (const tool of tools) this.register(tool);
  }

  /** Refuses a second tool of the same name: silently replacing one would change, mid-run, what
   *  runs behind a definition the model has already been shown. */
  register(tool: Tool<unknown, unknown, C>): void {
    if (this.#tools.has(tool.name)) throw new Error(toolAlreadyRegistered(tool.name));
    this.#tools.set(tool.name, tool);
  }

  /**
   * A tool that answers calls without being in the tool list the model is sent: a replayed log can
   * hold calls to a tool its request never declared, answered by the real harness all the same.
   */
  registerUndeclared(tool: Tool<unknown, unknown, C>): void {
    this.register(tool);
    this.#undeclared.add(tool.name);
  }

  get(name: string): Tool<unknown, unknown, C> | undefined {
    return this.#tools.get(name);
  }

  /** In registration order. */
  list(): Tool<unknown, unknown, C>[] {
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
