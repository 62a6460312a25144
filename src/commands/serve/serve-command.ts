// `tool-call-playground serve [fixture] [--port <n>] [--host 127.0.0.1]`: the FakeModel behind the
// four providers' real HTTP endpoints, so a learner's own harness (OpenAI, Anthropic or Google SDK,
// or Pi) can be pointed at it and watched. The first stdout line is the base URL; the narration
// (or --json events) follows on stdout. Ctrl-C / SIGTERM stop accepting, answer what is in flight,
// and exit 130 / 143.

import { defaultFixtureName, resolveFixture } from "../../fixture/fixture-files.ts";
import { type Fixture, type Language, languages } from "../../fixture/fixture-format.ts";
import { loadFixture } from "../../fixture/load-fixture.ts";
import { visible } from "../../io/sanitize.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import type { CliIO } from "../shared/command-io.ts";
import { type Command, Option } from "../shared/commander.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { portNumber, positiveInteger, withMainOptions } from "../shared/options.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import type { ServeEvent } from "./serve-events.ts";
import type { ServeLimits } from "./serve-limits.ts";
import type { RunningServer } from "./server.ts";
import { stopExitCodes, whenStopped } from "./stop.ts";

/** The command line's io, plus a hook tests use to learn the running server. */
export type ServeIO = Pick<
  CliIO,
  "out" | "err" | "env" | "isTTY" | "colorDepth" | "interrupt" | "terminate" | "onTerminate" | "drained" | "outputClosed" | "onOutputClosed"
> & {
  /** Told the running server once it listens (tests drive it, then stop it). */
  onListening?: (server: RunningServer) => void;
  /** Time limits and the connection cap, for tests that watch them cut a client off. */
  limits?: Partial<ServeLimits>;
  /** The clock a retry's wait is measured with (a test's own, so the narration it checks is fixed). */
  now?: () => number;
};

interface ServeCommandOptions {
  port: number;
  host: string;
  json?: boolean;
  lang: Language;
  chunk?: number;
  maxBody?: number;
  storeBytes?: number;
  storeResponses?: number;
  record?: string;
  output?: string;
  force?: boolean;
}

export function addServeCommand(program: Command, io: ServeIO, setExit: (code: number) => void): void {
  program.usage("[options] [fixture]");
  program
    .command("serve")
    .description("answer your own harness over HTTP as OpenAI, Anthropic or Gemini would, with the fixture's scripted replies, and narrate every request")
    .argument("[fixture]", `a fixture name or path (default: ${defaultFixtureName})`)
    .addOption(new Option("--port <n>", "port to listen on; 0 picks a free one").argParser(portNumber).default(0))
    .addOption(new Option("--host <host>", "address to listen on (loopback unless you say otherwise)").default("127.0.0.1"))
    .addOption(new Option("--max-body <bytes>", "largest request body accepted (413 above it)").argParser(positiveInteger))
    .addOption(new Option("--store-bytes <bytes>", "what the Responses API's stored responses may hold (the oldest go first)").argParser(positiveInteger))
    .addOption(new Option("--store-responses <n>", "how many Responses API responses are stored at most (the oldest go first)").argParser(positiveInteger))
    // Also the main command's options: given after `serve`, commander hands them to this command.
    .addOption(new Option("--lang <lang>", "language of the narration (default: zh)").choices(languages))
    .option("--json", "print the narration as JSON Lines after the URL line")
    .addOption(new Option("--chunk <n>", "fragment size of streamed replies (the fixture's own otherwise)").argParser(positiveInteger))
    .option("--record <url>", "record mode: pass each request on to this upstream base URL and, when stopped, write the session as a fixture (-o)")
    .option("-o, --output <file>", "with --record: the fixture file the session is written to")
    .option("--force", "with --record: replace the file if it exists")
    .addHelpText(
      "after",
      "\nThe first line on stdout is the base URL. Point an SDK at it:\n" +
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the help shows the JavaScript a reader types, template literal and all.
        '  new OpenAI({ baseURL: `${url}/v1`, apiKey: "x" })\n' +
        '  new Anthropic({ baseURL: url, apiKey: "x" })\n' +
        '  new GoogleGenAI({ apiKey: "x", httpOptions: { baseUrl: url } })\n' +
        "Ctrl-C or SIGTERM: in-flight requests are answered, then exit 130 / 143.",
    )
    .action(async (fixtureArgument: string | undefined, options: ServeCommandOptions, command: Command) => {
      const { record } = options;
      if (record === undefined) return setExit(await serve(fixtureArgument ?? defaultFixtureName, withMainOptions(options, command), io));
      const { recordSession } = await import("./record-session.ts");
      setExit(await recordSession({ ...withMainOptions(options, command), record }, io));
    });
}

