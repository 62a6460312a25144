// The text transcript: turns the loop's events into numbered, narrated steps in the manner of
// course chapter 3.4. The first episode of a fixture is told step by step; later ones, each as
// one step titled by what happened, so the walkthrough can go on to the failure cases without
// repeating itself. Every line below a heading starts with the mark of whoever produced its data
// (the model, the app, a tool, or a person), and every line passes through `visible` first.
import type { ToolCallOutcome, ToolCallTrace, ToolErrorDetail } from "../execute-tool-call.ts";
import type { Catalog } from "../i18n/catalog.ts";
import { RunAborted, describeAbort } from "../loop/call-policy.ts";
import type { ToolExecution } from "../loop/agent-loop.ts";
import type { AgentEvent } from "../loop/events.ts";
import { isPlainObject } from "../schema/object-schema.ts";
import { SchemaError, formatFieldPath } from "../schema/schema-error.ts";
import type { AssistantMessage, Context, Message, StopReason, ToolCall } from "../types.ts";
import { contentText, historyLine, json, quoted } from "./format.ts";
import { visible } from "./sanitize.ts";
import { callOutcome, type EpisodeOutcome, type Producer } from "./step-outcome.ts";
import type { Style } from "./style.ts";
import { wireBlock, type WireView } from "./wire-block.ts";

export type NarrationMode = "steps" | "summary";

/** A line's tone: how its text is coloured on a terminal (the mark has its producer's colour). */
type Tone = "plain" | "data" | "failure" | "note";

/** Longer histories show only their tail, so a long run prints in linear time. */
export const HISTORY_LISTING_LIMIT = 12;

export interface EpisodeOptions {
  signal?: AbortSignal;
  toolExecution?: ToolExecution;
  /** What a failed validation tells the model; the narration says what the model can know. */
  toolErrors?: ToolErrorDetail;
}

/** A person's change to a reply before it ran (interactive mode). */
export interface PersonEdits {
  /** Calls whose arguments or name the person changed. */
  edited: ReadonlySet<string>;
  dropped: readonly ToolCall[];
  /** The model's stopReason, when removing calls changed it. */
  stopReasonWas?: StopReason;
}

export class Narrator {
  #step = 0;
  #mode: NarrationMode = "steps";
  #toolNames: string[] = [];
  #episode: EpisodeOptions = {};
  /** The latest request, so a stopped run can show what it would send next. */
  #lastContext: Context | undefined;
  /** A summary episode's title waits for its outcome; its lines wait with it. */
  #pendingTitle: { title: string | undefined; lines: string[] } | undefined;
  /** Progress a tool reports while it runs, shown inside that call's execute step: at once when
   *  that step is already open (one call at a time), else held until the call's step is told. */
  #progress = new Map<string, string[]>();
  /** Calls whose validate and execute steps were told when they passed validation. */
  #opened = new Set<string>();
  /** Messages a person changed, and the edits of the reply about to be appended. */
  #personMessages = new WeakSet<Message>();
  #personCalls = new Set<string>();
  #pendingEdits: PersonEdits | undefined;

  constructor(
    private catalog: Catalog,
    private readonly style: Style,
    private readonly write: (line: string) => void,
    /** With --wire: print each request as that provider's body. */
    private readonly wire?: WireView,
  ) {}

  /** An interactive session switches language mid-run. */
  setCatalog(catalog: Catalog): void {
    this.catalog = catalog;
  }

  /** What the model receives next, outside the numbered steps (the interactive "show context"). */
  showContext(context: Context, header: string): void {
    this.#out("");
    this.#out(this.style.heading(this.#visible(header)));
    this.#contextLines(context);
  }

  /** The fixture's title, then the legend of the producer marks. */
  title(text: string): void {
    this.#out(this.style.heading(this.#visible(text)));
    this.#out(this.style.note(this.catalog.legend));
  }

