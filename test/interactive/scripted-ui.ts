// A scripted InteractiveUI for tests: answers each prompt from a queue, checks that the prompt is
// the one expected, and reports answers never asked for — the UI's counterpart of FakeModel.
import type { CallChoice, InteractiveUI, PauseChoice } from "../../src/commands/interactive/ui.ts";
import type { ToolCall } from "../../src/protocol/types.ts";

export type Answer =
  | { prompt: "pickFixture"; value: string }
  | { prompt: "pause"; value: PauseChoice }
  | { prompt: "reviewCall"; value: CallChoice; expectCallId?: string }
  | { prompt: "editArguments"; value: unknown }
  | { prompt: "renameTool"; value: string }
  | { prompt: "saveAs"; value: string | undefined }
  | { prompt: "confirmOverwrite"; value: boolean }
  | { prompt: "confirmOutside"; value: boolean };

function answers<P extends Answer["prompt"]>(answer: Answer, prompt: P): answer is Extract<Answer, { prompt: P }> {
  return answer.prompt === prompt;
}

export class ScriptedUI implements InteractiveUI {
  readonly said: string[] = [];
  readonly seenCalls: ToolCall[] = [];
  /** Pauses not scripted are answered "next", so a script lists only what matters. */
  private readonly answers: Answer[];

  constructor(answers: Answer[]) {
    this.answers = answers;
  }

  #take<P extends Answer["prompt"]>(prompt: P): Extract<Answer, { prompt: P }> {
    const next = this.answers[0];
    if (!next || !answers(next, prompt)) throw new Error(`ScriptedUI: asked ${prompt}, script has ${next ? next.prompt : "nothing left"}`);
    this.answers.shift();
    return next;
  }

  unused(): Answer[] {
    return [...this.answers];
  }

  async pickFixture() {
    return this.#take("pickFixture").value;
  }
  async pause() {
    return this.answers[0]?.prompt === "pause" ? this.#take("pause").value : "next";
  }
  async reviewCall(call: ToolCall) {
    this.seenCalls.push(call);
    const answer = this.#take("reviewCall");
    if (answer.expectCallId !== undefined && answer.expectCallId !== call.id)
      throw new Error(`ScriptedUI: expected call ${answer.expectCallId}, got ${call.id}`);
    return answer.value;
  }
  async editArguments() {
    return this.#take("editArguments").value;
  }
  async renameTool() {
    return this.#take("renameTool").value;
  }
  /** The `edited` flag of every save prompt, in order. */
  readonly saveAsEdited: boolean[] = [];
  async saveAs(_suggested: string, edited: boolean) {
    this.saveAsEdited.push(edited);
    return this.#take("saveAs").value;
  }
  async confirmOverwrite() {
    return this.#take("confirmOverwrite").value;
  }
  async confirmOutside() {
    return this.#take("confirmOutside").value;
  }
  say(line: string) {
    this.said.push(line);
  }
  setLanguage() {}
}
