// The step every renderer shares, done once: pair each assistant message with its results (in call
// order, a synthetic error result for a call nobody answered), drop what no provider accepts, and
// apply the provider's id and tool-name plans. Renderers then only translate shapes, never
// protocol rules. Pairing uses a map from id to the calls still waiting, so a reply with n calls
// costs O(n), not O(n²).

import { cloneJson } from "../../json/clone-json.ts";
import { isRecord } from "../../json/is-record.ts";
import type { Context, ImageContent, TextContent, ThinkingContent, ToolCall, ToolDefinition, UserMessage } from "../../protocol/types.ts";
import { planCallOccurrences, planToolCallIds, type ToolCallIdRule } from "./tool-call-ids.ts";
import type { WireNote } from "./wire-note.ts";

/** What Pi's transform-messages step puts in a result it has to make up. */
export const SYNTHETIC_RESULT_TEXT = "No result provided";

/** What stands in for a user message with no visible text: providers refuse a blank one. */
export const BLANK_USER_TEXT = "(empty message)";

/** What a provider accepts as a tool-call id and as a tool name. */
export interface WireLimits {
  id: ToolCallIdRule;
  toolName: ToolCallIdRule;
}

/** A tool result reduced to what crosses the wire: its text, its images, the flag, and its call. */
export interface WireToolResult {
  /** The wire id (after the provider's id plan): always its call's. */
  toolCallId: string;
  /** The wire name of the call it answers, which Gemini needs on the result as well. */
  toolName: string;
  text: string;
  images: ImageContent[];
  isError: boolean;
}

/** A call with its wire id and name; the originals stay alongside, for notes that match the transcript. */
export interface WireToolCall extends ToolCall {
  originalId: string;
}

export type WireUserPart = TextContent | ImageContent;
export type WireAssistantBlock = TextContent | ThinkingContent | WireToolCall;

export type WireEntry =
  | { role: "user"; parts: WireUserPart[] }
  /** `results` answer the calls in their order, one each. */
  | { role: "assistant"; messageIndex: number; blocks: WireAssistantBlock[]; results: WireToolResult[] };

export interface WireHistory {
  entries: WireEntry[];
  notes: WireNote[];
  /** Original tool name → the name on the wire (tool definitions use it too). */
  toolNames: ReadonlyMap<string, string>;
}

type AssistantEntry = Extract<WireEntry, { role: "assistant" }>;

interface OpenTurn {
  entry: AssistantEntry;
  calls: WireToolCall[];
  answers: (WireToolResult | undefined)[];
  /** Id → the slots of calls with that id still unanswered, oldest first (`next` is the head);
   *  built only for a reply with several calls: most make one, and a map per reply was most of
   *  what pairing allocated on a long history. */
  waiting: Map<string, { slots: number[]; next: number }> | undefined;
}

/** The slot of `open`'s oldest unanswered call with this id, if any. */
function slotFor(open: OpenTurn, toolCallId: string): number | undefined {
  if (open.waiting === undefined) return open.calls[0]?.id === toolCallId && open.answers[0] === undefined ? 0 : undefined;
  const queue = open.waiting.get(toolCallId);
  if (queue === undefined || queue.next >= queue.slots.length) return undefined;
  const slot = queue.slots[queue.next];
  queue.next++;
  return slot;
}

export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