  /** A summary episode is one numbered step, titled once its outcome is known. */
  startEpisode(mode: NarrationMode, title: string | undefined, options: EpisodeOptions = {}): void {
    this.finish();
    this.#mode = mode;
    this.#episode = options;
    if (mode === "summary") this.#pendingTitle = { title, lines: [] };
    else if (title !== undefined) this.#heading(title);
  }

  /** Prints what an episode still holds back (a run that ended early, by a refusal or a quit). */
  finish(): void {
    if (this.#pendingTitle) this.#titleSummary({ kind: "stopped" });
  }

  /** Replies the script held but the conversation never asked for. */
  unusedReplies(count: number): void {
    this.finish();
    if (count > 0) this.#line("app", this.catalog.unusedReplies(count), "failure");
  }

  /** Called before the reply joins the history: what the person changed in it. */
  personEdited(edits: PersonEdits): void {
    this.#pendingEdits = edits;
    for (const id of edits.edited) this.#personCalls.add(id);
  }

  onEvent(event: AgentEvent): void {
    const say = this.catalog;
    switch (event.type) {
      case "turnStart": {
        this.#toolNames = (event.context.tools ?? []).map((tool) => tool.name);
        this.#lastContext = event.context;
        if (event.turn > 1) {
          this.#heading(say.requestAgainStep(++this.#step, event.turn, event.context.messages.length));
        } else if (this.#mode === "steps") {
          this.#request(event.context);
        }
        this.#wire(event.context, false);
        return;
      }
      case "messageAppended":
        if (event.message.role === "assistant") this.#reply(event.message, event.historyLength);
        return;
      case "toolEnd":
        if (this.#pendingTitle) this.#titleSummary(callOutcome(event.call.name, event.trace));
        this.#toolCall(event.call, event.trace);
        return;
      case "toolValidated":
        // One call at a time, told step by step: its steps open now, so progress shows live.
        if (this.#mode === "steps" && this.#episode.toolExecution !== "parallel") {
          this.#opened.add(event.call.id);
          this.#validated(event.call, event.parsedArguments, event.conversions);
          this.#heading(say.executeStep(++this.#step, event.call.name));
        }
        return;
      case "toolProgress": {
        const line = say.progress(event.call.id, contentText(event.content));
        if (this.#opened.has(event.call.id)) return this.#line("tool", line, "note");
        const lines = this.#progress.get(event.call.id) ?? [];
        lines.push(line);
        this.#progress.set(event.call.id, lines);
        return;
      }
      case "turnEnd": {
        const callOrder = event.results.map((result) => result.toolCallId);
        if (this.#episode.toolExecution === "parallel" && callOrder.length > 1) this.#line("app", say.order(event.finishOrder, callOrder));
        if (this.#mode === "steps" && event.results.length > 0) {
          this.#heading(say.resultsStep(++this.#step));
          this.#history(event.history);
        }
        return;
      }
      case "end":
        if (this.#pendingTitle) this.#titleSummary(event.reason === "stop" ? { kind: "noCall" } : { kind: "stopped" });
        this.#end(event.reason, event.turns, event.history);
        return;
      case "agentStart":
      case "toolStart":
        return;
    }
  }

  #titleSummary(outcome: EpisodeOutcome): void {
    const pending = this.#pendingTitle;
    if (!pending) return;
    this.#pendingTitle = undefined;
    this.#heading(this.catalog.outcomeStep(++this.#step, outcome));
    if (pending.title !== undefined) this.#line("app", this.catalog.scenario(pending.title), "note");
    for (const line of pending.lines) this.write(line);
  }

  #request(context: Context): void {
    this.#heading(this.catalog.contextStep(++this.#step));
    this.#line("app", this.catalog.contextOrigin, "note");
    this.#contextLines(context);
  }

  #contextLines({ systemPrompt, messages, tools = [] }: Context): void {
    const say = this.catalog;
    if (systemPrompt !== undefined) this.#line("app", say.systemPrompt(systemPrompt));
    this.#history(messages);
    this.#line("app", say.toolsHeader(tools.length));
    for (const tool of tools) {
      this.#data("app", `${tool.name}  ${tool.description}`);
      this.#data("app", `${" ".repeat(tool.name.length + 2)}parameters=${json(tool.parameters)}`);
    }
  }

  #wire(context: Context, next: boolean): void {
    if (!this.wire) return;
    const { heading, body, notes } = wireBlock(this.wire, context, this.catalog, next);
    this.#line("app", heading, "note");
    for (const line of body) this.#data("app", line, "data");
    for (const note of notes) this.#line("app", note, "note");
  }

  #end(reason: Extract<AgentEvent, { type: "end" }>["reason"], turns: number, history: readonly Message[]): void {
    const say = this.catalog;
    const historyLength = history.length;
    switch (reason) {
      case "maxTurns":
        // A summary episode's cap is the fixture's own choice; the steps episode has explained it.
        if (this.#mode === "steps") this.#line("app", say.stoppedAtCap(turns, historyLength), "note");
        break;
      case "stop":
        this.#line("app", say.finished(turns), "note");
        break;
      case "modelError":
        this.#line("app", say.endedByModelError, "failure");
        break;
      case "aborted":
        this.#line("app", say.endedByAbort(this.#abortText(), historyLength), "failure");
        break;
    }
    // A run stopped with results in the history would send them next: show that request, after
    // the line that says the run stops.
    if (this.wire && (reason === "maxTurns" || reason === "aborted") && this.#lastContext) this.#wire({ ...this.#lastContext, messages: [...history] }, true);
  }

  #history(messages: readonly Message[]): void {
    this.#line("app", this.catalog.historyHas(messages.length));
    const hidden = Math.max(0, messages.length - HISTORY_LISTING_LIMIT);
    if (hidden > 0) this.#data("app", this.catalog.historyElided(hidden), "note");
    for (let index = hidden; index < messages.length; index++) {
      const message = messages[index];
      if (message) this.#data(this.#producerOf(message), historyLine(message));
    }
  }

  /** The user's message is a person's; an assistant message the model's unless a person changed
   *  it; a tool result is built by the app (the executor) around the tool's output. */
  #producerOf(message: Message): Producer {
    if (message.role === "user") return "person";
    if (message.role === "assistant") return this.#personMessages.has(message) ? "person" : "model";
    return "app";
  }

