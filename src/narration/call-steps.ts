// One tool call, narrated: lookup and validation, execution, the result the app builds, and what
// that result lets the model know. Told step by step in the first episode (a validate step and an
// execute step) and in a few lines in a summary episode. A call told one at a time opens its
// execute step the moment it passes validation, so the tool's progress shows there, live.

import type { AgentEvent } from "../agent/agent-events.ts";
import type { ToolCallOutcome, ToolCallTrace, ToolErrorDetail } from "../agent/execute-tool-call.ts";
import { nearestKey } from "../fixture/fixture-strict.ts";
import { type AppliedEdit, changedFrom } from "../fixture/person-edits.ts";
import { isRecord } from "../json/is-record.ts";
import type { ToolCall, ToolDefinition, ToolResultMessage } from "../protocol/types.ts";
import { formatFieldPath, SchemaError } from "../schema/schema-error.ts";
import { declaredSchemaRefusal } from "../tools/recorded.ts";
import type { Catalog } from "./catalog.ts";
import { contentText, errorText, historyLine, imagePlaceholder, json, quoted } from "./display-text.ts";
import type { MarkedLines } from "./marked-lines.ts";
import { callOutcome } from "./step-outcome.ts";

type Conversions = Extract<ToolCallOutcome, { stage: "done" }>["conversions"];

/** What the call steps need to know of the episode being narrated. */
export interface CallStepsContext {
  out: MarkedLines;
  say(): Catalog;
  /** The next step number (each call takes one or two). */
  nextStep(): number;
  /** Step by step (the first episode), or a few lines (a summary episode). */
  steps(): boolean;
  parallel(): boolean;
  toolNames(): string[];
  /** What the model was told of a tool (its JSON Schema), when the request declared it. */
  definition(name: string): ToolDefinition | undefined;
  /** A recorded tool only plays back what a log recorded: nothing runs. */
  recorded(name: string): boolean;
  toolErrors(): ToolErrorDetail;
  abortText(): string;
}

export class CallSteps {
  /** Progress reported while a tool runs, held until its execute step when that is not open. */
  #progress = new Map<string, string[]>();
  /** Calls whose validate and execute steps were told as they passed validation. */
  #opened = new Set<string>();
  /** Calls a person renamed or whose arguments they edited, by id, with what they were. */
  #personCalls = new Map<string, AppliedEdit>();

  private readonly context: CallStepsContext;

  constructor(context: CallStepsContext) {
    this.context = context;
  }

  /** The person's edits of the reply about to run (none: a reply as the model sent it). */
  personEdited(edits: readonly AppliedEdit[]): void {
    this.#personCalls.clear();
    for (const edit of edits) if (edit.kind === "arguments" || edit.kind === "name" || edit.kind === "add") this.#personCalls.set(edit.callId, edit);
  }

  /** The name the model gave a call the person renamed; undefined for any other call. */
  modelName(callId: string): string | undefined {
    const edit = this.#personCalls.get(callId);
    return edit?.kind === "name" ? edit.from.name : undefined;
  }

  validated({ call, parsedArguments, conversions }: Extract<AgentEvent, { type: "toolValidated" }>): void {
    const { out, say, nextStep } = this.context;
    // Calls told one at a time open their steps now; parallel ones are told whole as they end.
    if (!this.context.steps() || this.context.parallel()) return;
    this.#opened.add(call.id);
    out.heading(say().validateStep(nextStep(), call.name, "passed"));
    this.#converted(conversions);
    this.#passed(call, parsedArguments);
    out.heading(say().executeStep(nextStep(), call.name, this.context.recorded(call.name)));
  }

