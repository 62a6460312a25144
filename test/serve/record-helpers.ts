// Starts `serve --record` in this process on port 0, as the command line would (same function,
// same output), and stops it the way Ctrl-C does: the session is then written.

import { recordSession } from "../../src/commands/serve/record-session.ts";
import type { ServeLimits } from "../../src/commands/serve/serve-limits.ts";
import type { RunningShell } from "../../src/commands/serve/shell.ts";
import type { Clock } from "../../src/io/clock.ts";

export interface RecordRun {
  url: string;
  /** The running server itself: its sockets and requests in flight. */
  server: RunningShell;
  out(): string;
  err(): string;
  /** Ctrl-C (or SIGTERM): resolves with the exit code once the fixture is written (or refused). */
  stop(signal?: "SIGINT" | "SIGTERM"): Promise<number>;
}

export async function startRecord(
  upstream: string,
  output: string,
  options: { json?: boolean; maxBody?: number; limits?: Partial<ServeLimits>; clock?: Clock; drained?: () => Promise<void> | undefined } = {},
): Promise<RecordRun> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const terminate = new AbortController();
  let resolveServer: (server: RunningShell) => void = () => {};
  const listening = new Promise<RunningShell>((resolve) => (resolveServer = resolve));
  const exit = recordSession(
    { record: upstream, output, port: 0, host: "127.0.0.1", lang: "en", json: options.json, maxBody: options.maxBody },
    {
      out: (text) => void (out += text),
      err: (text) => void (err += text),
      env: { NO_COLOR: "1" },
      isTTY: false,
      interrupt: interrupt.signal,
      terminate: terminate.signal,
      onListening: resolveServer,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.drained ? { drained: options.drained } : {}),
    },
  );
  const server = await Promise.race([listening, exit.then((code) => Promise.reject(new Error(`serve --record exited ${code}: ${err}`)))]);
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
