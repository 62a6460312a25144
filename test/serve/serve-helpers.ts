// Starts `serve` in this process on port 0, as the command line would (same function, same
// output), and stops it the way Ctrl-C (or SIGTERM) does. Tests drive it with the official SDK clients,
// and read what it printed with --json through printedEvents and printedExchanges.
import assert from "node:assert/strict";
import { serve } from "../../src/commands/serve/serve-command.ts";
import type { ExchangeRecord, ServeEvent } from "../../src/commands/serve/serve-events.ts";
import type { ServeLimits } from "../../src/commands/serve/serve-limits.ts";
import type { RunningShell } from "../../src/commands/serve/shell.ts";
import type { StandInUI } from "../../src/commands/serve/stand-in-ui.ts";
import type { Language } from "../../src/fixture/fixture-format.ts";
import type { Clock } from "../../src/io/clock.ts";

export interface ServeRun {
  url: string;
  /** The running server itself: its sockets and requests in flight. */
  server: RunningShell;
  /** Everything written to stdout so far (the URL line first). */
  out(): string;
  err(): string;
  /** Ctrl-C (or SIGTERM): resolves with the exit code once in-flight requests are answered. */
  stop(signal?: "SIGINT" | "SIGTERM"): Promise<number>;
}

/** The events a `serve --json` run printed, each line after the URL parsed. */
export function printedEvents(out: string): ServeEvent[] {
  return out
    .split("\n")
    .slice(1)
    .filter((line) => line.startsWith("{"))
    .map((line): ServeEvent => JSON.parse(line));
}

/** The exchanges among them, as their records. */
export function printedExchanges(out: string): ExchangeRecord[] {
  return printedEvents(out).flatMap((event) => (event.type === "exchange" ? [event.record] : []));
}

export async function startServe(
  fixture: string,
  options: {
    lang?: Language;
    json?: boolean;
    maxBody?: number;
    storeResponses?: number;
    storeBytes?: number;
    /** The clock every wait and time limit runs on (a TestClock the test moves). */
    clock?: Clock;
    limits?: Partial<ServeLimits>;
    /** A promise while the narration's reader is not reading. */
    drained?: () => Promise<void> | undefined;
    /** serve --strict. */
    strict?: boolean;
    /** serve --interactive, answered by this UI instead of a terminal. */
    standInUI?: StandInUI;
  } = {},
): Promise<ServeRun> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const terminate = new AbortController();
  let resolveServer: (server: RunningShell) => void = () => {};
  const listening = new Promise<RunningShell>((resolve) => (resolveServer = resolve));
  const exit = serve(
    fixture,
    {
      port: 0,
      host: "127.0.0.1",
      lang: options.lang ?? "en",
      json: options.json,
      maxBody: options.maxBody,
      storeResponses: options.storeResponses,
      storeBytes: options.storeBytes,
      strict: options.strict,
      interactive: options.standInUI !== undefined,
    },
    {
      out: (text) => void (out += text),
      err: (text) => void (err += text),
      env: { NO_COLOR: "1" },
      isTTY: false,
      interrupt: interrupt.signal,
      terminate: terminate.signal,
      onListening: resolveServer,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.drained ? { drained: options.drained } : {}),
      ...(options.standInUI ? { standInUI: options.standInUI } : {}),
    },
  );
  const server = await Promise.race([listening, exit.then((code) => Promise.reject(new Error(`serve exited ${code}: ${err}`)))]);
  return {
    url: server.url,
    server,
    out: () => out,
    err: () => err,
    stop: (signal = "SIGINT") => {
      (signal === "SIGTERM" ? terminate : interrupt).abort();
      return exit;
    },
  };
}

/** What a promise rejects with; one that resolves fails the check with `success`, what the client
 *  should not have done. */
export async function rejection(promise: Promise<unknown>, success: string): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return assert.fail(success);
}
