// What serve issued on the Responses API, kept so a harness can point back at it as the real API
// lets it: an `{"type":"item_reference","id":…}` in `input` stands for an output item of an earlier
// response, and `previous_response_id` for that response's whole input and output before the
// request's own input (https://platform.openai.com/docs/api-reference/responses/create: `input`
// item reference, `previous_response_id`; https://platform.openai.com/docs/guides/conversation-state).
// The AI SDK sends the first by default (`store: true`), the Agents SDK the second. Both are
// resolved before the body is read, so the rules, the script and the narration see the history the
// real API would. A response is kept unless the request said `store: false` (the API's default is
// to store). Each entry keeps only what its own request and reply held — a chain is walked when it
// is read — so the store grows with what the server received and sent, not with history copies.
// The store has a budget in bytes and in responses: past either, the oldest response goes first,
// with its items. The real API does not keep them for ever either (stored responses are kept for
// 30 days: https://platform.openai.com/docs/guides/your-data), and a reference to one it dropped
// is answered as one it never had — `previous_response_not_found`, or 404 for an item.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { openAIError } from "../shared/openai-error.ts";
import type { ConversationState, ResolvedBody, StoreBudget, UnknownReference } from "../shared/provider.ts";
import { openAIResponsesIds } from "./served-ids.ts";

interface StoredResponse {
  previous: string | undefined;
  /** The request's own input items, references resolved; the chain before it is `previous`'s. */
  input: readonly unknown[];
  output: readonly JsonObject[];
  /** The model turn this response's reply was. */
  turn: number;
  /** Its input and output as JSON text: what it costs the budget. */
  bytes: number;
}

/** A fresh store, nothing issued yet, holding at most `budget`. */
export function storedItems(budget: StoreBudget): ConversationState {
  const responses = new Map<string, StoredResponse>();
  const items = new Map<string, JsonObject>();
  /** Ids dropped for the budget, the latest `budget.responses` of them, so the narration can tell
   *  a dropped id from one never issued (a Set keeps them in the order they were dropped). */
  const evicted = new Set<string>();
  let bytes = 0;

  /** `input` itself when it holds no reference; the first unknown one's error otherwise. */
  function resolveItems(input: readonly unknown[]): readonly unknown[] | UnknownReference {
    if (!input.some(isItemReference)) return input;
    const resolved: unknown[] = [];
    for (const item of input) {
      if (!isItemReference(item)) resolved.push(item);
      else {
        const stored = items.get(item.id);
        if (!stored) return unknownItem(item.id, evicted.has(item.id));
        resolved.push(stored);
      }
    }
    return resolved;
  }

  /** Every item of the chain ending in `id`, oldest first; or the first link that is unknown. A
   *  chain is never longer than the script has replies: a request past its end is refused, and
   *  so never kept. */
  function chain(id: string): unknown[] | { missing: string } {
    const links: StoredResponse[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at !== undefined; at = responses.get(at)?.previous) {
      const stored = responses.get(at);
      if (!stored || seen.has(at)) return { missing: at };
      seen.add(at);
      links.push(stored);
    }
    return links.reverse().flatMap((link) => [...link.input, ...link.output]);
  }

  /** Keeps a served response under its id with its output items, then drops the oldest until the
   *  store is within its budget again. */
  function record(id: string, previous: string | undefined, input: readonly unknown[], reply: object, turn: number): void {
    const output = outputItems(reply);
    const size = jsonSize(input) + jsonSize(output);
    responses.set(id, { previous, input, output, turn, bytes: size });
    bytes += size;
    for (const item of output) if (typeof item.id === "string") items.set(item.id, item);
    while (responses.size > budget.responses || (bytes > budget.bytes && responses.size > 0)) evictOldest();
  }

  function evictOldest(): void {
    const oldest = responses.keys().next();
    if (oldest.done) return;
    const stored = responses.get(oldest.value);
    responses.delete(oldest.value);
    if (!stored) return;
    bytes -= stored.bytes;
    remember(oldest.value);
    for (const item of stored.output)
      if (typeof item.id === "string") {
        items.delete(item.id);
        remember(item.id);
      }
  }

  function remember(id: string): void {
    evicted.add(id);
    if (evicted.size > budget.responses * 2) evicted.delete(evicted.keys().next().value ?? id);
  }

  /** The body with its references replaced by what they stand for (the same object when it holds
   *  none), and how its reply is kept; or the error the API answers an unknown reference with. */
  function resolve(body: JsonObject): ResolvedBody | { unknown: UnknownReference } {
    const previous = typeof body.previous_response_id === "string" ? body.previous_response_id : undefined;
    const input = body.input;
    const own = Array.isArray(input) ? resolveItems(input) : typeof input === "string" ? [{ role: "user", content: input }] : [];
    if (isUnknown(own)) return { unknown: own };
    const kept: Pick<ResolvedBody, "keep"> =
      body.store === false ? {} : { keep: (at, reply) => record(openAIResponsesIds.response(at), previous, own, reply, at.turn) };
    if (previous === undefined) return { body: own === input || !Array.isArray(input) ? body : { ...body, input: own }, ...kept };
    const before = chain(previous);
    if (!Array.isArray(before)) return { unknown: unknownResponse(previous, evicted.has(before.missing)) };
    const { previous_response_id: _resolved, ...rest } = body;
    return { body: { ...rest, input: [...before, ...own] }, turns: responses.get(previous)?.turn, ...kept };
  }

  return { resolve };
}

/** What a kept value costs the budget: its length as JSON text (a value JSON cannot write costs nothing more). */
function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** 404 for an item (seen answered "Error: 404 Item with id … not found": can1357/oh-my-pi#41). */
function unknownItem(id: string, evicted: boolean): UnknownReference {
  const message = `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`;
  return { kind: "notFound", message, body: openAIError("notFound", message, "input", null), evicted };
}

/** 400 for a response (`previous_response_not_found`, https://platform.openai.com/docs/guides/conversation-state
 *  and seen answered: maximhq/bifrost#2441). */
function unknownResponse(id: string, evicted: boolean): UnknownReference {
  const message = `Previous response with id '${id}' not found.`;
  return { kind: "invalid", message, body: openAIError("invalid", message, "previous_response_id", "previous_response_not_found"), evicted };
}

/** A rendered Responses body's output items, as the store keeps them. */
function outputItems(reply: object): JsonObject[] {
  const output = isRecord(reply) ? reply.output : undefined;
  return Array.isArray(output) ? output.filter(isRecord) : [];
}

function isItemReference(item: unknown): item is { type: "item_reference"; id: string } {
  return isRecord(item) && item.type === "item_reference" && typeof item.id === "string";
}

function isUnknown(value: readonly unknown[] | UnknownReference): value is UnknownReference {
  return !Array.isArray(value);
}
