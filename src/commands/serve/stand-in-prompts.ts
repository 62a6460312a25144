// The terminal implementation of StandInUI, on @inquirer/prompts, written to the stream given
// (stderr: stdout keeps serve's URL line and narration). Ctrl-C and Esc end the session
// (SessionCancelled); a client that gives up while its question is open ends the question
// (ClientGone); inquirer restores the terminal either way. Model and client data are shown
// written out, never obeyed.
import { confirm, input, select } from "@inquirer/prompts";
import { hasUnsafe, visible, visibleKeepingColour } from "../../io/sanitize.ts";
import { findJsonSyntaxError } from "../../json/json-syntax.ts";
import type { Catalog } from "../../narration/catalog.ts";
import { escapablePrompt, isPromptLeft } from "../shared/escapable-prompt.ts";
import type { StandInMessages } from "./stand-in-messages.ts";
import { ClientGone, SessionCancelled, type StandInUI } from "./stand-in-ui.ts";

/** Where the prompts read and write: the terminal's stdin and stderr unless told. */
export interface PromptStreams {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

type Context = { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; signal: AbortSignal };

type Ask = <T>(prompt: (context: Context) => Promise<T>, gone?: AbortSignal) => Promise<T>;

export function createStandInPrompts(say: StandInMessages, narration: Catalog, streams: PromptStreams = {}): StandInUI {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stderr;
  const ask = asker(input, output);
  return { ...requestPrompts(ask, say, narration), ...sessionPrompts(ask, say, output) };
}

/** Runs one prompt: Esc aborts it like Ctrl-C (SessionCancelled); the request's client leaving
 *  aborts it too (ClientGone). */
function asker(inputStream: NodeJS.ReadableStream, output: NodeJS.WritableStream): Ask {
  return async (prompt, gone) => {
    try {
      return await escapablePrompt(inputStream, (signal) => prompt({ input: inputStream, output, signal }), gone);
    } catch (error) {
      if (gone?.aborted) throw new ClientGone();
      if (isPromptLeft(error)) throw new SessionCancelled(error.message);
      throw error;
    }
  };
}

/** The questions about one request. */
function requestPrompts(ask: Ask, say: StandInMessages, narration: Catalog): Omit<StandInUI, "show" | "saveAs" | "confirmOverwrite" | "say"> {
  /** The JSON check first (the place of a syntax error), then the caller's. */
  const jsonThen = (check: (value: unknown) => true | string) => (text: string) => {
    const error = findJsonSyntaxError(text);
    if (error) return say.invalidJson(error.line, error.column, narration.jsonSyntaxProblem(error.problem));
    return check(JSON.parse(text));
  };
  const calls = [
    { value: "keep" as const, name: say.callKeep },
    { value: "edit" as const, name: say.callEdit },
    { value: "rename" as const, name: say.callRename },
    { value: "drop" as const, name: say.callDrop },
  ];
  return {
    choose: (state, gone) =>
      ask((context) => {
        const choices = state.choices.map((value) => ({ value, name: say.choice[value] }));
        return select({ message: say.choose(state.number, state.waiting, state.oldestSeconds), choices, default: state.choices[0], loop: false }, context);
      }, gone),
    reviewCall: (call, argumentsJson, gone) =>
      ask(
        (context) => select({ message: visible(say.reviewCall(call.name, call.id, argumentsJson)), default: "keep", loop: false, choices: calls }, context),
        gone,
      ),
    editArguments: async (currentJson, check, gone) => {
      const message = say.editArguments;
      const text = await ask((context) => input({ message, default: visible(currentJson), prefill: "tab", validate: jsonThen(check) }, context), gone);
      return JSON.parse(text);
    },
    renameTool: (current, known, gone) =>
      ask((context) => {
        // A name holding control characters is not offered for editing: written out, it would be another name.
        const offered = hasUnsafe(current) ? {} : { default: current, prefill: "tab" as const };
        return input({ message: visible(say.renameTool([...known])), ...offered, validate: (value) => value.trim() !== "" || say.emptyName }, context);
      }, gone),
    pickTool: (names, gone) =>
      ask((context) => select({ message: say.pickTool, choices: names.map((name) => ({ value: name, name: visible(name) })), loop: false }, context), gone),
    writeText: (gone) => ask((context) => input({ message: say.writeText }, context), gone),
    pickFault: (kinds, gone) =>
      ask((context) => select({ message: say.pickFault, choices: kinds.map((kind) => ({ value: kind, name: kind })), loop: false }, context), gone),
  };
}

/** What the session shows and asks outside a request: the view, its lines, the save. */
function sessionPrompts(ask: Ask, say: StandInMessages, output: NodeJS.WritableStream): Pick<StandInUI, "show" | "saveAs" | "confirmOverwrite" | "say"> {
  return {
    show: (lines) => void output.write(`${lines.join("\n")}\n`),
    saveAs: async (suggested, answered) => {
      if (!(await ask((context) => confirm({ message: say.saveConfirm(answered), default: answered > 0 }, context)))) return undefined;
      return ask((context) =>
        input({ message: say.savePath, default: visible(suggested), prefill: "editable", validate: (value) => value.trim() !== "" }, context),
      );
    },
    confirmOverwrite: (path) => ask((context) => confirm({ message: visible(say.overwrite(path)), default: false }, context)),
    say: (line) => void output.write(`${visibleKeepingColour(line)}\n`),
  };
}
