// What serve --interactive asks the person answering in the model's place, as an interface: the
// terminal implementation (stand-in-prompts.ts) uses @inquirer/prompts, tests pass a scripted one.
// Every question about a request takes the request's `gone` signal: a client that gives up while
// its question is open ends the question (ClientGone).
import type { ToolCall } from "../../protocol/types.ts";
import type { FaultKind } from "../../providers/shared/fault-kind.ts";
import type { AnswerChoice } from "./stand-in-messages.ts";

export type CallReview = "keep" | "edit" | "rename" | "drop";

/** The choice prompt's facts: which request, how many wait behind it and since when. */
export interface ChoiceState {
  number: number;
  waiting: number;
  oldestSeconds: number;
  choices: readonly AnswerChoice[];
}

export interface StandInUI {
  /** The request as the person sees it before choosing (lines already styled). */
  show(lines: readonly string[]): void;
  choose(state: ChoiceState, gone: AbortSignal): Promise<AnswerChoice>;
  reviewCall(call: ToolCall, argumentsJson: string, gone: AbortSignal): Promise<CallReview>;
  /** Parsed JSON that `check` accepted: a text that does not parse, or that `check` refuses, is
   *  explained (the refusal's own words) and asked for again. */
  editArguments(currentJson: string, check: (value: unknown) => true | string, gone: AbortSignal): Promise<unknown>;
  renameTool(current: string, known: readonly string[], gone: AbortSignal): Promise<string>;
  pickTool(names: readonly string[], gone: AbortSignal): Promise<string>;
  writeText(gone: AbortSignal): Promise<string>;
  pickFault(kinds: readonly FaultKind[], gone: AbortSignal): Promise<FaultKind>;
  /** A path to save the session to, or undefined to skip saving. */
  saveAs(suggested: string, answered: number): Promise<string | undefined>;
  confirmOverwrite(path: string): Promise<boolean>;
  /** A line for the person that is not part of the narration. */
  say(line: string): void;
}

/** The person left at a prompt (Ctrl-C or Esc): the session ends. */
export class SessionCancelled extends Error {
  override readonly name = "SessionCancelled";
}

/** The request's client closed its connection while its question was open. */
export class ClientGone extends Error {
  override readonly name = "ClientGone";
}
