// serve --interactive's person, as the exchange's stand-in (stand-in.ts): one request at a time,
// in arrival order, the rest waiting (and counted, with how long the oldest has waited). Each is
// shown (stand-in-view.ts) and answered through the UI: the script's reply as it is, that reply
// with calls edited, renamed or dropped, a call added to a declared tool (its arguments checked
// against the tool's declared JSON Schema before anything is sent), a text of the person's own, or
// a fault. What they change is kept as edits beside the reply (person-edits.ts), so the saved
// session credits each datum to whoever made it. Once the session ends (the menu, or Ctrl-C at a
// prompt) every request left gets the script's reply, as plain serve gives it.
import { faultKinds } from "../../fixture/fault-format.ts";
import type { CallEdit } from "../../fixture/person-edits.ts";
import type { Clock } from "../../io/clock.ts";
import type { Catalog } from "../../narration/catalog.ts";
import { json } from "../../narration/display-text.ts";
import type { Style } from "../../narration/style.ts";
import type { ToolCall, ToolDefinition } from "../../protocol/types.ts";
import { convertedSchemaOf } from "../../schema/from-json-schema.ts";
import { formatFieldPath, SchemaError } from "../../schema/schema-error.ts";
import type { FixtureReply } from "./check-request.ts";
import type { ServeWords } from "./serve-narration.ts";
import { servedForm } from "./served-form.ts";
import type { StandIn, StandInDecision, StandInRequest } from "./stand-in.ts";
import type { AnswerChoice, StandInMessages } from "./stand-in-messages.ts";
import { ClientGone, SessionCancelled, type StandInUI } from "./stand-in-ui.ts";
import { standInView } from "./stand-in-view.ts";
import { blankReply, type WorkingScript } from "./working-script.ts";

export interface StandInSessionOptions {
  script: WorkingScript;
  ui: StandInUI;
  say: StandInMessages;
  words: ServeWords;
  style: Style;
  clock: Clock;
}

/** How the session ended: the person chose to, or left at a prompt. */
export type SessionEnd = "ended" | "cancelled";

export class StandInSession implements StandIn {
  readonly script: WorkingScript;
  readonly #options: StandInSessionOptions;
  /** When each request still waiting for the person arrived, oldest first. */
  readonly #waiting: number[] = [];
  #turn: Promise<unknown> = Promise.resolve();
  #end: SessionEnd | undefined;
  readonly #ended = new AbortController();

  constructor(options: StandInSessionOptions) {
    this.#options = options;
    this.script = options.script;
  }

  /** Aborts when the session ends; its reason is the SessionEnd. */
  get ended(): AbortSignal {
    return this.#ended.signal;
  }

  get end(): SessionEnd | undefined {
    return this.#end;
  }

