// Raw-socket helpers for the hostile-request tests: one server in this process (the engine serve
// runs, with short limits so a held socket is seen to be cut), and exchanges of exact bytes.
import { connect, type Socket } from "node:net";
import type { ServeEvent } from "../../src/commands/serve/serve-events.ts";
import type { ServeLimits } from "../../src/commands/serve/serve-limits.ts";
import { type RunningServer, startServer } from "../../src/commands/serve/server.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import type { Fixture } from "../../src/fixture/fixture-format.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";
import type { Clock } from "../../src/io/clock.ts";

export interface HostileServer {
  server: RunningServer;
  port: number;
  events: ServeEvent[];
}

export async function startHostile(
  options: {
    limits?: Partial<ServeLimits>;
    maxBodyBytes?: number;
    host?: string;
    onEvent?: (event: ServeEvent) => void;
    drained?: () => Promise<void> | undefined;
    /** The fixture as served, to make a bug happen on purpose. */
    fixture?: (loaded: Fixture) => Fixture;
    /** The clock the server's limits run on (a TestClock the test moves). */
    clock?: Clock;
  } = {},
): Promise<HostileServer> {
  const loaded = await loadFixture(fixtureFileFor("serve-calc"));
  const fixture = options.fixture ? options.fixture(loaded) : loaded;
  const events: ServeEvent[] = [];
  const server = await startServer({
    fixture,
    fixtureName: "serve-calc",
    host: options.host ?? "127.0.0.1",
    port: 0,
    maxBodyBytes: options.maxBodyBytes,
    limits: options.limits,
    drained: options.drained,
    ...(options.clock ? { clock: options.clock } : {}),
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { server, port: Number(new URL(server.url).port), events };
}

/** Sends `bytes`, half-closes, and resolves with everything the server wrote until it closed (or
 *  until `ms` passed: then with what came, and the socket destroyed). */
export function rawExchange(port: number, bytes: string | Buffer, ms = 5000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (chunk: Buffer) => void (text += chunk.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(text);
    });
    socket.end(bytes);
  });
}

/** Sends `bytes` and keeps its side open, as an SDK does (a half-close while a request waits its
 *  turn, or while its answer comes from an upstream, reads as a client that left), and resolves
 *  with what came back once the server closes (or, after `ms`, with what came by then). */
export function openExchange(port: number, bytes: string, ms = 60_000): Promise<string> {
  const { socket, closed } = heldSocket(port);
  socket.write(bytes);
  const timer = setTimeout(() => socket.destroy(), ms);
  return closed.then(({ text }) => {
    clearTimeout(timer);
    return text;
  });
}

/** A socket left open: what it received, and when it closed. */
export function heldSocket(port: number): { socket: Socket; closed: Promise<{ text: string; at: number }> } {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk: Buffer) => void (text += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<{ text: string; at: number }>((resolve) => socket.once("close", () => resolve({ text, at: Date.now() })));
  return { socket, closed };
}

export function statusOf(response: string): number | undefined {
  const match = /^HTTP\/1\.[01] ([0-9]{3}) /.exec(response);
  return match ? Number(match[1]) : undefined;
}

export function bodyOf(response: string): unknown {
  return JSON.parse(response.slice(response.indexOf("\r\n\r\n") + 4));
}

/** A valid Chat Completions request as raw bytes, with extra header lines. */
export function validChat(extraHeaders = ""): string {
  const body = JSON.stringify({
    model: "m",
    messages: [{ role: "user", content: "What is 2 + 3?" }],
    tools: [{ type: "function", function: { name: "calc", parameters: { type: "object" } } }],
  });
  return `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extraHeaders}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** The outcome of each exchange the server narrated, in order. */
export function outcomeKinds(events: readonly ServeEvent[]): string[] {
  return events.flatMap((event) => (event.type === "exchange" ? [event.record.outcome.kind] : []));
}
