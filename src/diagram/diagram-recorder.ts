// Builds the picture from a fixture run's events (a fixture, or an imported log replayed): the
// recorder takes the same hooks the transcript does, and keeps what each event says as one arrow.
// It holds references to the run's own messages, never copies of the history, so its memory grows
// with the run's length, not its square.
import type { AgentEvent } from "../agent/agent-events.ts";
import type { ToolCallTrace } from "../agent/execute-tool-call.ts";
import { contentText, errorText } from "../narration/display-text.ts";
import type { AssistantMessage, Message, ToolCall } from "../protocol/types.ts";
import { formatFieldPath, SchemaError } from "../schema/schema-error.ts";
import {
  type Arrow,
  type ArrowFacts,
  type ArrowStyle,
  type Diagram,
  type DiagramEpisode,
  type EpisodeEnd,
  type Lane,
  replyParts,
  toolLaneId,
} from "./diagram-model.ts";

const baseLanes: Lane[] = [
  { id: "person", kind: "person" },
  { id: "app", kind: "app" },
  { id: "model", kind: "model" },
];

export interface EpisodeStart {
  title?: string;
  /** Tools that only play back what a log recorded (an imported conversation): their lane is `record`. */
  recordedTools?: ReadonlySet<string>;
  /** The transcript's number for the episode's first step, when a transcript numbers them. */
  firstStep?: number;
}

export class DiagramRecorder {
  readonly #episodes: DiagramEpisode[] = [];
  /** Each tool lane's id, by its kind and the tool's name (`tool get-weather`). */
  readonly #laneIds = new Map<string, string>();
  #recorded: ReadonlySet<string> = new Set();
  /** The previous turn had a failed result: the next request is the model's retry. */
  #afterFailure = false;
  readonly #title: string;

  constructor(title: string) {
    this.#title = title;
  }

  startEpisode({ title, recordedTools, firstStep }: EpisodeStart): void {
    // The previous episode's steps end where this one's begin.
    if (firstStep !== undefined) this.stepsEnded(firstStep - 1);
    const steps = firstStep === undefined ? {} : { steps: { first: firstStep, last: firstStep } };
    this.#episodes.push({ ...(title === undefined ? {} : { title }), ...steps, lanes: [...baseLanes], arrows: [], requests: [], history: [] });
    this.#recorded = recordedTools ?? new Set();
    this.#afterFailure = false;
  }

