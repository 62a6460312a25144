// Every sentence of the transcript narration, as one interface; each language implements all of it
// (catalog-zh.ts, catalog-en.ts; load-catalog.ts loads one), so the compiler catches a line that
// was translated into one language and forgotten in the other. Commands keep their own messages.

import type { StopSignal } from "../agent/call-policy.ts";
import type { SkipReason, ToolErrorDetail } from "../agent/execute-tool-call.ts";
import type { FixtureProblem } from "../fixture/load-fixture.ts";
import type { AppliedEdit } from "../fixture/person-edits.ts";
import type { JsonSyntaxProblem } from "../json/json-syntax.ts";
import type { PairingProblem } from "../protocol/tool-pairing.ts";
import type { StopReason } from "../protocol/types.ts";
import type { FaultKind } from "../providers/shared/fault-kind.ts";
import type { WireNote } from "../providers/shared/wire-note.ts";
import type { Expectation } from "../schema/schema-error.ts";
import type { ShownMarks } from "./legend-marks.ts";
import type { EpisodeOutcome, Producer } from "./step-outcome.ts";

/** Why the FakeModel refused a request, as data, so the refusal reads in the run's language. */
export type ModelRefusal =
  | { kind: "scriptExhausted"; requestNumber: number; scriptLength: number }
  | { kind: "pairing"; problem: PairingProblem }
  | { kind: "other"; message: string };

