// What the interactive session's prompts say, one interface each language implements in full
// (interactive-messages-zh.ts, -en.ts; session-catalogs.ts loads both). Every prompt names its keys.

import type { Language } from "../../fixture/fixture-format.ts";
import type { SaveProblem } from "../../fixture/write-fixture.ts";
import type { ValidationPolicy } from "../../protocol/types.ts";

export interface InteractiveMessages {
  pickFixture: string;
  pause: string;
  pauseNext: string;
  pauseRunToEnd: string;
  pauseShowContext: string;
  pauseValidation(current: ValidationPolicy): string;
  pauseLanguage(current: Language): string;
  pauseQuit: string;
  reviewCall(name: string, id: string, argumentsJson: string): string;
  callRun: string;
  callEdit: string;
  callRename: string;
  callDrop: string;
  editArguments: string;
  invalidJson(line: number, column: number, problem: string): string;
  renameTool(known: string[]): string;
  emptyName: string;
  saveConfirm(edited: boolean): string;
  savePath: string;
  overwrite(path: string): string;
  /** `command` replays the saved file from the project folder. */
  saved(path: string, command: string): string;
  saveFailed(path: string, problem: SaveProblem): string;
  outsideProject(path: string, projectFolder: string): string;
  validationNow(policy: ValidationPolicy): string;
  languageNow: string;
  contextHeader: string;
  cancelled: string;
  needsTerminal: string;
  quit: string;
}