  onEvent(event: AgentEvent): void {
    const episode = this.#episodes.at(-1);
    if (episode === undefined) return;
    switch (event.type) {
      case "agentStart":
        for (const message of event.messages) if (message.role === "user") this.#user(episode, message);
        return;
      case "turnStart":
        episode.head ??= { systemPrompt: event.context.systemPrompt, tools: event.context.tools };
        episode.requests.push({ historyLength: event.context.messages.length });
        this.#arrow(episode, "app", "model", this.#afterFailure ? "retry" : "normal", {
          kind: "request",
          turn: event.turn,
          messages: event.context.messages.length,
          tools: event.context.tools?.length ?? 0,
        });
        this.#afterFailure = false;
        return;
      case "messageAppended":
        if (event.message.role === "assistant") this.#reply(episode, event.message);
        else if (event.message.role === "user") this.#user(episode, event.message);
        return;
      case "toolEnd":
        this.#call(episode, event.call, event.trace);
        return;
      case "end":
        episode.history = event.history;
        return;
      default:
        return;
    }
  }

  /** The episode's ending, as the run reported it. */
  endEpisode(end: Omit<EpisodeEnd, "historyLength">, history: readonly Message[]): void {
    const episode = this.#episodes.at(-1);
    if (episode === undefined) return;
    episode.history = history;
    episode.end = { ...end, historyLength: history.length };
  }

  /** The transcript's last step so far: the last episode's steps end there. */
  stepsEnded(last: number): void {
    const steps = this.#episodes.at(-1)?.steps;
    if (steps !== undefined) steps.last = Math.max(steps.first, last);
  }

  diagram(): Diagram {
    return { title: this.#title, episodes: this.#episodes };
  }

  #user(episode: DiagramEpisode, message: Message & { role: "user" }): void {
    this.#arrow(episode, "person", "app", "normal", { kind: "user", text: contentText(message.content) }, message);
  }

  #reply(episode: DiagramEpisode, reply: AssistantMessage): void {
    const { text, calls } = replyParts(reply.content);
    const cut = reply.stopReason === "error" || reply.stopReason === "aborted" || reply.stopReason === "length";
    const turn = episode.requests.length;
    this.#arrow(episode, "model", "app", cut ? "failure" : "normal", { kind: "reply", turn, text, calls, stopReason: reply.stopReason }, reply);
  }

  /** lookup → parse → execute → result, as far as the call got. */
  #call(episode: DiagramEpisode, toolCall: ToolCall, { outcome, result }: ToolCallTrace): void {
    const call = { id: toolCall.id, name: toolCall.name };
    const failed = (bad: boolean): ArrowStyle => (bad ? "failure" : "normal");
    if (outcome.stage === "skipped") {
      this.#arrow(episode, "app", "app", "failure", { kind: "skipped", call, reason: outcome.reason }, result);
    } else {
      this.#arrow(episode, "app", "app", failed(outcome.stage === "lookup"), { kind: "lookup", call, found: outcome.stage !== "lookup" });
      if (outcome.stage !== "lookup") {
        const problem = outcome.stage === "parse" ? failedField(outcome.error) : undefined;
        const parse: ArrowFacts = { kind: "parse", call, passed: outcome.stage !== "parse", ...(problem === undefined ? {} : { problem }) };
        this.#arrow(episode, "app", "app", failed(outcome.stage === "parse"), parse, toolCall.arguments);
      }
      if (outcome.stage === "execute" || outcome.stage === "done") {
        const recorded = this.#recorded.has(call.name);
        const lane = this.#toolLane(episode, call.name, recorded);
        this.#arrow(episode, "app", lane, "normal", { kind: "execute", call, recorded }, outcome.parsedArguments);
        const threw = outcome.stage === "execute";
        const text = threw ? errorText(outcome.error) : contentText(outcome.output.content);
        const answer = threw ? { error: text } : { content: outcome.output.content, details: outcome.output.details };
        this.#arrow(episode, lane, "app", failed(threw), { kind: "output", call, threw, text }, answer);
      }
    }
    this.#arrow(episode, "app", "app", failed(result.isError), { kind: "result", call, isError: result.isError, text: contentText(result.content) }, result);
    if (result.isError) this.#afterFailure = true;
  }

  #toolLane(episode: DiagramEpisode, name: string, recorded: boolean): string {
    const kind = recorded ? "record" : "tool";
    const found = episode.lanes.find((lane) => lane.tool === name && lane.kind === kind);
    if (found) return found.id;
    const lane: Lane = { id: this.#laneId(name, kind), kind, tool: name };
    episode.lanes.push(lane);
    return lane.id;
  }

  /** One id per tool and kind for the whole run, never another tool's: `get-weather` and
   *  `get_weather` read the same as ids (`tool_get_weather`), so the one met second is numbered
   *  (`tool_get_weather_2`). Mermaid draws every episode's lanes as one list, keyed by id. */
  #laneId(name: string, kind: "tool" | "record"): string {
    const key = `${kind} ${name}`;
    const known = this.#laneIds.get(key);
    if (known !== undefined) return known;
    const taken = new Set(this.#laneIds.values());
    const base = toolLaneId(name, kind);
    let id = base;
    for (let number = 2; taken.has(id); number++) id = `${base}_${number}`;
    this.#laneIds.set(key, id);
    return id;
  }

  #arrow(episode: DiagramEpisode, from: string, to: string, style: ArrowStyle, facts: ArrowFacts, message?: unknown): void {
    const arrow: Arrow = { from, to, style, facts, request: episode.requests.length - 1 };
    if (message !== undefined) arrow.message = message;
    episode.arrows.push(arrow);
  }
}

/** Where the arguments failed their schema (the result's text says what the model is told). */
function failedField(error: unknown): string | undefined {
  return error instanceof SchemaError && error.path.length > 0 ? formatFieldPath(error.path) : undefined;
}
