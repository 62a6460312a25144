// A StandInUI that answers from a list, as a person at the terminal would, and keeps what it was
// shown and told: the request views, the lines said, and every refusal of typed arguments.
import type { AnswerChoice } from "../../src/commands/serve/stand-in-messages.ts";
import { type CallReview, type ChoiceState, SessionCancelled, type StandInUI } from "../../src/commands/serve/stand-in-ui.ts";
import type { FaultKind } from "../../src/providers/shared/fault-kind.ts";

export type StandInAnswer =
  | { prompt: "choose"; value: AnswerChoice }
  | { prompt: "reviewCall"; value: CallReview }
  /** Each text is tried in turn, as typed: the first the check accepts is the answer. */
  | { prompt: "editArguments"; typed: unknown[] }
  | { prompt: "renameTool"; value: string }
  | { prompt: "pickTool"; value: string }
  | { prompt: "writeText"; value: string }
  | { prompt: "pickFault"; value: FaultKind }
  | { prompt: "saveAs"; value: string | undefined }
  | { prompt: "confirmOverwrite"; value: boolean }
  /** Ctrl-C at the next prompt. */
  | { prompt: "cancel" };

export class ScriptedStandIn implements StandInUI {
  readonly shown: string[][] = [];
  readonly said: string[] = [];
  readonly refusals: string[] = [];
  readonly states: ChoiceState[] = [];
  readonly #answers: StandInAnswer[];
  /** Once the list is used up, every request gets the script's reply (Enter). */
  constructor(answers: StandInAnswer[]) {
    this.#answers = [...answers];
  }

  unused(): StandInAnswer[] {
    return [...this.#answers];
  }

  /** The next answer, which must be for `prompt` (undefined once the list is used up). */
  #next(prompt: StandInAnswer["prompt"]): StandInAnswer | undefined {
    const answer = this.#answers[0];
    if (answer?.prompt === "cancel") {
      this.#answers.shift();
      throw new SessionCancelled("cancelled by the script");
    }
    if (answer === undefined) return undefined;
    if (answer.prompt !== prompt) throw new Error(`the scripted person expected ${answer.prompt}, was asked ${prompt}`);
    return this.#answers.shift();
  }

  show(lines: readonly string[]): void {
    this.shown.push([...lines]);
  }
  async choose(state: ChoiceState): Promise<AnswerChoice> {
    this.states.push(state);
    const answer = this.#next("choose");
    return answer?.prompt === "choose" ? answer.value : "script";
  }
  async reviewCall(): Promise<CallReview> {
    const answer = this.#next("reviewCall");
    return answer?.prompt === "reviewCall" ? answer.value : "keep";
  }
  async editArguments(_current: string, check: (value: unknown) => true | string): Promise<unknown> {
    const answer = this.#next("editArguments");
    for (const value of answer?.prompt === "editArguments" ? answer.typed : []) {
      const verdict = check(value);
      if (verdict === true) return value;
      this.refusals.push(verdict);
    }
    throw new Error("no typed arguments passed the check");
  }
  async renameTool(): Promise<string> {
    const answer = this.#next("renameTool");
    if (answer?.prompt !== "renameTool") throw new Error("the scripted person has no answer for renameTool");
    return answer.value;
  }
  async pickTool(): Promise<string> {
    const answer = this.#next("pickTool");
    if (answer?.prompt !== "pickTool") throw new Error("the scripted person has no answer for pickTool");
    return answer.value;
  }
  async writeText(): Promise<string> {
    const answer = this.#next("writeText");
    if (answer?.prompt !== "writeText") throw new Error("the scripted person has no answer for writeText");
    return answer.value;
  }
  async pickFault(): Promise<FaultKind> {
    const answer = this.#next("pickFault");
    if (answer?.prompt !== "pickFault") throw new Error("the scripted person has no answer for pickFault");
    return answer.value;
  }
  async saveAs(): Promise<string | undefined> {
    const answer = this.#next("saveAs");
    return answer?.prompt === "saveAs" ? answer.value : undefined;
  }
  async confirmOverwrite(): Promise<boolean> {
    const answer = this.#next("confirmOverwrite");
    return answer?.prompt === "confirmOverwrite" && answer.value;
  }
  say(line: string): void {
    this.said.push(line);
  }
}
