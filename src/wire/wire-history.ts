// The step every renderer shares, done once: pair each assistant message with its results (in call
// order, a synthetic error result for a call nobody answered), drop what no provider accepts, and
// apply the provider's id plan. Renderers then only translate shapes, never protocol rules.
import type { Context, Message, TextContent, ToolCall, ToolDefinition } from "../types.ts";
import { planToolCallIds, type ToolCallIdRule } from "./tool-call-ids.ts";
import type { WireNote } from "./wire-request.ts";

/** What Pi's transform-messages step puts in a result it has to make up. */
export const SYNTHETIC_RESULT_TEXT = "No result provided";

/** A tool result reduced to what crosses the wire: one text, the flag, and the call it answers. */
export interface WireToolResult {
  /** The wire id (after the provider's id plan). */
  toolCallId: string;
  /** The name of the call it answers, which Gemini needs on the result as well. */
  toolName: string;
  text: string;
  isError: boolean;
}

/** A call with its wire id; the original stays alongside, for notes that must match the transcript. */
export interface WireToolCall extends ToolCall {
  originalId: string;
}

export type WireEntry =
  | { role: "user"; texts: string[] }
  /** `results` answer the calls in their order, one each. */
  | { role: "assistant"; blocks: (TextContent | WireToolCall)[]; results: WireToolResult[] };

export interface WireHistory {
  entries: WireEntry[];
  notes: WireNote[];
}

interface OpenTurn {
  entry: Extract<WireEntry, { role: "assistant" }>;
  calls: WireToolCall[];
  answers: (WireToolResult | undefined)[];
}

export function prepareWireHistory(messages: readonly Message[], idRule: ToolCallIdRule | undefined): WireHistory {
  const entries: WireEntry[] = [];
  const notes: WireNote[] = [];
  let open: OpenTurn | undefined;

  const closeTurn = () => {
    if (!open) return;
    const { calls, answers } = open;
    open.entry.results = calls.map((call, index) => answers[index] ?? syntheticResult(call, notes));
    open = undefined;
  };

  messages.forEach((message, messageIndex) => {
    if (message.role === "toolResult") {
      const turn = open;
      // A repeated id is owed one result per call, so a result fills the first slot still empty.
      const slot = turn ? turn.calls.findIndex((call, index) => call.id === message.toolCallId && !turn.answers[index]) : -1;
      const call = turn?.calls[slot];
      if (!turn || !call) {
        notes.push({ kind: "strayResultDropped", toolCallId: message.toolCallId, messageIndex });
        return;
      }
      turn.answers[slot] = { toolCallId: message.toolCallId, toolName: call.name, text: joinTexts(message.content), isError: message.isError };
      return;
    }
    // Any other message ends the previous assistant turn, answered or not.
    closeTurn();
    if (message.role === "user") {
      entries.push({ role: "user", texts: typeof message.content === "string" ? [message.content] : message.content.map((block) => block.text) });
      return;
    }
    // An empty text block says nothing, and Anthropic and Gemini refuse one.
    const blocks = message.content
      .filter((block) => block.type === "toolCall" || block.text.length > 0)
      .map((block) => (block.type === "text" ? { ...block } : { ...block, originalId: block.id, arguments: structuredClone(block.arguments) }));
    if (blocks.length === 0) {
      notes.push({ kind: "emptyAssistantDropped", messageIndex });
      return;
    }
    const entry: WireEntry = { role: "assistant", blocks, results: [] };
    entries.push(entry);
    const calls = blocks.filter((block): block is WireToolCall => block.type === "toolCall");
    open = { entry, calls, answers: calls.map(() => undefined) };
  });
  closeTurn();

  return { entries: applyIdPlan(entries, idRule, notes), notes };
}

function syntheticResult(call: WireToolCall, notes: WireNote[]): WireToolResult {
  notes.push({ kind: "syntheticResult", toolCallId: call.id, toolName: call.name, text: SYNTHETIC_RESULT_TEXT });
  return { toolCallId: call.id, toolName: call.name, text: SYNTHETIC_RESULT_TEXT, isError: true };
}

/** Rewrites ids in calls and results from one plan, so a call and its result keep matching. */
function applyIdPlan(entries: WireEntry[], idRule: ToolCallIdRule | undefined, notes: WireNote[]): WireEntry[] {
  const callIds = entries.flatMap((entry) => (entry.role === "assistant" ? entry.blocks.flatMap((block) => (block.type === "toolCall" ? [block.id] : [])) : []));
  const plan = planToolCallIds(callIds, idRule);
  for (const [from, to] of plan) if (from !== to) notes.push({ kind: "idRewritten", from, to });
  const wireId = (id: string) => plan.get(id) ?? id;
  return entries.map((entry) => {
    if (entry.role === "user") return entry;
    return {
      role: "assistant",
      blocks: entry.blocks.map((block) => (block.type === "text" ? block : { ...block, id: wireId(block.id) })),
      results: entry.results.map((result) => ({ ...result, toolCallId: wireId(result.toolCallId) })),
    };
  });
}

export function joinTexts(content: readonly TextContent[]): string {
  return content.map((block) => block.text).join("\n");
}

/** The tool list, copied; undefined when empty, because OpenAI rejects `tools: []`. */
export function wireTools(context: Context): ToolDefinition[] | undefined {
  if (!context.tools || context.tools.length === 0) return undefined;
  return context.tools.map((tool) => ({ ...tool, parameters: structuredClone(tool.parameters) }));
}

/** Pi sends no system prompt when it is empty; neither does the wire view. */
export function wireSystemPrompt(context: Context): string | undefined {
  return context.systemPrompt ? context.systemPrompt : undefined;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** OpenAI carries arguments as a string; a value JSON cannot express becomes an empty object. */
export function argumentsJson(value: unknown): string {
  return JSON.stringify(value) ?? "{}";
}

/** For providers whose calls carry an object: anything else the model sent is replaced by `{}`, with a note. */
export function argumentsObject(call: WireToolCall, notes: WireNote[]): Record<string, unknown> {
  if (isJsonObject(call.arguments)) return call.arguments;
  notes.push({ kind: "argumentsReplaced", toolCallId: call.originalId, original: call.arguments });
  return {};
}

/**
 * Anthropic and Gemini carry results inside a user turn: the results of one assistant turn form
 * that turn, and a user message that follows at once joins it after them (Anthropic requires the
 * tool_result blocks to come first).
 */
export type RoleTurn =
  | { role: "user"; results: WireToolResult[]; texts: string[] }
  | { role: "assistant"; blocks: (TextContent | WireToolCall)[] };

export function groupIntoRoleTurns(entries: readonly WireEntry[]): RoleTurn[] {
  const turns: RoleTurn[] = [];
  let pendingResults: WireToolResult[] = [];
  const flushResults = () => {
    if (pendingResults.length > 0) turns.push({ role: "user", results: pendingResults, texts: [] });
    pendingResults = [];
  };
  for (const entry of entries) {
    if (entry.role === "user") {
      turns.push({ role: "user", results: pendingResults, texts: entry.texts });
      pendingResults = [];
    } else {
      flushResults();
      turns.push({ role: "assistant", blocks: entry.blocks });
      pendingResults = entry.results;
    }
  }
  flushResults();
  return turns;
}