export async function serve(fixtureArgument: string, options: ServeCommandOptions, io: ServeIO): Promise<number> {
  // Loaded only here: the server and the providers' wire code are most of the project's modules,
  // and every other run, which registers this command too, should not pay for them.
  const [{ errorLine }, { serveJsonLine, serveListeningLines, serveNarrationLines }, { startServer }] = await Promise.all([
    import("../../narration/error-line.ts"),
    import("./serve-narration.ts"),
    import("./server.ts"),
  ]);
  const [say, serveSay] = await Promise.all([loadCatalog(options.lang), loadServeMessages(options.lang)]);
  const words = { narration: say, serve: serveSay };
  const reference = resolveFixture(fixtureArgument);
  if (reference.kind === "unknownName") {
    io.err(`${say.unknownFixture(visible(reference.name), reference.known)}\n`);
    return exitCodes.badInput;
  }
  let fixture: Fixture;
  try {
    // The fixture's texts in the run's language: the replies a harness gets are data of this run too.
    fixture = await loadFixture(reference.file, undefined, options.lang);
  } catch (error) {
    const line = errorLine(error, reference.file, say);
    if (line === undefined) throw error;
    io.err(`${line}\n`);
    return exitCodes.badInput;
  }
  const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
  let started = false;
  // Once stdout's reader has gone there is nobody to narrate to: the rest goes nowhere.
  let silent = false;
  // A request's narration is held until the end of the event loop's turn and written with the
  // others of that turn: stdout to a pipe or file writes synchronously, one system call per write,
  // which under load cost more than answering. Backpressure is unchanged (a request still waits
  // for the output to drain before its body is read), and what is held is one turn's lines at most.
  // Every other event writes what is held first, then itself at once: the URL line stays first
  // and alone, and nothing is left held when the server has closed.
  let held: string[] = [];
  let flushing: NodeJS.Immediate | undefined;
  const flush = (): void => {
    if (flushing) clearImmediate(flushing);
    flushing = undefined;
    const text = held.join("");
    held = [];
    if (text === "" || silent) return;
    try {
      io.out(text);
    } catch {
      // As in server.ts's tell: a narration that fails never ends the server or an answer.
    }
  };
  const write = (event: ServeEvent, text: string): void => {
    if (event.type !== "exchange") {
      flush();
      return io.out(text);
    }
    held.push(text);
    flushing ??= setImmediate(flush);
  };
  const emit = (event: ServeEvent): void => {
    if (silent) return;
    if (event.type === "listening") {
      // The URL first and alone, so `read url` (or a test) can take it; the rest is narration.
      io.out(`${event.url}\n`);
      started = true;
    }
    if (!started) return;
    if (options.json) return write(event, `${serveJsonLine(event)}\n`);
    if (event.type === "listening") io.err(`${serveListeningLines(event, words, style).join("\n")}\n`);
    write(event, `${serveNarrationLines(event, words, style).join("\n")}\n`);
  };
  let server: RunningServer;
  try {
    server = await startServer({
      fixture,
      fixtureName: fixtureArgument,
      host: options.host,
      port: options.port,
      maxBodyBytes: options.maxBody,
      store: { ...(options.storeBytes ? { bytes: options.storeBytes } : {}), ...(options.storeResponses ? { responses: options.storeResponses } : {}) },
      chunk: options.chunk,
      limits: io.limits,
      ...(io.now ? { now: io.now } : {}),
      onEvent: emit,
      drained: io.drained,
      lang: options.lang,
    });
  } catch (error) {
    io.err(`${serveSay.cannotListen(visible(options.host), options.port, visible(error instanceof Error ? error.message : String(error)))}\n`);
    return exitCodes.badInput;
  }
  io.onTerminate?.();
  io.onOutputClosed?.();
  io.onListening?.(server);
  const stop = await whenStopped(io);
  if (stop === "outputClosed") {
    silent = true;
    flush();
    const { loadOutputMessages } = await import("../shared/load-output-messages.ts");
    io.err(`${(await loadOutputMessages(options.lang)).outputClosed}\n`);
  } else emit({ type: "closing", signal: stop, inFlight: server.inFlight() });
  const requests = await server.close();
  emit({ type: "closed", requests });
  return stopExitCodes[stop];
}
