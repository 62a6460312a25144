// What one provider API is to the playground, as one interface: where its endpoints are, what it
// accepts as ids and names, its request body both ways, its rules, what it answers and how it
// streams. Each folder under src/providers/ implements it once: a light index.ts (what rendering a
// request needs) and parts.ts (everything else, loaded on first use); the registry
// (../registry.ts) lists them, and every feature reaches a provider through that registry.
import type { JsonObject } from "../../json/is-record.ts";
import type { AssistantStreamEvent } from "../../protocol/stream-events.ts";
import type { AssistantMessage, Context, ThinkingContent } from "../../protocol/types.ts";
import type { ErrorKind } from "./error-kind.ts";
import type { FaultStyle } from "./fault-kind.ts";
import type { ImportedConversation } from "./imported-conversation.ts";
import type { RuleTable } from "./rule.ts";
import type { ReplyAt, ServedIdStyle } from "./served-ids.ts";
import type { ServedMeta } from "./served-reply.ts";
import type { SseFrame, StreamVariant } from "./sse.ts";
import type { ThinkingAt } from "./stream-blocks.ts";
import type { ParsedStream } from "./stream-builder.ts";
import type { WireHead, WireLimits } from "./wire-history.ts";
import type { WireNote } from "./wire-note.ts";
import type { WireRenderer } from "./wire-renderer.ts";

/** The model name every body carries: the view is about message shapes, not about a model. */
export const WIRE_MODEL = "fake-model";

/** A path as the API documents it (`{model}` where the model's name goes), and its query if any. */
export interface EndpointPath {
  path: string;
  query?: string;
}

export interface Endpoints {
  /** `https://api.anthropic.com`: the wire view prints it; serve answers the paths on its own host. */
  origin: string;
  /** Where a request goes. */
  request: EndpointPath;
  /** Where a streamed request goes: the same path for APIs that ask for a stream in the body. */
  stream: EndpointPath;
  /** "body": `"stream": true` in the body asks for a stream; "path": the stream's own path does (Gemini). */
  streamBy: "body" | "path";
  /** Where the list of models is asked for (GET), and the header that tells this API's request
   *  apart where another API asks on the same path (Anthropic's `anthropic-version`). */
  models: { path: string; header?: string };
}

/** One provider's next request: where it goes, the exact body, and what the view had to change. */
export interface RenderedRequest<Id extends string = string, Body = unknown> {
  provider: Id;
  endpoint: string;
  body: Body;
  notes: WireNote[];
}

export interface Provider<Id extends string = string, Body = unknown> {
  readonly id: Id;
  /** The API's name as people say it: "OpenAI Chat", "Anthropic". */
  readonly name: string;
  readonly endpoints: Endpoints;
  /** The ids and tool names the API accepts: the wire view rewrites what breaks them. */
  readonly limits: WireLimits;
  readonly request: {
    /** The top-level key that holds the history (`messages`, `input`, `contents`): detection names it. */
    readonly historyKey: string;
    /** How many of this API's marks a logged body carries; 0 when it is not of this API's shape. */
    recognise(body: JsonObject): number;
    /** The exact body this API would receive for the next call on `context`. */
    render(context: Context): RenderedRequest<Id, Body>;
    /** The same, for a history that grows: `render` is this fed the whole history (wire-renderer.ts). */
    open(head: WireHead): WireRenderer<Id, Body>;
  };
  /**
   * The rest, loaded when a command first needs it (lint, import, serve, replay-stream, a streamed
   * wire view). The wire view and the "./wire" export render requests only, and load none of it.
   */
  load(): Promise<ProviderParts>;
}

/** `load`, run once (src/io/load-once.ts): a provider's parts are imported once per process,
 *  however many bodies or requests lint, import and serve ask it for. */
export { loadOnce } from "../../io/load-once.ts";

