// The one picture of a run, as data: lanes (who acted: the producer marks) and arrows (what
// passed between them), episode by episode. Built from the events a run already produces — a
// fixture run or an imported log's replay (diagram-recorder.ts), or a serve session
// (live-session.ts) — and drawn by the terminal, Mermaid and HTML renderers. Nothing is drawn
// that the run did not do: every arrow stands for one event.
import type { SkipReason } from "../agent/execute-tool-call.ts";
import type { AssistantMessage, Context, Message, StopReason } from "../protocol/types.ts";

/** The producer marks, as lanes: a tool lane is one per tool the run called. */
export type LaneKind = "person" | "app" | "model" | "tool" | "record" | "playground";

export interface Lane {
  /** Stable and plain (`app`, `tool-calc`): Mermaid's participant id, the page's key. */
  id: string;
  kind: LaneKind;
  /** For a tool lane: the tool's name as the model called it. */
  tool?: string;
}

/** A failure (a refused call, an isError result, a reply cut off), a retry (a request after a
 *  failed result, the model's second try), or neither. */
export type ArrowStyle = "normal" | "failure" | "retry";

export interface CallRef {
  id: string;
  name: string;
}

/** What one arrow says, as data: each renderer words it in the run's language. */
export type ArrowFacts =
  | { kind: "user"; text: string }
  /** `messages`: how many the request resends; `tools`: how many tool definitions went along. */
  | { kind: "request"; turn: number; messages: number; tools: number }
  | { kind: "reply"; turn: number; text: string; calls: CallRef[]; stopReason: StopReason }
  | { kind: "lookup"; call: CallRef; found: boolean }
  | { kind: "parse"; call: CallRef; passed: boolean; problem?: string }
  | { kind: "execute"; call: CallRef; recorded: boolean }
  /** What the tool answered (`output`), or the exception it threw. */
  | { kind: "output"; call: CallRef; threw: boolean; text: string }
  /** The toolResult message, paired to its call by id. */
  | { kind: "result"; call: CallRef; isError: boolean; text: string }
  /** The loop answered the call without running it. */
  | { kind: "skipped"; call: CallRef; reason: SkipReason }
  /** serve: a request a harness sent, with what the playground's rules found in it. */
  | { kind: "served"; number: number; provider: string; path: string; messages: number; tools: number; findings: string[] }
  /** serve: an error answer instead of a reply (a rule broken, a body that is no request, …). */
  | { kind: "refusal"; number: number; status: number; outcome: string; message: string };

export interface Arrow {
  from: string;
  to: string;
  style: ArrowStyle;
  facts: ArrowFacts;
  /** The request this arrow belongs to (an index into the episode's requests), or -1 before the first. */
  request: number;
  /** The exact message (or record) it carried, as JSON: what the page shows when it is opened. */
  message?: unknown;
}

export interface RequestPoint {
  /** How much of the episode's history the request sent. */
  historyLength: number;
}

/** How an episode ended, for a closing note. */
export interface EpisodeEnd {
  reason: "stop" | "maxTurns" | "modelError" | "aborted" | "awaitingReply";
  turns: number;
  historyLength: number;
}

/** The transcript's step numbers an episode took, [first]–[last]: the diagram names it by them. */
export interface StepRange {
  first: number;
  last: number;
}

export interface DiagramEpisode {
  title?: string;
  /** A narrated fixture run's: the steps the transcript numbered for this episode. */
  steps?: StepRange;
  lanes: Lane[];
  arrows: Arrow[];
  requests: RequestPoint[];
  /** The history at the episode's end: every request's history is a prefix of it. */
  history: readonly Message[];
  /** What the requests carried besides the history (a serve session has none). */
  head?: Omit<Context, "messages">;
  end?: EpisodeEnd;
}

export interface Diagram {
  title: string;
  episodes: DiagramEpisode[];
}

/** A tool lane's id as its name reads (Mermaid ids are letters, digits and `_`): two names can read
 *  the same, so the recorder numbers the second (diagram-recorder.ts). */
export function toolLaneId(name: string, kind: "tool" | "record"): string {
  return `${kind}_${name.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 32)}`;
}

/** A reply as its arrow tells it: its text blocks joined, and the calls it makes. */
export function replyParts(content: AssistantMessage["content"]): { text: string; calls: { id: string; name: string }[] } {
  const text = content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(" ");
  const calls = content.flatMap((block) => (block.type === "toolCall" ? [{ id: block.id, name: block.name }] : []));
  return { text, calls };
}