export function prepareWireHistory(context: Context, rules: WireLimits): WireHistory {
  const entries: WireEntry[] = [];
  const notes: WireNote[] = [];
  let open: OpenTurn | undefined;

  const closeTurn = () => {
    if (!open) return;
    const { calls, answers } = open;
    open.entry.results = calls.map((call, index) => answers[index] ?? syntheticResult(call, notes));
    open = undefined;
  };

  context.messages.forEach((message, messageIndex) => {
    if (message.role === "toolResult") {
      // A repeated id is owed one result per call, so a result fills the oldest slot still empty.
      const slot = open === undefined ? undefined : slotFor(open, message.toolCallId);
      const call = slot === undefined ? undefined : open?.calls[slot];
      if (!open || slot === undefined || !call) {
        notes.push({ kind: "strayResultDropped", toolCallId: message.toolCallId, messageIndex });
        return;
      }
      const texts: string[] = [];
      const images: ImageContent[] = [];
      for (const block of message.content) {
        if (block.type === "text") texts.push(block.text);
        else if (block.type === "image") images.push(block);
      }
      open.answers[slot] = { toolCallId: message.toolCallId, toolName: call.name, text: texts.join("\n"), images, isError: message.isError };
      return;
    }
    // Any other message ends the previous assistant turn, answered or not.
    closeTurn();
    if (message.role === "user") {
      entries.push({ role: "user", parts: userParts(message.content, messageIndex, notes) });
      return;
    }
    // A blank text block says nothing, and Anthropic and Gemini refuse one; so is an empty reasoning block.
    const blocks: WireAssistantBlock[] = [];
    for (const block of message.content) {
      // The body must share nothing with the history (a caller may change it), so arguments are copied.
      if (block.type === "toolCall")
        blocks.push({ type: "toolCall", id: block.id, name: block.name, arguments: cloneJson(block.arguments), originalId: block.id });
      else if (block.type === "thinking") {
        if (!isBlank(block.thinking) || block.redacted) blocks.push(block);
      } else if (!isBlank(block.text)) blocks.push(block);
      else if (block.text.length > 0) notes.push({ kind: "blankTextDropped", messageIndex });
    }
    if (!blocks.some((block) => block.type !== "thinking")) {
      notes.push({ kind: "emptyAssistantDropped", messageIndex });
      return;
    }
    const entry: AssistantEntry = { role: "assistant", messageIndex, blocks, results: [] };
    entries.push(entry);
    const calls = blocks.filter((block): block is WireToolCall => block.type === "toolCall");
    const waiting = calls.length > 1 ? new Map<string, { slots: number[]; next: number }>() : undefined;
    calls.forEach((call, index) => {
      const queue = waiting?.get(call.id);
      if (queue) queue.slots.push(index);
      else waiting?.set(call.id, { slots: [index], next: 0 });
    });
    open = { entry, calls, answers: calls.map(() => undefined), waiting };
  });
  closeTurn();

  const toolNames = planToolNames(context, entries, rules.toolName, notes);
  applyPlans(entries, rules.id, toolNames, notes);
  return { entries, notes, toolNames };
}

/** A user message's parts with blank text left out; one with nothing visible left gets a stand-in text. */
function userParts(content: UserMessage["content"], messageIndex: number, notes: WireNote[]): WireUserPart[] {
  const blocks: WireUserPart[] = typeof content === "string" ? [{ type: "text", text: content }] : content;
  const kept = blocks.filter((block) => block.type === "image" || !isBlank(block.text));
  if (kept.length === 0) {
    notes.push({ kind: "blankUserMessageFilled", messageIndex, text: BLANK_USER_TEXT });
    return [{ type: "text", text: BLANK_USER_TEXT }];
  }
  if (kept.length < blocks.length) notes.push({ kind: "blankTextDropped", messageIndex });
  return kept;
}

function syntheticResult(call: WireToolCall, notes: WireNote[]): WireToolResult {
  notes.push({ kind: "syntheticResult", toolCallId: call.id, toolName: call.name, text: SYNTHETIC_RESULT_TEXT });
  return { toolCallId: call.id, toolName: call.name, text: SYNTHETIC_RESULT_TEXT, images: [], isError: true };
}

/** One name plan for tool definitions and calls together, so a call still names its tool. */
function planToolNames(context: Context, entries: readonly WireEntry[], rule: ToolCallIdRule, notes: WireNote[]): Map<string, string> {
  const names = (context.tools ?? []).map((tool) => tool.name);
  for (const entry of entries) if (entry.role === "assistant") for (const block of entry.blocks) if (block.type === "toolCall") names.push(block.name);
  const plan = planToolCallIds(names, rule);
  for (const [from, to] of plan) if (from !== to) notes.push({ kind: "toolNameRewritten", from, to });
  return plan;
}

