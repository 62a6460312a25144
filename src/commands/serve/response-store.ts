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

interface StoredResponse {
  previous: string | undefined;
  /** The request's own input items, references resolved; the chain before it is `previous`'s. */
  input: readonly unknown[];
  output: readonly JsonObject[];
}

/** A reference the store cannot resolve, in the words and shape the API answers it with. */
export interface UnknownReference {
  /** 404 for an item (seen answered "Error: 404 Item with id … not found": can1357/oh-my-pi#41),
   *  400 for a response (`previous_response_not_found`: maximhq/bifrost#2441). */
  kind: "notFound" | "invalid";
  message: string;
  param: string;
  code: string | null;
}

/** A body as the API reads it, and what the store keeps of it. */
export interface Resolved {
  body: JsonObject;
  entry: { previous: string | undefined; input: readonly unknown[]; keep: boolean };
}

export class ResponseStore {
  readonly #responses = new Map<string, StoredResponse>();
  readonly #items = new Map<string, JsonObject>();

  /** The body with its references replaced by what they stand for (the same object when it holds
   *  none), with what the store keeps of it once it is answered; or the error the API answers an
   *  unknown reference with. */
  resolve(body: JsonObject): Resolved | { unknown: UnknownReference } {
    const previousId = typeof body.previous_response_id === "string" ? body.previous_response_id : undefined;
    const input = body.input;
    const own = Array.isArray(input) ? this.#resolveItems(input) : typeof input === "string" ? [{ role: "user", content: input }] : [];
    if (isUnknown(own)) return { unknown: own };
    const entry = { previous: previousId, input: own, keep: body.store !== false };
    if (previousId === undefined) return { body: own === input || !Array.isArray(input) ? body : { ...body, input: own }, entry };
    const chain = this.#chain(previousId);
    if (!chain) {
      return {
        unknown: {
          kind: "invalid",
          message: `Previous response with id '${previousId}' not found.`,
          param: "previous_response_id",
          code: "previous_response_not_found",
        },
      };
    }
    const { previous_response_id: _resolved, ...rest } = body;
    return { body: { ...rest, input: [...chain, ...own] }, entry };
  }

  /** Keeps a served response under its id with its output items (unless its request said `store: false`). */
  record(id: string, entry: Resolved["entry"], output: readonly JsonObject[]): void {
    if (!entry.keep) return;
    this.#responses.set(id, { previous: entry.previous, input: entry.input, output });
    for (const item of output) if (typeof item.id === "string") this.#items.set(item.id, item);
  }

  /** `input` itself when it holds no reference. */
  #resolveItems(input: readonly unknown[]): readonly unknown[] | UnknownReference {
    if (!input.some(isItemReference)) return input;
    const resolved: unknown[] = [];
    for (const item of input) {
      if (!isItemReference(item)) {
        resolved.push(item);
        continue;
      }
      const stored = this.#items.get(item.id);
      if (!stored) {
        return {
          kind: "notFound",
          message: `Item with id '${item.id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`,
          param: "input",
          code: null,
        };
      }
      resolved.push(stored);
    }
    return resolved;
  }

  /** Every item of the chain ending in `id`, oldest first; undefined when a link is unknown. */
  #chain(id: string): unknown[] | undefined {
    const links: StoredResponse[] = [];
    const seen = new Set<string>();
    for (let at: string | undefined = id; at !== undefined; at = this.#responses.get(at)?.previous) {
      const stored = this.#responses.get(at);
      if (!stored || seen.has(at)) return undefined;
      seen.add(at);
      links.push(stored);
    }
    return links.reverse().flatMap((link) => [...link.input, ...link.output]);
  }
}

function isItemReference(item: unknown): item is { type: "item_reference"; id: string } {
  return isRecord(item) && item.type === "item_reference" && typeof item.id === "string";
}

function isUnknown(value: readonly unknown[] | UnknownReference): value is UnknownReference {
  return !Array.isArray(value);
}