  decide(request: StandInRequest): Promise<StandInDecision> {
    const arrived = this.#options.clock.now();
    this.#waiting.push(arrived);
    const answered = this.#turn.then(() => {
      this.#waiting.splice(this.#waiting.indexOf(arrived), 1);
      return this.#answer(request);
    });
    this.#turn = answered.catch(() => undefined);
    return answered;
  }

  #finish(end: SessionEnd): void {
    if (this.#end) return;
    this.#end = end;
    this.#options.ui.say(this.#options.say.ended);
    this.#ended.abort(end);
  }

  async #answer(request: StandInRequest): Promise<StandInDecision> {
    const { ui, say, words, style } = this.#options;
    if (this.#end) return { kind: "script" };
    if (request.gone.aborted) {
      ui.say(say.gone(request.number));
      return { kind: "gone" };
    }
    ui.show(standInView(request, words, say, style));
    try {
      return await this.#ask(request);
    } catch (error) {
      if (error instanceof ClientGone) {
        ui.say(say.gone(request.number));
        return { kind: "gone" };
      }
      if (!(error instanceof SessionCancelled)) throw error;
      this.#finish("cancelled");
      return { kind: "script" };
    }
  }

  async #ask(request: StandInRequest): Promise<StandInDecision> {
    const { ui } = this.#options;
    const served = request.scripted && servedForm(request.scripted);
    const calls = (served?.content ?? []).filter((block): block is ToolCall => block.type === "toolCall");
    const tools = request.point.context.tools ?? [];
    for (;;) {
      const choice = await ui.choose(this.#choiceState(request, served !== undefined, calls.length > 0), request.gone);
      switch (choice) {
        case "script":
          return { kind: "script" };
        case "end":
          this.#finish("ended");
          return { kind: "script" };
        case "fault":
          return { kind: "fault", fault: await ui.pickFault(faultKinds, request.gone) };
        case "edit":
          return this.#replyWith(request.scripted, await this.#reviewCalls(calls, tools, request.gone));
        case "text":
          return this.#replyWith(request.scripted, [
            ...calls.map((call): CallEdit => ({ kind: "drop", callId: call.id })),
            { kind: "text", text: await ui.writeText(request.gone) },
          ]);
        case "add": {
          if (tools.length === 0) {
            ui.say(this.#options.say.noTools);
            break;
          }
          return this.#replyWith(request.scripted, [await this.#addedCall(tools, calls, request.gone)]);
        }
      }
    }
  }

  #choiceState(request: StandInRequest, scripted: boolean, hasCalls: boolean) {
    const choices: AnswerChoice[] = [...(scripted ? (["script"] as const) : []), ...(hasCalls ? (["edit"] as const) : []), "add", "text", "fault", "end"];
    const oldest = this.#waiting[0];
    const now = this.#options.clock.now();
    return {
      number: request.number,
      waiting: this.#waiting.length,
      oldestSeconds: oldest === undefined ? 0 : Math.max(0, Math.floor((now - oldest) / 1000)),
      choices,
    };
  }

  async #reviewCalls(calls: readonly ToolCall[], tools: readonly ToolDefinition[], gone: AbortSignal): Promise<CallEdit[]> {
    const { ui } = this.#options;
    const edits: CallEdit[] = [];
    for (const call of calls) {
      const review = await ui.reviewCall(call, json(call.arguments), gone);
      if (review === "drop") edits.push({ kind: "drop", callId: call.id });
      if (review === "rename")
        edits.push({
          kind: "name",
          callId: call.id,
          name: await ui.renameTool(
            call.name,
            tools.map((tool) => tool.name),
            gone,
          ),
        });
      if (review === "edit") {
        const check = this.#check(tools.find((tool) => tool.name === call.name));
        edits.push({ kind: "arguments", callId: call.id, arguments: await ui.editArguments(json(call.arguments), check, gone) });
      }
    }
    return edits;
  }

  async #addedCall(tools: readonly ToolDefinition[], calls: readonly ToolCall[], gone: AbortSignal): Promise<CallEdit> {
    const { ui } = this.#options;
    const name = await ui.pickTool(
      tools.map((tool) => tool.name),
      gone,
    );
    const args = await ui.editArguments("{}", this.#check(tools.find((tool) => tool.name === name)), gone);
    const taken = new Set(calls.map((call) => call.id));
    let number = 1;
    while (taken.has(`person_${number}`)) number++;
    return { kind: "add", callId: `person_${number}`, name, arguments: args };
  }

  #check(tool: ToolDefinition | undefined): (value: unknown) => true | string {
    return argumentsCheck(tool, this.#options.say, this.#options.words.narration);
  }

  /** The reply to put at the point: the script's with the person's edits beside it (a reply that
   *  already held a saved session's edits has them folded in first: it is what the harness was
   *  served), or, past the script's end, the person's edits alone. The script's `expect` goes: it
   *  was written for the script's own replies, and the person has taken this one over. No edit:
   *  the script's as it is. */
  #replyWith(scripted: FixtureReply | undefined, edits: CallEdit[]): StandInDecision {
    if (edits.length === 0) return { kind: "script" };
    const base = scripted ?? blankReply();
    const served = servedForm(base);
    return { kind: "reply", reply: { ...base, content: served.content, stopReason: served.stopReason, expect: undefined, edits } };
  }
}

/** A declared tool's JSON Schema as a check of typed arguments, refusing in the narration's words;
 *  a call to a tool the harness did not declare has no schema to meet. */
export function argumentsCheck(tool: ToolDefinition | undefined, say: StandInMessages, narration: Catalog): (value: unknown) => true | string {
  if (!tool) return () => true;
  const { schema } = convertedSchemaOf(tool.parameters);
  return (value) => {
    try {
      schema.parse(value);
      return true;
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      const received = error.received === undefined ? undefined : json(error.received);
      return say.refusedBySchema(tool.name, narration.argumentProblem(formatFieldPath(error.path), error.expected, received));
    }
  };
}