/** Rewrites ids and names in calls and results, in place: a result always carries its call's wire id and name. */
function applyPlans(entries: WireEntry[], idRule: ToolCallIdRule, toolNames: ReadonlyMap<string, string>, notes: WireNote[]): void {
  const calls: WireToolCall[] = [];
  for (const entry of entries) if (entry.role === "assistant") for (const block of entry.blocks) if (block.type === "toolCall") calls.push(block);
  const { wireIds, firstIds, renamed } = planCallOccurrences(
    calls.map((call) => call.id),
    idRule,
  );
  for (const [from, to] of firstIds) if (from !== to) notes.push({ kind: "idRewritten", from, to });
  for (const { id, to, occurrence } of renamed) notes.push({ kind: "duplicateIdRenamed", id, to, occurrence });
  calls.forEach((call, index) => {
    call.id = wireIds[index] ?? call.id;
    call.name = toolNames.get(call.name) ?? call.name;
  });
  for (const entry of entries) {
    if (entry.role !== "assistant") continue;
    // The nth result answers the entry's nth call.
    let slot = 0;
    for (const block of entry.blocks) {
      if (block.type !== "toolCall") continue;
      const result = entry.results[slot++];
      if (!result) break;
      result.toolCallId = block.id;
      result.toolName = block.name;
    }
  }
}

/** The tool list with wire names; undefined when empty, because OpenAI rejects `tools: []`. */
export function wireTools(context: Context, toolNames: ReadonlyMap<string, string>): ToolDefinition[] | undefined {
  if (!context.tools || context.tools.length === 0) return undefined;
  return context.tools.map((tool) => ({ ...tool, name: toolNames.get(tool.name) ?? tool.name, parameters: cloneJson(tool.parameters) }));
}

/** Pi sends no system prompt when it is empty; neither does the wire view (nor a blank one, which says nothing). */
export function wireSystemPrompt(context: Context): string | undefined {
  return context.systemPrompt && !isBlank(context.systemPrompt) ? context.systemPrompt : undefined;
}

/**
 * OpenAI carries arguments as a string holding a JSON object; a value that is not an object is
 * replaced by `{}` (with a note), as for the providers that carry an object.
 */
export function argumentsJson(call: WireToolCall, notes: WireNote[]): string {
  const value = argumentsObject(call, notes);
  try {
    return JSON.stringify(value);
  } catch {
    // Nested deeper than JSON.stringify can go (~10,000 levels): no API would take it either.
    notes.push({ kind: "argumentsReplaced", toolCallId: call.originalId, original: "(nested too deep to serialise)" });
    return "{}";
  }
}

/** For providers whose calls carry an object: anything else the model sent is replaced by `{}`, with a note. */
export function argumentsObject(call: WireToolCall, notes: WireNote[]): Record<string, unknown> {
  if (isRecord(call.arguments)) return call.arguments;
  notes.push({ kind: "argumentsReplaced", toolCallId: call.originalId, original: call.arguments });
  return {};
}

/** `data:image/png;base64,…`, the form OpenAI takes an inline image in. */
export function dataUrl(image: ImageContent): string {
  return `data:${image.mimeType};base64,${image.data}`;
}

/**
 * Anthropic and Gemini carry results inside a user turn: the results of one assistant turn form
 * that turn, and a user message that follows at once joins it after them (Anthropic requires the
 * tool_result blocks to come first).
 */
export type RoleTurn =
  | { role: "user"; results: WireToolResult[]; parts: WireUserPart[] }
  | { role: "assistant"; messageIndex: number; blocks: WireAssistantBlock[] };

export function groupIntoRoleTurns(entries: readonly WireEntry[]): RoleTurn[] {
  const turns: RoleTurn[] = [];
  let pendingResults: WireToolResult[] = [];
  const flushResults = () => {
    if (pendingResults.length > 0) turns.push({ role: "user", results: pendingResults, parts: [] });
    pendingResults = [];
  };
  for (const entry of entries) {
    if (entry.role === "user") {
      turns.push({ role: "user", results: pendingResults, parts: entry.parts });
      pendingResults = [];
    } else {
      const previous = turns.at(-1);
      // Two replies in a row (the one between had no calls) are one model turn: Gemini refuses a
      // call turn right after a model turn, and Anthropic would merge them anyway.
      if (pendingResults.length === 0 && previous?.role === "assistant") previous.blocks = [...previous.blocks, ...entry.blocks];
      else {
        flushResults();
        turns.push({ role: "assistant", messageIndex: entry.messageIndex, blocks: entry.blocks });
      }
      pendingResults = entry.results;
    }
  }
  flushResults();
  return turns;
}
