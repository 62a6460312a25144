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
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { openAIError } from "../shared/openai-error.ts";
import type { ConversationState, ResolvedBody, UnknownReference } from "../shared/provider.ts";
import { openAIResponsesIds } from "./served-ids.ts";

interface StoredResponse {
  previous: string | undefined;
  /** The request's own input items, references resolved; the chain before it is `previous`'s. */
  input: readonly unknown[];
  output: readonly JsonObject[];
}

/** A fresh store: nothing issued yet. */
export function storedItems(): ConversationState {
  const responses = new Map<string, StoredResponse>();
  const items = new Map<string, JsonObject>();

  /** `input` itself when it holds no reference; the first unknown one's error otherwise. */
  function resolveItems(input: readonly unknown[]): readonly unknown[] | UnknownReference {
    if (!input.some(isItemReference)) return input;
    const resolved: unknown[] = [];
    for (const item of input) {
      if (!isItemReference(item)) resolved.push(item);
      else {
        const stored = items.get(item.id);
        if (!stored) return unknownItem(item.id);
        resolved.push(stored);
      }
    }
    return resolved;
  }

  /** Every item of the chain ending in `id`, oldest first; undefined when a link is unknown. */
  function chain(id: string): unknown[] | undefined {
    const links: StoredResponse[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at !== undefined; at = responses.get(at)?.previous) {
      const stored = responses.get(at);
      if (!stored || seen.has(at)) return undefined;
      seen.add(at);
      links.push(stored);
    }
    return links.reverse().flatMap((link) => [...link.input, ...link.output]);
  }

  /** Keeps a served response under its id with its output items. */
  function record(id: string, previous: string | undefined, input: readonly unknown[], reply: object): void {
    const output = outputItems(reply);
    responses.set(id, { previous, input, output });
    for (const item of output) if (typeof item.id === "string") items.set(item.id, item);
  }

  /** The body with its references replaced by what they stand for (the same object when it holds
   *  none), and how its reply is kept; or the error the API answers an unknown reference with. */
  function resolve(body: JsonObject): ResolvedBody | { unknown: UnknownReference } {
    const previous = typeof body.previous_response_id === "string" ? body.previous_response_id : undefined;
    const input = body.input;
    const own = Array.isArray(input) ? resolveItems(input) : typeof input === "string" ? [{ role: "user", content: input }] : [];
    if (isUnknown(own)) return { unknown: own };
    const kept: Pick<ResolvedBody, "keep"> = body.store === false ? {} : { keep: (at, reply) => record(openAIResponsesIds.response(at), previous, own, reply) };
    if (previous === undefined) return { body: own === input || !Array.isArray(input) ? body : { ...body, input: own }, ...kept };
    const before = chain(previous);
    if (!before) return { unknown: unknownResponse(previous) };
    const { previous_response_id: _resolved, ...rest } = body;
    return { body: { ...rest, input: [...before, ...own] }, ...kept };
  }

  return { resolve };
}

/** 404 for an item (seen answered "Error: 404 Item with id … not found": can1357/oh-my-pi#41). */
function unknownItem(id: string): UnknownReference {
  const message = `Item with id '${id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`;
  return { kind: "notFound", message, body: openAIError("notFound", message, "input", null) };
}

/** 400 for a response (`previous_response_not_found`: maximhq/bifrost#2441). */
function unknownResponse(id: string): UnknownReference {
  const message = `Previous response with id '${id}' not found.`;
  return { kind: "invalid", message, body: openAIError("invalid", message, "previous_response_id", "previous_response_not_found") };
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
