// The one table of providers. Every feature (the wire view, lint, import, streams, serve,
// replay-stream) reaches a provider through it; adding a provider is its folder plus one line
// here (docs/contributing.md). Loaded only by the commands and views that speak to a provider.
import { isRecord } from "../json/is-record.ts";
import { anthropic } from "./anthropic/index.ts";
import { gemini } from "./gemini/index.ts";
import { openaiChat } from "./openai-chat/index.ts";
import { openaiResponses } from "./openai-responses/index.ts";
import type { ConversationState, Provider, ProviderParts, RenderedRequest, StoreBudget } from "./shared/provider.ts";
import type { SseFrame } from "./shared/sse.ts";

/** By id, in the order help, tables and detection list them. */
const table = {
  [openaiChat.id]: openaiChat,
  [openaiResponses.id]: openaiResponses,
  [anthropic.id]: anthropic,
  [gemini.id]: gemini,
};

export type ProviderId = keyof typeof table;

/** Each provider's request body, typed by its own SDK. */
export type WireBodies = { [P in ProviderId]: (typeof table)[P] extends Provider<P, infer Body> ? Body : never };

/** The table, typed so that a lookup by a generic id keeps its provider's types. */
export const providers: { readonly [P in ProviderId]: Provider<P, WireBodies[P]> } = table;
export const providerIds = Object.values(providers).map((provider) => provider.id);

/** One provider's next request, typed by its provider. */
export type WireRequest<P extends ProviderId = ProviderId> = { [K in P]: RenderedRequest<K, WireBodies[K]> }[P];

/** Why a body is no provider's, as data: a command words it in the run's language. */
export type DetectionProblem =
  /** `found`: what the top level is instead of an object. */
  | { kind: "notAnObject"; found: "array" | "null" | "string" | "number" | "boolean" | "other" }
  /** No provider's history key at the top level; `keys`: each key with the providers that use it. */
  | { kind: "noHistoryKey"; keys: { key: string; providers: string[] }[] };

export type Detection = { provider: ProviderId } | { provider: undefined; problem: DetectionProblem };

/** Which provider a logged request body is for, read from its shape alone: the one whose marks it
 *  carries most of; on a tie, the first in the table. */
export function detectBodyProvider(body: unknown): Detection {
  if (!isRecord(body)) return { provider: undefined, problem: { kind: "notAnObject", found: jsonKind(body) } };
  let best: { provider: ProviderId; marks: number } | undefined;
  for (const provider of Object.values(providers)) {
    const marks = provider.request.recognise(body);
    if (marks > 0 && (best === undefined || marks > best.marks)) best = { provider: provider.id, marks };
  }
  if (best) return { provider: best.provider };
  return { provider: undefined, problem: { kind: "noHistoryKey", keys: historyKeys() } };
}

/** What a parsed JSON value that is not an object is. */
function jsonKind(value: unknown): Extract<DetectionProblem, { kind: "notAnObject" }>["found"] {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  // JSON.parse makes nothing else; a library caller may pass anything.
  return "other";
}

/** Each history key once, with the providers whose bodies use it, in the table's order. */
function historyKeys(): { key: string; providers: string[] }[] {
  const byKey = new Map<string, string[]>();
  for (const provider of Object.values(providers)) byKey.set(provider.request.historyKey, [...(byKey.get(provider.request.historyKey) ?? []), provider.name]);
  return [...byKey].map(([key, names]) => ({ key, providers: names }));
}

/** Each provider's parts, looked up by id once all are loaded. */
export type PartsOf = (id: ProviderId) => ProviderParts;

/** Every provider's parts, for what serves or reads all of them (serve, replay-stream, tests). */
export async function loadAllParts(): Promise<PartsOf> {
  const loaded = new Map(await Promise.all(providerIds.map(async (id) => [id, await providers[id].load()] as const)));
  return (id) => {
    const parts = loaded.get(id);
    // Every registered id was loaded above; an id the type allows but the table lacks is a bug.
    if (parts === undefined) throw new Error(`no provider "${id}" in the registry`);
    return parts;
  };
}

/** What each provider keeps between requests on one server; undefined for one that keeps nothing. */
export type ConversationStates = (id: ProviderId) => ConversationState | undefined;

/** A fresh state for every provider that keeps one (the Responses API's stored items), each within `budget`. */
export function conversationStates(partsOf: PartsOf, budget: StoreBudget): ConversationStates {
  const states = new Map(providerIds.map((id) => [id, partsOf(id).conversationState?.(budget)]));
  return (id) => states.get(id);
}

/** Which provider sent these events, from the first one that only one provider sends. */
export function detectStreamProvider(frames: readonly SseFrame[], partsOf: PartsOf): ProviderId | undefined {
  for (const frame of frames) {
    for (const id of providerIds) if (partsOf(id).stream.recognises(frame)) return id;
  }
  return undefined;
}