/** What a provider does beyond rendering a request: its rules, reading logged bodies, answering as the API, streaming. */
export interface ProviderParts {
  /** What lint checks, each rule with the API's own error text. */
  readonly rules: RuleTable;
  /** A logged body back to the neutral conversation (import, and every request serve reads). */
  readRequest(body: JsonObject): ImportedConversation;
  /** What serve answers: a reply in the API's body, with its ids, or an error in its error shape. */
  readonly response: {
    readonly ids: ServedIdStyle;
    /** `meta`: the model the request named, its token counts, its request id (served-reply.ts). */
    render(message: AssistantMessage, at: ReplyAt, meta: ServedMeta): object;
    /** `requestId`: the request's id, for a provider whose error body repeats it (Anthropic). */
    error(kind: ErrorKind, message: string, requestId?: string): object;
    /** A scripted failure (a fixture's `fail`) in the API's status, body and headers. */
    readonly faults: FaultStyle;
    /** The list of models (GET `endpoints.models`) in the API's body, naming these models. */
    models(names: readonly string[]): object;
    /** Which of a reply's thinking blocks the answer carries; absent where it carries none. */
    servesThinking?(block: ThinkingContent): boolean;
  };
  readonly stream: {
    /** A reply's events as this API's server-sent events, in each form it has (--wire with --stream). */
    views(events: readonly AssistantStreamEvent[]): StreamVariant[];
    /** The same, as serve sends them, with the served reply's ids. `thinking`: the reply's thinking
     *  blocks, for an API that streams them (the events carry none). */
    serve(events: readonly AssistantStreamEvent[], at: ReplyAt, meta: ServedMeta, thinking?: readonly ThinkingAt[]): SseFrame[];
    /** A captured stream back to neutral events (replay-stream). */
    parse(frames: readonly SseFrame[]): ParsedStream;
    /** Whether this event is one only this API sends. */
    recognises(frame: SseFrame): boolean;
    /** An event of a type this API does not have, named `type` in its own event naming, where the
     *  API says clients must skip an event type they do not know; undefined where it says nothing
     *  of unknown events (serve's `brokenStream: "unknownEvent"` then sends an SSE comment). */
    unknownEvent(type: string): SseFrame | undefined;
  };
  /** For an API that keeps what it served on its own server, for later requests to point back
   *  at (the Responses API's stored responses and items): a fresh, empty state. serve makes one
   *  per provider that has it, for the server's life, within `budget`. */
  conversationState?(budget: StoreBudget): ConversationState;
}

/** How much an API's kept state may hold on serve: past either bound the oldest goes first. */
export interface StoreBudget {
  /** The kept requests and replies, counted as their JSON text. */
  bytes: number;
  /** Responses kept. */
  responses: number;
}

/** What an API remembers between requests, and how it reads a body that points back at it. */
export interface ConversationState {
  /** The body as the API reads it, with what it points back at put in its place; or, for a
   *  reference the API does not know, its own error answer. */
  resolve(body: JsonObject): ResolvedBody | { unknown: UnknownReference };
}

export interface ResolvedBody {
  body: JsonObject;
  /** The model turns the body stands on when it points back at a stored chain: the turn of the
   *  reply it continues. A chain sent with no new input (`input: []`) holds one reply after another
   *  with nothing between them, which the history alone would read as one turn. */
  turns?: number;
  /** Keeps the reply this request was served (`reply`: its body unstreamed, as `response.render`
   *  makes it) for later requests to point back at. Absent when the request asked to keep nothing. */
  keep?(at: ReplyAt, reply: object): void;
}

/** A reference the API does not know, answered in its own words and error body. */
export interface UnknownReference {
  kind: ErrorKind;
  message: string;
  body: object;
  /** It was kept, then dropped to stay within the store's budget (the narration says so). */
  evicted?: boolean;
}

/** `POST https://api.anthropic.com/v1/messages`: an endpoint as the wire view prints it. */
export function endpointLine(endpoints: Endpoints, which: "request" | "stream"): string {
  const { path, query } = endpoints[which];
  return `POST ${endpoints.origin}${path.replace("{model}", WIRE_MODEL)}${query === undefined ? "" : `?${query}`}`;
}
