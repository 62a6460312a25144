// What serve and serve --record do around their server, alike: start it (or say in one line why
// it cannot listen), hand the process their SIGTERM and a closed stdout, wait for the first stop,
// say it, and close — answering what is in flight within the grace.

import type { Language } from "../../fixture/fixture-format.ts";
import { visible } from "../../io/sanitize.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import type { ServeIO } from "./serve-command.ts";
import type { ServeMessages } from "./serve-messages.ts";
import type { RunningShell } from "./shell.ts";
import { type Stop, whenStopped } from "./stop.ts";

/** The server once it listens, or the exit code after the line saying why it could not. */
export async function listening<S>(start: () => Promise<S>, where: { host: string; port: number }, say: ServeMessages, io: ServeIO): Promise<S | number> {
  try {
    return await start();
  } catch (error) {
    io.err(`${say.cannotListen(visible(where.host), where.port, visible(error instanceof Error ? error.message : String(error)))}\n`);
    return exitCodes.badInput;
  }
}

/** How the command says a stop: `closing` for a signal; for a closed stdout, the output falls
 *  silent and one line goes to stderr. */
export interface StopWords {
  lang: Language;
  closing(stop: Exclude<Stop, "outputClosed">, inFlight: number): void;
  silence(): void;
}

/** Serves until the first stop, then closes: the stop, and how many requests came in all. */
export async function untilStopped(server: RunningShell, io: ServeIO, words: StopWords): Promise<{ stop: Stop; requests: number }> {
  io.onTerminate?.();
  io.onOutputClosed?.();
  io.onListening?.(server);
  const stop = await whenStopped(io);
  if (stop === "outputClosed") {
    words.silence();
    const { loadOutputMessages } = await import("../shared/load-output-messages.ts");
    io.err(`${(await loadOutputMessages(words.lang)).outputClosed}\n`);
  } else words.closing(stop, server.inFlight());
  return { stop, requests: await server.close() };
}