  #reply(message: AssistantMessage, historyLength: number): void {
    const say = this.catalog;
    const edits = this.#pendingEdits;
    this.#pendingEdits = undefined;
    if (edits && (edits.edited.size > 0 || edits.dropped.length > 0)) this.#personMessages.add(message);
    const hasToolCalls = message.content.some((block) => block.type === "toolCall");
    const byWhom = (block: AssistantMessage["content"][number]): Producer => (block.type === "toolCall" && edits?.edited.has(block.id) ? "person" : "model");
    if (this.#mode === "summary") {
      for (const block of message.content) if (block.type === "text") this.#line("model", say.modelSays(block.text), "data");
      this.#dropped(edits);
      const expected = hasToolCalls ? "toolUse" : "stop";
      if (message.stopReason !== expected || !hasToolCalls) this.#stopReason(message.stopReason, edits);
      return;
    }
    this.#heading(say.replyStep(++this.#step, message.content.length));
    message.content.forEach((block, index) => {
      const detail = block.type === "text" ? block.text : `id=${block.id} name=${block.name} arguments=${json(block.arguments)}`;
      this.#data(byWhom(block), `${say.block(index)}  ${block.type.padEnd(10)}${detail}`, "data");
    });
    this.#dropped(edits);
    this.#stopReason(message.stopReason, edits);
    this.#line("app", say.replyAppended(historyLength, hasToolCalls), "note");
  }

  #dropped(edits: PersonEdits | undefined): void {
    for (const call of edits?.dropped ?? []) this.#line("app", this.catalog.callDropped(call.name, call.id), "note");
  }

  #stopReason(reason: StopReason, edits: PersonEdits | undefined): void {
    if (edits?.stopReasonWas !== undefined && edits.stopReasonWas !== reason) this.#line("app", this.catalog.stopReasonChanged(edits.stopReasonWas, reason));
    else this.#line("model", this.catalog.stopReason(reason));
  }

  #toolCall(call: ToolCall, { outcome, result }: ToolCallTrace): void {
    const say = this.catalog;
    const steps = this.#mode === "steps";
    const refused = outcome.stage === "skipped" && outcome.reason !== "aborted";
    const caller: Producer = this.#personCalls.has(call.id) ? "person" : "model";
    const opened = this.#opened.delete(call.id);
    if (opened) return this.#afterValidation(call, outcome, result);
    if (steps) {
      this.#heading(refused ? say.refusedStep(++this.#step, call.name, call.id) : say.validateStep(++this.#step, call.name));
    } else {
      this.#line(caller, caller === "person" ? say.personCall(call.name, call.id) : say.modelCall(call.name, call.id), "data");
      this.#line(caller, caller === "person" ? say.personArguments(json(call.arguments)) : say.modelArguments(json(call.arguments)), "data");
    }
    const executeHeading = () => {
      if (steps) this.#heading(say.executeStep(++this.#step, call.name));
      // Progress came while the tool ran: it belongs here, after the call was validated.
      for (const line of this.#progress.get(call.id) ?? []) this.#line("tool", line, "note");
      this.#progress.delete(call.id);
    };
    if (outcome.stage === "parse" || outcome.stage === "execute" || outcome.stage === "done") this.#converted(outcome.conversions);

    switch (outcome.stage) {
      case "skipped":
        if (refused) {
          this.#line("app", say.skipped(outcome.reason, call.id, this.#abortText()), "failure");
          this.#line("app", say.notExecuted);
        } else {
          // Lookup and parse run synchronously, so an abort can only catch a call inside execute.
          this.#line("app", say.runningWhenAborted);
          executeHeading();
          this.#line("app", say.skipped(outcome.reason, call.id, this.#abortText()), "failure");
          this.#line("app", say.abandoned);
        }
        break;
      case "lookup":
        this.#line("app", say.lookupFailed(call.name, this.#toolNames), "failure");
        executeHeading();
        this.#line("app", say.lookupFailedSkip);
        break;
      case "parse":
        this.#line("app", say.parseFailed(this.#describeParseError(outcome.error)), "failure");
        executeHeading();
        this.#line("app", say.parseFailedSkip);
        break;
      case "execute":
      case "done":
        this.#line("app", say.parsePassed(call.name, json(outcome.parsedArguments), droppedKeys(call, outcome.parsedArguments)));
        executeHeading();
        this.#ran(call, outcome, result.isError);
        break;
    }
    this.#result(call, outcome, result);
  }

  /** The rest of a call whose validate and execute steps were told as it passed validation. */
  #afterValidation(call: ToolCall, outcome: ToolCallOutcome, result: ToolCallTrace["result"]): void {
    if (outcome.stage === "skipped") {
      this.#line("app", this.catalog.skipped(outcome.reason, call.id, this.#abortText()), "failure");
      this.#line("app", this.catalog.abandoned);
    } else if (outcome.stage === "execute" || outcome.stage === "done") {
      this.#ran(call, outcome, result.isError);
    }
    this.#result(call, outcome, result);
  }

  #validated(call: ToolCall, parsedArguments: unknown, conversions: Extract<ToolCallOutcome, { stage: "done" }>["conversions"]): void {
    this.#heading(this.catalog.validateStep(++this.#step, call.name));
    this.#converted(conversions);
    this.#line("app", this.catalog.parsePassed(call.name, json(parsedArguments), droppedKeys(call, parsedArguments)));
  }

  #converted(conversions: Extract<ToolCallOutcome, { stage: "done" }>["conversions"]): void {
    if (conversions.length === 0) return;
    this.#line("app", this.catalog.converted(conversions.map(({ path, from, to }) => `${formatFieldPath(path)} ${json(from)} → ${json(to)}`)));
  }

  /** What the tool did: returned (perhaps reporting a failure itself) or threw. */
  #ran(call: ToolCall, outcome: Extract<ToolCallOutcome, { stage: "execute" | "done" }>, isError: boolean): void {
    if (outcome.stage === "done") return this.#done(outcome, call, isError);
    this.#line("tool", this.catalog.threw(errorText(outcome.error)), "failure");
    this.#line("app", this.catalog.threwCaught);
  }

  /** The result message the app built, and what its text lets the model know. */
  #result(call: ToolCall, outcome: ToolCallOutcome, result: ToolCallTrace["result"]): void {
    const say = this.catalog;
    const line = `[toolResult] ${historyLine(result).slice(13)}`;
    this.#data("app", line, result.isError ? "failure" : "data");
    // The model will read only the result's text: say what that text lets it know.
    if (outcome.stage === "parse" && outcome.error instanceof SchemaError && outcome.error.path.length > 0) {
      this.#line("app", say.modelReads(this.#episode.toolErrors ?? "brief"), "note");
    }
  }

  #done(outcome: Extract<ToolCallOutcome, { stage: "done" }>, call: ToolCall, isError: boolean): void {
    const say = this.catalog;
    const content = `[${outcome.output.content.map((block) => `text(${quoted(block.text)})`).join(", ")}]`;
    const details = outcome.output.details === undefined ? undefined : json(outcome.output.details);
    this.#line("tool", say.executed(content, details), "data");
    if (isError) this.#line("tool", say.domainFailure, "failure");
    this.#line("app", say.resultWrapped(call.id), "note");
  }

  #abortText(): string {
    const reason: unknown = this.#episode.signal?.reason;
    return reason instanceof RunAborted ? this.catalog.abortCause(reason.kind, reason.ms) : describeAbort(this.#episode.signal);
  }

  #describeParseError(error: unknown): string {
    if (error instanceof SchemaError) {
      return this.catalog.argumentProblem(
        formatFieldPath(error.path),
        error.expected,
        error.received === undefined ? undefined : json(error.received),
      );
    }
    return errorText(error);
  }

  #visible(text: string): string {
    return visible(text, this.style.escape);
  }

  #heading(text: string): void {
    this.#out("");
    this.#out(this.style.heading(this.#visible(text)));
  }

  /** A narrated line: the producer's mark, then the text. */
  #line(producer: Producer, text: string, tone: Tone = "plain"): void {
    this.#out(`${this.#mark(producer)}${this.#tone(tone, producer)(this.#visible(text))}`);
  }

  /** A line of data itself (a history entry, a block, a body line), indented under its sentence. */
  #data(producer: Producer, text: string, tone: Tone = "data"): void {
    this.#out(`${this.#mark(producer)}  ${this.#tone(tone, producer)(this.#visible(text))}`);
  }

  #mark(producer: Producer): string {
    return this.style.mark(producer, this.catalog.marks[producer]);
  }

  #tone(tone: Tone, producer: Producer): (text: string) => string {
    switch (tone) {
      case "plain":
        return (text) => text;
      case "data":
        return (text) => this.style.producer(producer, text);
      case "failure":
        return this.style.failure;
      case "note":
        return this.style.note;
    }
  }

  #out(line: string): void {
    if (this.#pendingTitle) this.#pendingTitle.lines.push(line);
    else this.write(line);
  }
}

/** Keys the model sent that the schema did not declare, and so never reached the tool. */
function droppedKeys(call: ToolCall, parsed: unknown): string[] {
  if (!isPlainObject(parsed) || !isPlainObject(call.arguments)) return [];
  return Object.keys(call.arguments).filter((key) => !Object.hasOwn(parsed, key));
}

function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "unprintable error";
  }
}
