// One @inquirer/prompts prompt, as both the interactive session and serve --interactive run it:
// Esc aborts it as Ctrl-C does, and each caller turns either into its own "the person left".
import { emitKeypressEvents } from "node:readline";

/** Runs `prompt` with a signal that Esc on `input` aborts, and `also` too when given. The keypress
 *  listener is gone once the prompt has ended, however it ended. */
export async function escapablePrompt<T>(input: NodeJS.ReadableStream, prompt: (signal: AbortSignal) => Promise<T>, also?: AbortSignal): Promise<T> {
  const person = new AbortController();
  const onKey = (_text: string, key: { name?: string } | undefined) => {
    if (key?.name === "escape") person.abort();
  };
  emitKeypressEvents(input);
  input.on("keypress", onKey);
  try {
    return await prompt(also ? AbortSignal.any([person.signal, also]) : person.signal);
  } finally {
    input.removeListener("keypress", onKey);
  }
}

/** Whether `error` is inquirer's word for a prompt the person left (Ctrl-C, or Esc through the signal). */
export function isPromptLeft(error: unknown): error is Error {
  return error instanceof Error && (error.name === "ExitPromptError" || error.name === "AbortPromptError");
}
