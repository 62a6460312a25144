// What an interactive session asks a person, as an interface: the terminal implementation uses
// @inquirer/prompts, tests pass a scripted one. The session never touches a prompt library itself.
import type { Language } from "../../fixture/fixture-format.ts";
import type { ToolCall, ValidationPolicy } from "../../protocol/types.ts";

export type PauseChoice = "next" | "runToEnd" | "showContext" | "toggleValidation" | "toggleLanguage" | "quit";
export type CallChoice = "run" | "edit" | "rename" | "drop";

export interface PauseState {
  lang: Language;
  validation: ValidationPolicy;
}

export interface InteractiveUI {
  /** `preferred` is where the cursor starts (the walkthrough). */
  pickFixture(choices: { name: string; title: string }[], preferred: string): Promise<string>;
  /** Between two steps: Enter goes on; the other choices act and come back here. */
  pause(state: PauseState): Promise<PauseChoice>;
  /** Before a call joins the history and runs. */
  reviewCall(call: ToolCall, argumentsJson: string): Promise<CallChoice>;
  /** Returns the parsed JSON; a text that does not parse is explained and asked for again. */
  editArguments(currentJson: string): Promise<unknown>;
  renameTool(current: string, known: string[]): Promise<string>;
  /** A path to save the run to, or undefined to skip saving. */
  saveAs(suggested: string, edited: boolean): Promise<string | undefined>;
  confirmOverwrite(path: string): Promise<boolean>;
  /** The path lies outside the project folder: write there anyway? Without it, such a path is
   *  refused (a UI that cannot ask never writes outside the project). */
  confirmOutside?(path: string, projectFolder: string): Promise<boolean>;
  /** A line for the person that is not part of the transcript (a confirmation, the context view). */
  say(line: string): void;
  setLanguage(lang: Language): void;
}

/** The person left at a prompt (Ctrl-C or Esc): the session ends with exit code 130. */
export class PromptCancelled extends Error {
  override readonly name = "PromptCancelled";
}