  progress({ call, content }: Extract<AgentEvent, { type: "toolProgress" }>): void {
    const line = this.context.say().progress(call.id, contentText(content));
    if (this.#opened.has(call.id)) return this.context.out.line("tool", line, "note");
    this.#progress.set(call.id, [...(this.#progress.get(call.id) ?? []), line]);
  }

  ended(call: ToolCall, { outcome, result }: ToolCallTrace): void {
    if (this.#opened.delete(call.id)) return this.#afterValidation(call, outcome, result);
    const { out, nextStep } = this.context;
    const say = this.context.say();
    const steps = this.context.steps();
    const refused = outcome.stage === "skipped" && outcome.reason !== "aborted";
    if (steps) {
      const checked = outcome.stage === "lookup" ? "lookupFailed" : outcome.stage === "parse" ? "parseFailed" : "passed";
      out.heading(refused ? say.refusedStep(nextStep(), call.name, call.id) : say.validateStep(nextStep(), call.name, checked));
    } else {
      // What the model sent, then what a person changed, each under its own mark; a call the
      // person added is theirs alone.
      const edit = this.#personCalls.get(call.id);
      if (edit?.kind === "add") out.line("person", say.personChanged(edit), "data");
      else {
        const sent = changedFrom(edit) ?? call;
        out.line("model", say.modelCall(sent.name, sent.id), "data");
        if (edit?.kind === "name") out.line("person", say.personChanged(edit), "data");
        out.line("model", say.modelArguments(json(sent.arguments)), "data");
        if (edit?.kind === "arguments") out.line("person", say.personChanged(edit), "data");
      }
    }
    // A call that never reached execute is titled by what happened to it, not "Execute …".
    const executeStep = () => {
      const notRun = outcome.stage === "lookup" || outcome.stage === "parse";
      if (steps)
        out.heading(
          notRun
            ? say.outcomeStep(nextStep(), callOutcome(call.name, { outcome, result }))
            : say.executeStep(nextStep(), call.name, this.context.recorded(call.name)),
        );
      // Progress came while the tool ran: it belongs here, after the call was validated.
      for (const line of this.#progress.get(call.id) ?? []) out.line("tool", line, "note");
      this.#progress.delete(call.id);
    };
    if (outcome.stage === "parse" || outcome.stage === "execute" || outcome.stage === "done") this.#converted(outcome.conversions);

    switch (outcome.stage) {
      case "skipped":
        if (refused) {
          out.line("app", say.skipped(outcome.reason, call.id, this.context.abortText()), "failure");
          out.line("app", say.notExecuted);
        } else {
          // Lookup and parse run synchronously, so an abort can only catch a call inside execute.
          out.line("app", say.runningWhenAborted);
          executeStep();
          out.line("app", say.skipped(outcome.reason, call.id, this.context.abortText()), "failure");
          out.line("app", say.abandoned);
        }
        break;
      case "lookup":
        out.line("app", say.lookupFailed(call.name, this.context.toolNames()), "failure");
        executeStep();
        out.line("app", say.lookupFailedSkip);
        break;
      case "parse":
        out.line("app", say.parseFailed(this.#describeParseError(outcome.error)), "failure");
        this.#unchecked(call.name, outcome.error);
        this.#undeclared(call);
        executeStep();
        out.line("app", say.parseFailedSkip);
        break;
      case "execute":
      case "done":
        this.#passed(call, outcome.parsedArguments);
        executeStep();
        this.#ran(call, outcome, result.isError);
        break;
    }
    this.#result(outcome, result);
  }

  /** The rest of a call whose validate and execute steps were told as it passed validation. */
  #afterValidation(call: ToolCall, outcome: ToolCallOutcome, result: ToolResultMessage): void {
    const say = this.context.say();
    if (outcome.stage === "skipped") {
      this.context.out.line("app", say.skipped(outcome.reason, call.id, this.context.abortText()), "failure");
      this.context.out.line("app", say.abandoned);
    } else if (outcome.stage === "execute" || outcome.stage === "done") {
      this.#ran(call, outcome, result.isError);
    }
    this.#result(outcome, result);
  }

  /** What passed, and — when keys were dropped — why the schema the model saw did not refuse them. */
  #passed(call: ToolCall, parsedArguments: unknown): void {
    const say = this.context.say();
    const definition = this.context.definition(call.name);
    const refusal = this.context.recorded(call.name) && definition ? declaredSchemaRefusal(definition, call.arguments) : undefined;
    if (refusal !== undefined) return this.context.out.line("app", say.recordedRefusal(call.name, this.#describeParseError(refusal)), "note");
    const dropped = droppedKeys(call, parsedArguments);
    this.context.out.line("app", say.parsePassed(call.name, json(parsedArguments), dropped));
    if (dropped.length === 0) return;
    const parameters = this.context.definition(call.name)?.parameters;
    this.context.out.line("app", say.droppedNotRefused(parameters?.additionalProperties === false), "note");
  }

  /** Validation stops at the first failing field: the fields declared after it were never checked. */
  #unchecked(toolName: string, error: unknown): void {
    if (!(error instanceof SchemaError)) return;
    const field = error.path[0];
    const properties = this.context.definition(toolName)?.parameters.properties;
    if (typeof field !== "string" || !isRecord(properties)) return;
    const declared = Object.keys(properties);
    const after = declared.indexOf(field) === -1 ? [] : declared.slice(declared.indexOf(field) + 1);
    if (after.length > 0) this.context.out.line("app", this.context.say().stoppedAtFirst(after), "note");
  }

  /** Keys the model sent that the schema does not declare: a misspelt `opp` is why `op` is missing. */
  #undeclared(call: ToolCall): void {
    const properties = this.context.definition(call.name)?.parameters.properties;
    if (!isRecord(properties) || !isRecord(call.arguments)) return;
    const declared = Object.keys(properties);
    const keys = Object.keys(call.arguments)
      .filter((key) => !Object.hasOwn(properties, key))
      .map((key) => ({ key, suggestion: nearestKey(key, declared) }));
    if (keys.length > 0) this.context.out.line("app", this.context.say().undeclaredSent(keys), "note");
  }

  #converted(conversions: Conversions): void {
    if (conversions.length === 0) return;
    this.context.out.line("app", this.context.say().converted(conversions.map(({ path, from, to }) => `${formatFieldPath(path)} ${json(from)} → ${json(to)}`)));
  }

  /** What the tool did: returned (perhaps reporting a failure itself) or threw. */
  #ran(call: ToolCall, outcome: Extract<ToolCallOutcome, { stage: "execute" | "done" }>, isError: boolean): void {
    const { out } = this.context;
    const say = this.context.say();
    if (outcome.stage === "execute") {
      // A recorded tool's only failure is the app's own: the log holds no result for the call.
      if (this.context.recorded(call.name)) out.line("app", say.notRecorded(errorText(outcome.error)), "failure");
      else out.line("tool", say.threw(errorText(outcome.error)), "failure");
      out.line("app", say.threwCaught);
      return;
    }
    const content = `[${outcome.output.content.map((block) => (block.type === "text" ? `text(${quoted(block.text)})` : imagePlaceholder(block))).join(", ")}]`;
    const details = outcome.output.details === undefined ? undefined : json(outcome.output.details);
    if (this.context.recorded(call.name)) out.line("record", say.recordedResult(content), "data");
    else out.line("tool", say.executed(content, details), "data");
    if (isError)
      out.line(this.context.recorded(call.name) ? "record" : "tool", this.context.recorded(call.name) ? say.recordedFailure : say.domainFailure, "failure");
    out.line("app", say.resultWrapped(call.id), "note");
  }

  /** The result message the app built, and what its text lets the model know. */
  #result(outcome: ToolCallOutcome, result: ToolResultMessage): void {
    this.context.out.data("app", `[toolResult] ${historyLine(result).slice(13)}`, result.isError ? "failure" : "data");
    // The narration above knows the field; the model reads only the result's text.
    if (outcome.stage === "parse" && outcome.error instanceof SchemaError && outcome.error.path.length > 0) {
      this.context.out.line("app", this.context.say().modelReads(this.context.toolErrors()), "note");
    }
  }

  #describeParseError(error: unknown): string {
    if (!(error instanceof SchemaError)) return errorText(error);
    return this.context.say().argumentProblem(formatFieldPath(error.path), error.expected, error.received === undefined ? undefined : json(error.received));
  }
}

/** Keys the model sent that the schema did not declare, and so never reached the tool. */
function droppedKeys(call: ToolCall, parsed: unknown): string[] {
  if (!isRecord(parsed) || !isRecord(call.arguments)) return [];
  return Object.keys(call.arguments).filter((key) => !Object.hasOwn(parsed, key));
}
