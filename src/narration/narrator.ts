// The text transcript: turns the loop's events into numbered, narrated steps in the manner of
// course chapter 3.4. The first episode of a fixture is told step by step; later ones, each as
// one step titled by what happened, so the walkthrough can go on to the failure cases without
// repeating itself. Every line below a heading starts with the mark of whoever produced its data
// (the model, the app, a tool, or a person), and every line passes through `visible` first.

import type { AgentEvent } from "../agent/agent-events.ts";
import type { ToolExecution } from "../agent/agent-loop.ts";
import { describeAbort, RunAborted, stopSignalOf } from "../agent/call-policy.ts";
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import type { FaultKeys } from "../fixture/fault-format.ts";
import type { AppliedEdit, EditedReply } from "../fixture/person-edits.ts";
import type { AssistantMessage, Context, Message, StopReason, ToolDefinition } from "../protocol/types.ts";
import { CallSteps } from "./call-steps.ts";
import type { Catalog } from "./catalog.ts";
import { foldedThinking, historyLine, json } from "./display-text.ts";
import type { ShownMarks } from "./legend-marks.ts";
import { MarkedLines } from "./marked-lines.ts";
import { callOutcome, type EpisodeOutcome, meantOutcome, type OutcomeKind, type Producer } from "./step-outcome.ts";
import type { Style } from "./style.ts";
import type { WireBlocks } from "./wire-block.ts";

export type NarrationMode = "steps" | "summary";

/** Longer histories show only their tail, so a long run prints in linear time. */
export const HISTORY_LISTING_LIMIT = 12;

export interface EpisodeOptions {
  signal?: AbortSignal;
  toolExecution?: ToolExecution;
  /** What a failed validation tells the model; the narration says what the model can know. */
  toolErrors?: ToolErrorDetail;
  /** The outcome a summary episode's title was written for: it heads the step only then. */
  titleWhen?: OutcomeKind;
  /** Tools that only play back a log's results (an imported conversation): nothing runs. */
  recordedTools?: ReadonlySet<string>;
  /** Per reply of the script, in order: its fault keys (`fail`, `delay`, `stall`), which `serve`
   *  plays and this narration explains. */
  faults?: readonly (ScriptedFault | undefined)[];
}

/** A reply's fault keys, as the fixture holds them. */
export type ScriptedFault = Pick<FaultKeys<string>, "fail" | "delay" | "stall">;

/** A person's change to a reply before it ran (interactive mode, or its saved replay). */
export type PersonEdits = Omit<EditedReply, "reply">;

export class Narrator {
  #step = 0;
  /** Replies told in this episode: the index of the next one's fault keys. */
  #replies = 0;
  #mode: NarrationMode = "steps";
  #tools: ToolDefinition[] = [];
  #episode: EpisodeOptions = {};
  /** The latest request, so a stopped run can show what it would send next. */
  #lastContext: Context | undefined;
  /** The context of the episode's first request: where its conversation starts. */
  #firstContext: Context | undefined;
  /** The most requests any episode made, and whether one stopped at its cap: a run of one request each points to the second. */
  #mostRequests = 0;
  #capped = false;
  #findings: readonly { message: number; text: string; warning?: boolean | undefined }[] = [];
  #openingSaid = false;
  /** A summary episode's title waits for its outcome (its lines are held meanwhile). */
  #pendingTitle: { title: string | undefined; titleWhen: OutcomeKind | undefined } | undefined;
  /** Messages a person changed (with what they changed), and the edits of the reply about to be appended. */
  #personMessages = new WeakMap<Message, readonly AppliedEdit[]>();
  #pendingEdits: PersonEdits | undefined;
  /** The person removed every call of the last reply: the conversation ends because of them. */
  #emptiedByPerson = false;
  readonly #out: MarkedLines;
  readonly #calls: CallSteps;

  private catalog: Catalog;
  private readonly style: Style;
  /** With --wire: print each request as that provider's body. */
  private readonly wire: WireBlocks | undefined;

