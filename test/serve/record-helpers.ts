// Starts `serve --record` in this process on port 0, as the command line would (same function,
// same output), and stops it the way Ctrl-C does: the session is then written.

import { createServer, type RequestListener } from "node:http";
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
  /** Resolves once the file on disk holds at least `exchanges` exchanges. */
  saved(exchanges: number): Promise<void>;
  /** Ctrl-C (or SIGTERM): resolves with the exit code once the fixture is written (or refused). */
  stop(signal?: "SIGINT" | "SIGTERM"): Promise<number>;
}

export async function startRecord(
  upstream: string,
  output: string,
  options: {
    json?: boolean;
    maxBody?: number;
    maxFixtureBytes?: number;
    limits?: Partial<ServeLimits>;
    clock?: Clock;
    drained?: () => Promise<void> | undefined;
    holdExit?: (work: Promise<unknown>) => void;
  } = {},
): Promise<RecordRun> {
  let out = "";
  let err = "";
  const interrupt = new AbortController();
  const terminate = new AbortController();
  let resolveServer: (server: RunningShell) => void = () => {};
  const listening = new Promise<RunningShell>((resolve) => (resolveServer = resolve));
  let savedExchanges = 0;
  const waiting: { exchanges: number; resolve: () => void }[] = [];
  const onSaved = (exchanges: number): void => {
    savedExchanges = exchanges;
    for (const wait of waiting.filter((each) => each.exchanges <= exchanges)) wait.resolve();
  };
  const { json, maxBody, maxFixtureBytes } = options;
  const exit = recordSession(
    { record: upstream, output, port: 0, host: "127.0.0.1", lang: "en", json, maxBody, maxFixtureBytes, onSaved },
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
      ...(options.holdExit ? { holdExit: options.holdExit } : {}),
    },
  );
  const server = await Promise.race([listening, exit.then((code) => Promise.reject(new Error(`serve --record exited ${code}: ${err}`)))]);
  return {
    url: server.url,
    server,
    out: () => out,
    err: () => err,
    saved: (exchanges) => (exchanges <= savedExchanges ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ exchanges, resolve }))),
    stop: (signal = "SIGINT") => {
      (signal === "SIGTERM" ? terminate : interrupt).abort();
      return exit;
    },
  };
}

/** A stand-in API on a local port, answering as `handler` does; closed with its sockets. */
export async function localUpstream(handler: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An OpenAI chat completion whose reply is `text`. */
export function completionOf(text: string): string {
  const message = { role: "assistant", content: text };
  return JSON.stringify({ id: "c1", object: "chat.completion", created: 0, model: "m", choices: [{ index: 0, message, finish_reason: "stop" }] });
}

/** A chat request to the recorder (or serve) at `url`. */
export function askChat(url: string, messages: object[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ model: "m", messages, ...extra }),
  });
}
