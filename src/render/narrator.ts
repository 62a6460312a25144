// The text transcript: turns the loop's events into numbered, narrated steps in the manner of
// course chapter 3.4. The first episode of a fixture is told step by step; later ones, each as
// one step, so the walkthrough can go on to the failure cases without repeating itself.
import type { ToolCallTrace } from "../execute-tool-call.ts";
import type { Catalog } from "../i18n/catalog.ts";
import type { AgentEvent } from "../loop/events.ts";
import { isPlainObject } from "../schema/object-schema.ts";
import { SchemaError, formatFieldPath } from "../schema/schema-error.ts";
import type { AssistantMessage, ToolCall } from "../types.ts";
import { contentText, historyLine, json, quoted } from "./format.ts";
import type { Style } from "./style.ts";

export type NarrationMode = "steps" | "summary";

const INDENT = "    ";
const DATA_INDENT = "      ";

export class Narrator {
  #step = 0;
  #mode: NarrationMode = "steps";
  #toolNames: string[] = [];

  constructor(
    private readonly catalog: Catalog,
    private readonly style: Style,
    private readonly write: (line: string) => void,
  ) {}

  title(text: string): void {
    this.write(this.style.heading(text));
  }

  /** A summary episode is one numbered step, headed by its title. */
  startEpisode(mode: NarrationMode, title: string | undefined): void {
    this.#mode = mode;
    if (mode === "summary") this.#heading(`[${++this.#step}] ${title ?? ""}`.trimEnd());
    else if (title !== undefined) this.#heading(title);
  }

  /** Replies the script held but the conversation never asked for. */
  unusedReplies(count: number): void {
    if (count > 0) this.#line(this.style.failure(`FakeModel: ${count} scripted repl${count === 1 ? "y was" : "ies were"} never requested`));
  }

  onEvent(event: AgentEvent): void {
    const { catalog: say, style } = this;
    switch (event.type) {
      case "turnStart": {
        this.#toolNames = (event.context.tools ?? []).map((tool) => tool.name);
        if (event.turn > 1) {
          this.#heading(say.requestAgainStep(++this.#step, event.turn, event.context.messages.length));
          return;
        }
        if (this.#mode === "summary") return;
        const { systemPrompt, messages, tools = [] } = event.context;
        this.#heading(say.contextStep(++this.#step));
        this.#line(style.note(say.contextOrigin));
        if (systemPrompt !== undefined) this.#line(say.systemPrompt(systemPrompt));
        this.#line(say.historyHas(messages.length));
        for (const message of messages) this.#data(historyLine(message));
        this.#line(say.toolsHeader(tools.length));
        for (const tool of tools) {
          this.#data(`${tool.name}  ${tool.description}`);
          this.#data(`${" ".repeat(tool.name.length + 2)}parameters=${json(tool.parameters)}`);
        }
        return;
      }
      case "messageAppended":
        if (event.message.role === "assistant") this.#reply(event.message, event.historyLength);
        return;
      case "toolEnd":
        this.#toolCall(event.call, event.trace);
        return;
      case "toolProgress":
        this.#data(style.note(`… ${quoted(contentText(event.content))}`));
        return;
      case "turnEnd":
        if (this.#mode === "steps" && event.results.length > 0) {
          this.#heading(say.resultsStep(++this.#step));
          this.#line(say.historyHas(event.history.length));
          for (const message of event.history) this.#data(historyLine(message));
        }
        return;
      case "end":
        // A summary episode's cap is the fixture's own choice; the steps episode has explained it.
        if (this.#mode === "summary" && event.reason === "maxTurns") return;
        this.#line(style.note(event.reason === "maxTurns" ? say.stoppedAtCap(event.turns, event.history.length) : say.finished(event.turns)));
        return;
      case "toolStart":
        return;
    }
  }

  #reply(message: AssistantMessage, historyLength: number): void {
    const { catalog: say, style } = this;
    const hasToolCalls = message.content.some((block) => block.type === "toolCall");
    if (this.#mode === "summary") {
      for (const block of message.content) if (block.type === "text") this.#line(style.model(say.modelSays(block.text)));
      if (!hasToolCalls) this.#line(say.stopReason(message.stopReason));
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
    if (steps) this.#heading(say.validateStep(++this.#step, call.name));
    else this.#line(style.model(say.modelArguments(json(call.arguments))));

    const resultLine = () => {
      const line = `[toolResult] ${historyLine(result).slice(13)}`;
      this.#data(result.isError ? style.failure(line) : style.app(line));
    };
    const executeHeading = () => {
      if (steps) this.#heading(say.executeStep(++this.#step, call.name));
    };

    switch (outcome.stage) {
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
        const content = `[${outcome.output.content.map((block) => `text(${quoted(block.text)})`).join(", ")}]`;
        const details = outcome.output.details === undefined ? undefined : json(outcome.output.details);
        this.#line(say.executed(content, details));
        if (result.isError) this.#line(style.failure(say.domainFailure));
        this.#line(style.note(say.resultWrapped(call.id)));
        break;
    }
    resultLine();
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
  if (!isPlainObject(parsed)) return [];
  return Object.keys(call.arguments).filter((key) => !Object.hasOwn(parsed, key));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