export interface Catalog {
  // the producer marks: one word each, padded to one column width; the legend explains those the
  // run can show (legend-marks.ts)
  marks: Record<Producer, string>;
  legend(shown: ShownMarks): string;
  // [1] the request
  contextStep(step: number): string;
  contextOrigin: string;
  systemPrompt(text: string): string;
  historyHas(count: number): string;
  historyElided(hidden: number): string;
  toolsHeader(count: number): string;
  /** `systemPrompt`: the request carries one, so it is resent too. */
  requestAgainStep(step: number, turn: number, historyLength: number, systemPrompt: boolean): string;
  // [2] the reply
  replyStep(step: number, blockCount: number): string;
  block(index: number): string;
  stopReason(reason: StopReason): string;
  replyAppended(historyLength: number, hasToolCalls: boolean): string;
  /** Interactive: the person dropped a call, so the app removed it from the reply. */
  callDropped(toolName: string, callId: string): string;
  stopReasonChanged(from: StopReason, to: StopReason): string;
  // a summary episode: titled by its outcome, the fixture's title below it
  outcomeStep(step: number, outcome: EpisodeOutcome): string;
  scenario(title: string): string;
  /** A later episode is a conversation of its own: where it starts, and the registry it has. */
  newConversation(tools: readonly string[]): string;
  /** At the end of a run whose every conversation asked the model once: where the second request is shown. */
  secondRequestElsewhere: string;
  /** A fixture title written for one outcome (`titleWhen`), heading the step when it happened. */
  titledStep(step: number, title: string): string;
  /** …and below the outcome's heading when something else happened. */
  titleNotShown(title: string, meant: EpisodeOutcome): string;
  // [3] [4] one call
  /** Titled by how far the call got: found and parsed, found but refused by parse, or not found. */
  validateStep(step: number, toolName: string, checked: "passed" | "parseFailed" | "lookupFailed"): string;
  /** `recorded`: the tool only plays back a logged result. */
  executeStep(step: number, toolName: string, recorded: boolean): string;
  modelCall(toolName: string, callId: string): string;
  modelArguments(json: string): string;
  /** Interactive: what a person changed in a call (its arguments or its tool's name), and from what. */
  personChanged(edit: AppliedEdit): string;
  /** Below a history line: the person's changes to that message. */
  historyEdited(edits: readonly AppliedEdit[]): string;
  /** A reply the fixture scripts to fail first at a real API (its `fail`, served by `serve`): what
   *  the app's loop would see, and what a harness should do. */
  scriptedFailure(kind: FaultKind, times: number, retryAfter: number | undefined): string;
  /** A reply scripted to come slowly (`delay`, in ms before its first byte) or to stall (`stall`). */
  scriptedDelay(ms: number): string;
  scriptedStall(afterEvents: number, forMs: number | undefined): string;
  /** After a failed validation: what the result text tells the model, and so what it can know. */
  modelReads(detail: ToolErrorDetail): string;
  modelSays(text: string): string;
  converted(conversions: string[]): string;
  skipped(reason: SkipReason, callId: string, abortReason: string): string;
  notExecuted: string;
  refusedStep(step: number, toolName: string, callId: string): string;
  runningWhenAborted: string;
  abandoned: string;
  progress(callId: string, text: string): string;
  lookupFailed(toolName: string, known: string[]): string;
  lookupFailedSkip: string;
  parsePassed(toolName: string, parsedJson: string, droppedKeys: string[]): string;
  /** A recorded tool's arguments that its declared schema refuses: the replay lets them through. */
  recordedRefusal(toolName: string, description: string): string;
  /** Undeclared keys were dropped; `schemaForbids`: the schema the model saw says additionalProperties: false. */
  droppedNotRefused(schemaForbids: boolean): string;
  parseFailed(description: string): string;
  /** After a failed validation: keys the model sent that the schema does not declare (and the declared one each may have meant). */
  undeclaredSent(keys: { key: string; suggestion: string | undefined }[]): string;
  /** Validation stops at the first failure: these declared fields were not checked. */
  stoppedAtFirst(unchecked: string[]): string;
  parseFailedSkip: string;
  executed(contentSummary: string, detailsJson: string | undefined): string;
  domainFailure: string;
  /** A recorded tool's answer: what the log holds, played back. */
  recordedResult(contentSummary: string): string;
  recordedFailure: string;
  /** A recorded tool found nothing in the log for the call: the app's stand-in fails it. */
  notRecorded(message: string): string;
  resultWrapped(callId: string): string;
  threw(message: string): string;
  threwCaught: string;
  /** "参数 a 必须是数字，收到 "128"" — a schema failure worded for a reader. */
  argumentProblem(path: string, expected: Expectation, received: string | undefined): string;
  // [5] the results
  resultsStep(step: number): string;
  stoppedAtCap(maxTurns: number, historyLength: number, systemPrompt: boolean): string;
  finished(turns: number): string;
  /** The run ended because a person removed every call of the last reply. */
  finishedAfterDrop(turns: number): string;
  order(finishOrder: string[], callOrder: string[]): string;
  endedByModelError: string;
  abortCause(kind: "timeout" | "interrupt", ms: number | undefined, signal: StopSignal | undefined): string;
  endedByAbort(reason: string, historyLength: number): string;
  unusedReplies(count: number): string;
  // a replayed real conversation (import)
  userJoined(step: number, historyLength: number): string;
  awaitingReply(historyLength: number): string;
  lintFinding(text: string, warning: boolean): string;
  // --wire
  wireHeading(provider: string, endpoint: string, next: boolean): string;
  /** Before a request shown as what it changes in the previous one (the parts follow). */
  wireDeltaHeading(provider: string, endpoint: string, next: boolean): string;
  /** After it: the parts as before, each a JSON place (`"model"`, `"messages"[0..2]`). */
  wireAsBefore(places: readonly string[]): string;
  /** Top-level keys the previous request had and this one does not. */
  wireRemoved(keys: readonly string[]): string;
  wireNote(note: WireNote): string;
  // the command line
  fixtureProblem(problem: FixtureProblem): string;
  jsonSyntaxProblem(problem: JsonSyntaxProblem): string;
  unknownFixture(name: string, known: string[]): string;
  modelFailed(refusal: ModelRefusal): string;
  /** npm consumed one of our options (`npm start --list`); `command` is the form with `--`. */
  npmSwallowedOption(option: string, command: string): string;
  /** The last line on stderr after a run was stopped by a signal (Ctrl-C is SIGINT). */
  interrupted(signal: StopSignal | undefined): string;
}