  constructor(catalog: Catalog, style: Style, write: (line: string) => void, wire?: WireBlocks) {
    this.catalog = catalog;
    this.style = style;
    this.wire = wire;
    this.#out = new MarkedLines(style, write, () => this.catalog);
    this.#calls = new CallSteps({
      out: this.#out,
      say: () => this.catalog,
      nextStep: () => ++this.#step,
      steps: () => this.#mode === "steps",
      parallel: () => this.#episode.toolExecution === "parallel",
      toolNames: () => this.#tools.map((tool) => tool.name),
      definition: (name) => this.#tools.find((tool) => tool.name === name),
      recorded: (name) => this.#episode.recordedTools?.has(name) === true,
      toolErrors: () => this.#episode.toolErrors ?? "brief",
      abortText: () => this.#abortText(),
    });
  }

  /** A summary episode's lines wait for its outcome: nothing new shows until it is known. */
  get holding(): boolean {
    return this.#out.holding;
  }

  /** How many steps the transcript has numbered so far (the diagram names episodes by them). */
  get stepsTaken(): number {
    return this.#step;
  }

  /** An interactive session switches language mid-run. */
  setCatalog(catalog: Catalog): void {
    this.catalog = catalog;
  }

  /** What the model receives next, outside the numbered steps (the interactive "show context").
   *  `editedBy`: the narrator of the run, which knows the replies a person edited: such a reply is
   *  shown with its "your edit" line, as step [5] shows it. */
  showContext(context: Context, header: string, editedBy?: Narrator): void {
    if (editedBy) this.#personMessages = editedBy.#personMessages;
    this.#out.heading(header);
    this.#contextLines(context);
  }

  /** The fixture's title, then the legend of the producer marks the run can show. */
  title(text: string, shown: ShownMarks): void {
    this.#out.unmarked(text, this.style.heading);
    this.#out.unmarked(this.catalog.legend(shown), this.style.note);
  }

  /** A summary episode is one numbered step, titled once its outcome is known. */
  startEpisode(mode: NarrationMode, title: string | undefined, options: EpisodeOptions = {}): void {
    this.finish();
    this.wire?.startEpisode();
    this.#mode = mode;
    this.#episode = options;
    this.#replies = 0;
    this.#firstContext = undefined;
    if (mode === "summary") {
      this.#pendingTitle = { title, titleWhen: options.titleWhen };
      this.#out.hold();
    } else if (title !== undefined) this.#out.heading(title);
  }

  /** Prints what an episode still holds back (a run that ended early, by a refusal or a quit). */
  finish(): void {
    if (this.#pendingTitle) this.#titleSummary({ kind: "stopped" });
  }

  /** The whole run is over: one that never asked the model a second time says where that request is shown. */
  runEnded(): void {
    this.finish();
    if (this.#mostRequests === 1 && this.#capped) this.#out.line("app", this.catalog.secondRequestElsewhere, "note");
  }

  /** Replies the script held but the conversation never asked for. */
  /** An imported conversation's lint findings, by history index: each is said at its message. */
  setFindings(findings: readonly { message: number; text: string; warning?: boolean | undefined }[]): void {
    this.#findings = findings;
    this.#openingSaid = false;
  }

  /** The replay stopped at the logged request, which the log holds no reply to. */
  awaitingReply(historyLength: number): void {
    this.#out.line("app", this.catalog.awaitingReply(historyLength), "note");
  }

  #findingsAt(index: number): void {
    for (const finding of this.#findings)
      if (finding.message === index) this.#out.line("app", this.catalog.lintFinding(finding.text, finding.warning === true), "failure");
  }

  unusedReplies(count: number): void {
    this.finish();
    if (count > 0) this.#out.line("app", this.catalog.unusedReplies(count), "failure");
  }

  /** Called before the reply joins the history: what the person changed in it. */
  personEdited(edits: PersonEdits): void {
    this.#pendingEdits = edits;
  }

  onEvent(event: AgentEvent): void {
    const say = this.catalog;
    switch (event.type) {
      case "turnStart": {
        this.#tools = event.context.tools ?? [];
        this.#lastContext = event.context;
        // The episode's first request, copied once: the loop appends to the history the context
        // holds, and a replayed conversation starts its turns again at each user message.
        if (this.#firstContext === undefined) this.#firstContext = { ...event.context, messages: [...event.context.messages] };
        this.#mostRequests = Math.max(this.#mostRequests, event.turn);
        if (event.turn > 1) {
          this.#out.heading(say.requestAgainStep(++this.#step, event.turn, event.context.messages.length, event.context.systemPrompt !== undefined));
        } else if (this.#mode === "steps") {
          this.#request(event.context);
        }
        this.#wire(event.context, false);
        if (event.turn === 1 && !this.#openingSaid) {
          this.#openingSaid = true;
          for (let index = 0; index < event.context.messages.length; index++) this.#findingsAt(index);
        }
        return;
      }
      case "messageAppended":
        if (event.message.role === "assistant") this.#reply(event.message, event.historyLength);
        // Only a replayed conversation appends a user message mid-run (run-conversation.ts).
        if (event.message.role === "user") {
          this.#out.heading(say.userJoined(++this.#step, event.historyLength));
          this.#out.data("person", historyLine(event.message));
        }
        this.#findingsAt(event.historyLength - 1);
        return;
      case "toolEnd":
        if (this.#pendingTitle)
          this.#titleSummary(
            callOutcome(event.call.name, event.trace, this.#episode.recordedTools?.has(event.call.name) === true),
            this.#calls.modelName(event.call.id),
          );
        this.#calls.ended(event.call, event.trace);
        return;
      case "toolValidated":
        this.#calls.validated(event);
        return;
      case "toolProgress":
        this.#calls.progress(event);
        return;
      case "turnEnd": {
        const callOrder = event.results.map((result) => result.toolCallId);
        if (this.#episode.toolExecution === "parallel" && callOrder.length > 1) this.#out.line("app", say.order(event.finishOrder, callOrder));
        if (this.#mode === "steps" && event.results.length > 0) {
          this.#out.heading(say.resultsStep(++this.#step));
          this.#history(event.history);
        }
        return;
      }
      case "end":
        if (this.#pendingTitle)
          this.#titleSummary(event.reason === "stop" ? (this.#emptiedByPerson ? { kind: "allDropped" } : { kind: "noCall" }) : { kind: "stopped" });
        this.#end(event.reason, event.turns, event.history);
        return;
      case "agentStart":
      case "toolStart":
        return;
    }
  }

  /** `modelName`: the name the model gave the call, when a person renamed it; the title was written for that call. */
  #titleSummary(outcome: EpisodeOutcome, modelName?: string): void {
    const pending = this.#pendingTitle;
    if (!pending) return;
    this.#pendingTitle = undefined;
    const { title, titleWhen } = pending;
    this.#out.release(() => {
      // A title written for one outcome heads the step only when that outcome happened.
      if (title !== undefined && titleWhen === outcome.kind) {
        this.#out.heading(this.catalog.titledStep(++this.#step, title));
        return this.#conversationStart();
      }
      this.#out.heading(this.catalog.outcomeStep(++this.#step, outcome));
      if (title !== undefined) {
        const meant = titleWhen && meantOutcome(titleWhen, modelName ?? ("name" in outcome ? outcome.name : ""));
        this.#out.line("app", meant ? this.catalog.titleNotShown(title, meant) : this.catalog.scenario(title), "note");
      }
      this.#conversationStart();
    });
  }

  /** A summary step is a conversation of its own: its starting history and registry, before its call. */
  #conversationStart(): void {
    const context = this.#firstContext;
    if (!context) return;
    this.#out.line("app", this.catalog.newConversation((context.tools ?? []).map((tool) => tool.name)), "note");
    this.#history(context.messages);
  }

  #request(context: Context): void {
    this.#out.heading(this.catalog.contextStep(++this.#step));
    this.#out.line("app", this.catalog.contextOrigin, "note");
    this.#contextLines(context);
  }

  #contextLines({ systemPrompt, messages, tools = [] }: Context): void {
    const say = this.catalog;
    if (systemPrompt !== undefined) this.#out.line("app", say.systemPrompt(systemPrompt));
    this.#history(messages);
    this.#out.line("app", say.toolsHeader(tools.length));
    for (const tool of tools) {
      this.#out.data("app", `${tool.name}  ${tool.description}`);
      this.#out.data("app", `${" ".repeat(tool.name.length + 2)}parameters=${json(tool.parameters)}`);
    }
  }

  #wire(context: Context, next: boolean): void {
    if (!this.wire) return;
    const { heading, body, notes } = this.wire(context, this.catalog, next);
    this.#out.line("app", heading, "note");
    for (const line of body) this.#out.data("app", line, "data");
    for (const note of notes) this.#out.line("app", note, "note");
  }

  #end(reason: Extract<AgentEvent, { type: "end" }>["reason"], turns: number, history: readonly Message[]): void {
    const say = this.catalog;
    const historyLength = history.length;
    switch (reason) {
      case "maxTurns":
        // A summary episode's cap is the fixture's own choice; the steps episode has explained it.
        this.#capped = true;
        if (this.#mode === "steps") this.#out.line("app", say.stoppedAtCap(turns, historyLength, this.#lastContext?.systemPrompt !== undefined), "note");
        break;
      case "stop":
        this.#out.line("app", this.#emptiedByPerson ? say.finishedAfterDrop(turns) : say.finished(turns), "note");
        break;
      case "modelError":
        this.#out.line("app", say.endedByModelError, "failure");
        break;
      case "aborted":
        this.#out.line("app", say.endedByAbort(this.#abortText(), historyLength), "failure");
        break;
    }
    // A run stopped with results in the history would send them next: show that request, after
    // the line that says the run stops.
    if (this.wire && (reason === "maxTurns" || reason === "aborted") && this.#lastContext) this.#wire({ ...this.#lastContext, messages: [...history] }, true);
  }

  #history(messages: readonly Message[]): void {
    this.#out.line("app", this.catalog.historyHas(messages.length));
    const hidden = Math.max(0, messages.length - HISTORY_LISTING_LIMIT);
    if (hidden > 0) this.#out.data("app", this.catalog.historyElided(hidden), "note");
    for (let index = hidden; index < messages.length; index++) {
      const message = messages[index];
      if (!message) continue;
      this.#out.data(producerOf(message), historyLine(message));
      // The reply is the model's; what a person changed in it is said on a line of its own.
      const edits = this.#personMessages.get(message);
      if (edits) this.#out.data("person", this.catalog.historyEdited(edits), "note");
    }
  }

  /** What a reply scripted to fail, come late or stall would mean at a real API. */
  #faultLines({ fail, delay, stall }: ScriptedFault): void {
    const say = this.catalog;
    if (fail) this.#out.line("model", say.scriptedFailure(fail.kind, fail.times ?? 1, fail.retryAfter), "failure");
    const late = (delay?.beforeHeadersMs ?? 0) + (delay?.beforeFirstEventMs ?? 0);
    if (late > 0) this.#out.line("model", say.scriptedDelay(late), "note");
    if (stall) this.#out.line("model", say.scriptedStall(stall.afterEvents, stall.forMs), "failure");
  }

  #reply(message: AssistantMessage, historyLength: number): void {
    const say = this.catalog;
    const edits = this.#pendingEdits?.applied.length ? this.#pendingEdits : undefined;
    this.#pendingEdits = undefined;
    if (edits) this.#personMessages.set(message, edits.applied);
    // Every reply: ids repeat across episodes, and a call is the person's only in the reply they edited.
    this.#calls.personEdited(edits?.applied ?? []);
    const hasToolCalls = message.content.some((block) => block.type === "toolCall");
    this.#emptiedByPerson = edits?.stopReasonWas !== undefined && !hasToolCalls;
    const fault = this.#episode.faults?.[this.#replies++];
    if (this.#mode === "summary") {
      if (fault) this.#faultLines(fault);
      // The model's text; a text the person wrote in its place follows under their mark.
      const written = edits?.applied.find((edit) => edit.kind === "text");
      for (const block of (written ? (edits?.original ?? message) : message).content)
        if (block.type === "text") this.#out.line("model", say.modelSays(block.text), "data");
      if (written) this.#out.line("person", say.personChanged(written), "data");
      // A dropped call never reaches a call step: what the model asked for is said here.
      for (const edit of edits?.applied ?? []) if (edit.kind === "drop") this.#out.line("model", say.modelCall(edit.from.name, edit.callId), "data");
      this.#dropped(edits);
      const expected = hasToolCalls ? "toolUse" : "stop";
      if (message.stopReason !== expected || !hasToolCalls) this.#stopReason(message.stopReason, edits);
      return;
    }
    // The blocks as the model sent them; each change a person made follows, marked as theirs.
    const sent = edits?.original ?? message;
    this.#out.heading(say.replyStep(++this.#step, sent.content.length));
    if (fault) this.#faultLines(fault);
    sent.content.forEach((block, index) => {
      const detail =
        block.type === "text"
          ? block.text
          : block.type === "thinking"
            ? foldedThinking(block)
            : `id=${block.id} name=${block.name} arguments=${json(block.arguments)}`;
      this.#out.data("model", `${say.block(index)}  ${block.type.padEnd(10)}${detail}`, "data");
    });
    for (const edit of edits?.applied ?? []) if (edit.kind !== "drop") this.#out.line("person", say.personChanged(edit), "data");
    this.#dropped(edits);
    this.#stopReason(message.stopReason, edits);
    this.#out.line("app", say.replyAppended(historyLength, hasToolCalls), "note");
  }

  #dropped(edits: PersonEdits | undefined): void {
    for (const edit of edits?.applied ?? []) if (edit.kind === "drop") this.#out.line("app", this.catalog.callDropped(edit.from.name, edit.callId), "note");
  }

  #stopReason(reason: StopReason, edits: PersonEdits | undefined): void {
    if (edits?.stopReasonWas !== undefined && edits.stopReasonWas !== reason)
      this.#out.line("app", this.catalog.stopReasonChanged(edits.stopReasonWas, reason));
    else this.#out.line("model", this.catalog.stopReason(reason));
  }

  #abortText(): string {
    const reason: unknown = this.#episode.signal?.reason;
    return reason instanceof RunAborted ? this.catalog.abortCause(reason.kind, reason.ms, stopSignalOf(reason)) : describeAbort(this.#episode.signal);
  }
}

/** The user's message is a person's; an assistant message the model's (a person's changes to it are
 *  told beside it); a tool result is built by the app (the executor) around the tool's output. */
function producerOf(message: Message): Producer {
  if (message.role === "user") return "person";
  return message.role === "assistant" ? "model" : "app";
}
