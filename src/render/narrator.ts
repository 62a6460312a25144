// The text transcript: turns the loop's events into numbered, narrated steps in the manner of
// course chapter 3.4. The first episode of a fixture is told step by step; later ones, each as
// one step, so the walkthrough can go on to the failure cases without repeating itself.
import type { ToolCallOutcome, ToolCallTrace } from "../execute-tool-call.ts";
import type { Catalog } from "../i18n/catalog.ts";
import { RunAborted, describeAbort } from "../loop/call-policy.ts";
import type { ToolExecution } from "../loop/agent-loop.ts";
import type { AgentEvent } from "../loop/events.ts";
import { isPlainObject } from "../schema/object-schema.ts";
import { SchemaError, formatFieldPath } from "../schema/schema-error.ts";
import type { AssistantMessage, Context, Message, ToolCall } from "../types.ts";
import { contentText, historyLine, json, quoted } from "./format.ts";
import type { Style } from "./style.ts";
import { wireBlock, type WireView } from "./wire-block.ts";

export type NarrationMode = "steps" | "summary";

const INDENT = "    ";
const DATA_INDENT = "      ";
/** Longer histories show only their tail, so a long run prints in linear time. */
export const HISTORY_LISTING_LIMIT = 12;

export class Narrator {
  #step = 0;
  #mode: NarrationMode = "steps";
  #toolNames: string[] = [];
  #signal: AbortSignal | undefined;
  #parallel = false;
  /** The latest request, so a stopped run can show what it would send next. */
  #lastContext: Context | undefined;

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
    this.write("");
    this.write(this.style.heading(header));
    this.#contextLines(context);
  }

  title(text: string): void {
    this.write(this.style.heading(text));
  }

  /** A summary episode is one numbered step, headed by its title. `signal` words an abort. */
  startEpisode(mode: NarrationMode, title: string | undefined, options: { signal?: AbortSignal; toolExecution?: ToolExecution } = {}): void {
    this.#mode = mode;
    this.#signal = options.signal;
    this.#parallel = options.toolExecution === "parallel";
    if (mode === "summary") this.#heading(`[${++this.#step}] ${title ?? ""}`.trimEnd());
    else if (title !== undefined) this.#heading(title);
  }

  /** Replies the script held but the conversation never asked for. */
  unusedReplies(count: number): void {
    if (count > 0) this.#line(this.style.failure(this.catalog.unusedReplies(count)));
  }

  onEvent(event: AgentEvent): void {
    const { catalog: say, style } = this;
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
        this.#toolCall(event.call, event.trace);
        return;
      case "toolProgress":
        this.#line(style.note(say.progress(event.call.id, contentText(event.content))));
        return;
      case "turnEnd": {
        const callOrder = event.results.map((result) => result.toolCallId);
        if (this.#parallel && callOrder.length > 1) this.#line(say.order(event.finishOrder, callOrder));
        if (this.#mode === "steps" && event.results.length > 0) {
          this.#heading(say.resultsStep(++this.#step));
          this.#history(event.history);
        }
        return;
      }
      case "end":
        this.#end(event.reason, event.turns, event.history);
        return;
      case "agentStart":
      case "toolStart":
        return;
    }
  }

  #request(context: Context): void {
    this.#heading(this.catalog.contextStep(++this.#step));
    this.#line(this.style.note(this.catalog.contextOrigin));
    this.#contextLines(context);
  }

  #contextLines({ systemPrompt, messages, tools = [] }: Context): void {
    const say = this.catalog;
    if (systemPrompt !== undefined) this.#line(say.systemPrompt(systemPrompt));
    this.#history(messages);
    this.#line(say.toolsHeader(tools.length));
    for (const tool of tools) {
      this.#data(`${tool.name}  ${tool.description}`);
      this.#data(`${" ".repeat(tool.name.length + 2)}parameters=${json(tool.parameters)}`);
    }
  }

  #wire(context: Context, next: boolean): void {
    if (!this.wire) return;
    const { heading, body, notes } = wireBlock(this.wire, context, this.catalog, next);
    this.#line(this.style.note(heading));
    for (const line of body) this.#data(this.style.app(line));
    for (const note of notes) this.#line(this.style.note(note));
  }

  #end(reason: Extract<AgentEvent, { type: "end" }>["reason"], turns: number, history: readonly Message[]): void {
    const { catalog: say, style } = this;
    const historyLength = history.length;
    // A run stopped with results in the history would send them next: show that request.
    if (this.wire && (reason === "maxTurns" || reason === "aborted") && this.#lastContext) this.#wire({ ...this.#lastContext, messages: [...history] }, true);
    switch (reason) {
      case "maxTurns":
        // A summary episode's cap is the fixture's own choice; the steps episode has explained it.
        if (this.#mode === "steps") this.#line(style.note(say.stoppedAtCap(turns, historyLength)));
        return;
      case "stop":
        this.#line(style.note(say.finished(turns)));
        return;
      case "modelError":
        this.#line(style.failure(say.endedByModelError));
        return;
      case "aborted":
        this.#line(style.failure(say.endedByAbort(this.#abortText(), historyLength)));
        return;
    }
  }

  #history(messages: readonly Message[]): void {
    this.#line(this.catalog.historyHas(messages.length));
    const hidden = Math.max(0, messages.length - HISTORY_LISTING_LIMIT);
    if (hidden > 0) this.#data(this.style.note(this.catalog.historyElided(hidden)));
    for (let index = hidden; index < messages.length; index++) {
      const message = messages[index];
      if (message) this.#data(historyLine(message));
    }
  }

  #reply(message: AssistantMessage, historyLength: number): void {
    const { catalog: say, style } = this;
    const hasToolCalls = message.content.some((block) => block.type === "toolCall");
    if (this.#mode === "summary") {
      for (const block of message.content) if (block.type === "text") this.#line(style.model(say.modelSays(block.text)));
      const expected = hasToolCalls ? "toolUse" : "stop";
      if (message.stopReason !== expected || !hasToolCalls) this.#line(say.stopReason(message.stopReason));
      return;
    }
    this.#heading(say.replyStep(++this.#step, message.content.length));
    message.content.forEach((block, index) => {
      const detail = block.type === "text" ? block.text : `id=${block.id} name=${block.name} arguments=${json(block.arguments)}`;
      this.#data(style.model(`${say.block(index)}  ${block.type.padEnd(10)}${detail}`));
    });
    this.#line(say.stopReason(message.stopReason));
    this.#line(style.note(say.replyAppended(historyLength, hasToolCalls)));
  }

  #toolCall(call: ToolCall, { outcome, result }: ToolCallTrace): void {
    const { catalog: say, style } = this;
    const steps = this.#mode === "steps";
    const refused = outcome.stage === "skipped" && outcome.reason !== "aborted";
    if (steps) {
      this.#heading(refused ? say.refusedStep(++this.#step, call.name, call.id) : say.validateStep(++this.#step, call.name));
    } else {
      this.#line(style.model(say.modelCall(call.name, call.id)));
      this.#line(style.model(say.modelArguments(json(call.arguments))));
    }
    const executeHeading = () => {
      if (steps) this.#heading(say.executeStep(++this.#step, call.name));
    };
    if ("conversions" in outcome && outcome.conversions.length > 0) {
      this.#line(say.converted(outcome.conversions.map(({ path, from, to }) => `${formatFieldPath(path)} ${json(from)} → ${json(to)}`)));
    }

    switch (outcome.stage) {
      case "skipped":
        if (refused) {
          this.#line(style.failure(say.skipped(outcome.reason, call.id, this.#abortText())));
          this.#line(say.notExecuted);
        } else {
          // Lookup and parse run synchronously, so an abort can only catch a call inside execute.
          this.#line(say.runningWhenAborted);
          executeHeading();
          this.#line(style.failure(say.skipped(outcome.reason, call.id, this.#abortText())));
          this.#line(say.abandoned);
        }
        break;
      case "lookup":
        this.#line(style.failure(say.lookupFailed(call.name, this.#toolNames)));
        executeHeading();
        this.#line(say.lookupFailedSkip);
        break;
      case "parse":
        this.#line(style.failure(say.parseFailed(this.#describeParseError(outcome.error))));
        executeHeading();
        this.#line(say.parseFailedSkip);
        break;
      case "execute":
        this.#line(say.parsePassed(call.name, json(outcome.parsedArguments), droppedKeys(call, outcome.parsedArguments)));
        executeHeading();
        this.#line(style.failure(say.threw(errorText(outcome.error))));
        this.#line(say.threwCaught);
        break;
      case "done":
        this.#line(say.parsePassed(call.name, json(outcome.parsedArguments), droppedKeys(call, outcome.parsedArguments)));
        executeHeading();
        this.#done(outcome, call, result.isError);
        break;
    }
    const line = `[toolResult] ${historyLine(result).slice(13)}`;
    this.#data(result.isError ? style.failure(line) : style.app(line));
  }

  #done(outcome: Extract<ToolCallOutcome, { stage: "done" }>, call: ToolCall, isError: boolean): void {
    const { catalog: say, style } = this;
    const content = `[${outcome.output.content.map((block) => `text(${quoted(block.text)})`).join(", ")}]`;
    const details = outcome.output.details === undefined ? undefined : json(outcome.output.details);
    this.#line(say.executed(content, details));
    if (isError) this.#line(style.failure(say.domainFailure));
    this.#line(style.note(say.resultWrapped(call.id)));
  }

  #abortText(): string {
    const reason: unknown = this.#signal?.reason;
    return reason instanceof RunAborted ? this.catalog.abortCause(reason.kind, reason.ms) : describeAbort(this.#signal);
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

  #heading(text: string): void {
    this.write("");
    this.write(this.style.heading(text));
  }

  #line(text: string): void {
    this.write(`${INDENT}${text}`);
  }

  #data(text: string): void {
    this.write(`${DATA_INDENT}${text}`);
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
