// What serve --interactive says to the person answering in the model's place, one interface each
// language implements in full (stand-in-messages-zh.ts, -en.ts). Every prompt names its keys.
import type { SaveProblem } from "../../fixture/write-fixture.ts";

/** The person's choices for one request (stand-in-ui.ts). */
export type AnswerChoice = "script" | "edit" | "add" | "text" | "fault" | "end";

export interface StandInMessages {
  /** The request view's heading. */
  heading(number: number, provider: string, streamed: boolean): string;
  /** Where the request stands: `replies` scripted in the episode; past them when `reply` > `replies`. */
  point(episode: number, reply: number, replies: number): string;
  history(messages: number): string;
  scriptAnswers: string;
  pastEnd: string;
  /** The choice prompt: `waiting` more requests queued, the oldest for `oldestSeconds`. */
  choose(number: number, waiting: number, oldestSeconds: number): string;
  choice: Record<AnswerChoice, string>;
  reviewCall(name: string, id: string, argumentsJson: string): string;
  callKeep: string;
  callEdit: string;
  callRename: string;
  callDrop: string;
  editArguments: string;
  invalidJson(line: number, column: number, problem: string): string;
  /** The declared schema of `tool` refuses the arguments: `problem` says where and why. */
  refusedBySchema(tool: string, problem: string): string;
  renameTool(known: string[]): string;
  emptyName: string;
  pickTool: string;
  noTools: string;
  writeText: string;
  pickFault: string;
  gone(number: number): string;
  ended: string;
  saveConfirm(answered: number): string;
  savePath: string;
  overwrite(path: string): string;
  saved(path: string, command: string): string;
  saveFailed(path: string, problem: SaveProblem): string;
  needsTerminal: string;
  cancelled: string;
}
