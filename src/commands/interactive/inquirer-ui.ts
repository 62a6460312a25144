// The terminal implementation of InteractiveUI, on @inquirer/prompts. Every prompt names its keys;
// Ctrl-C and Esc both leave (as PromptCancelled), and inquirer restores the terminal either way.
import { confirm, input, select } from "@inquirer/prompts";
import type { Language } from "../../fixture/fixture-format.ts";
import { hasUnsafe, visible, visibleKeepingColour } from "../../io/sanitize.ts";
import { findJsonSyntaxError } from "../../json/json-syntax.ts";
import { escapablePrompt, isPromptLeft } from "../shared/escapable-prompt.ts";
import type { SessionCatalogs } from "./session-catalogs.ts";
import { type CallChoice, type InteractiveUI, type PauseChoice, PromptCancelled } from "./ui.ts";

export interface PromptStreams {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/** The edit prompt's check: a JSON text passes; anything else gets the place and a second chance. */
export function checkJsonText(text: string, lang: Language, catalogs: SessionCatalogs): true | string {
  const error = findJsonSyntaxError(text);
  if (!error) return true;
  return catalogs.prompts[lang].invalidJson(error.line, error.column, catalogs.narration[lang].jsonSyntaxProblem(error.problem));
}

/** `catalogs`: both languages, loaded up front (loadSessionCatalogs), since the person may switch. */
export function createInquirerUI(initialLang: Language, catalogs: SessionCatalogs, streams: PromptStreams = {}): InteractiveUI {
  let lang = initialLang;
  const say = () => catalogs.prompts[lang];
  const inputStream = streams.input ?? process.stdin;
  const output = streams.output ?? process.stdout;

  /** Runs one prompt; Esc aborts it like Ctrl-C, and both become PromptCancelled. */
  async function ask<T>(
    prompt: (context: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; signal: AbortSignal; clearPromptOnDone: boolean }) => Promise<T>,
    { clear = false } = {},
  ): Promise<T> {
    try {
      return await escapablePrompt(inputStream, (signal) => prompt({ input: inputStream, output, signal, clearPromptOnDone: clear }));
    } catch (error) {
      if (isPromptLeft(error)) throw new PromptCancelled(error.message);
      throw error;
    }
  }

  return {
    pickFixture: (choices, preferred) => {
      const width = Math.max(...choices.map(({ name }) => name.length)) + 2;
      const list = choices.map(({ name, title }) => ({ value: name, name: visible(`${name.padEnd(width)}${title}`), short: visible(name) }));
      return ask((context) => select({ message: say().pickFixture, choices: list, default: preferred, pageSize: 16 }, context));
    },

    pause: ({ validation }) =>
      ask(
        (context) =>
          select<PauseChoice>(
            {
              message: say().pause,
              default: "next",
              loop: false,
              choices: [
                { value: "next", name: say().pauseNext },
                { value: "runToEnd", name: say().pauseRunToEnd },
                { value: "showContext", name: say().pauseShowContext },
                { value: "toggleValidation", name: say().pauseValidation(validation) },
                { value: "toggleLanguage", name: say().pauseLanguage(lang) },
                { value: "quit", name: say().pauseQuit },
              ],
            },
            context,
          ),
        // The pause menu leaves no trace: the transcript reads on as if uninterrupted.
        { clear: true },
      ),

    reviewCall: (call, argumentsJson) =>
      ask((context) =>
        select<CallChoice>(
          {
            // The call is model data: every prompt shows it written out, never obeyed.
            message: visible(say().reviewCall(call.name, call.id, argumentsJson)),
            default: "run",
            loop: false,
            choices: [
              { value: "run", name: say().callRun },
              { value: "edit", name: say().callEdit },
              { value: "rename", name: say().callRename },
              { value: "drop", name: say().callDrop },
            ],
          },
          context,
        ),
      ),

    editArguments: async (currentJson) => {
      // JSON text already escapes C0; `visible` writes out what JSON leaves raw (bidi, C1, …),
      // and the result is still the same JSON.
      const text = await ask((context) =>
        input(
          // "tab": the current arguments show as the default; typing starts afresh, Tab copies them in to edit.
          { message: say().editArguments, default: visible(currentJson), prefill: "tab", validate: (value) => checkJsonText(value, lang, catalogs) },
          context,
        ),
      );
      return JSON.parse(text);
    },

    renameTool: (current, known) =>
      ask((context) =>
        input(
          // A name holding control characters is not offered for editing: its written-out form
          // would become a different name.
          {
            message: visible(say().renameTool(known)),
            ...(hasUnsafe(current) ? {} : { default: current, prefill: "tab" as const }),
            validate: (value) => value.trim() !== "" || say().emptyName,
          },
          context,
        ),
      ),

    saveAs: async (suggested, edited) => {
      if (!(await ask((context) => confirm({ message: say().saveConfirm(edited), default: edited }, context)))) return undefined;
      return ask((context) =>
        input({ message: say().savePath, default: visible(suggested), prefill: "editable", validate: (value) => value.trim() !== "" }, context),
      );
    },

    confirmOverwrite: (path) => ask((context) => confirm({ message: visible(say().overwrite(path)), default: false }, context)),

    confirmOutside: (path, projectFolder) =>
      ask((context) => confirm({ message: visible(say().outsideProject(path, projectFolder)), default: false }, context)),

    // Lines from the session's narrator arrive styled (and already made visible); anything else
    // that reaches here (a saved path) is made visible too, the colours kept.
    say: (line) => void output.write(`${visibleKeepingColour(line)}\n`),

    setLanguage: (next) => {
      lang = next;
    },
  };
}
