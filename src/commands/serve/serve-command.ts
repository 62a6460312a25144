// `tool-call-playground serve [fixture] [--port <n>] [--host 127.0.0.1]`: the FakeModel behind the
// four providers' real HTTP endpoints, so a learner's own harness (OpenAI, Anthropic or Google SDK,
// or Pi) can be pointed at it and watched. The first stdout line is the base URL; the narration
// (or --json events) follows on stdout. Ctrl-C / SIGTERM stop accepting, answer what is in flight,
// and exit 130 / 143.

import { defaultFixtureName } from "../../fixture/fixture-files.ts";
import { type Language, languages } from "../../fixture/fixture-format.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import type { Style } from "../../narration/style.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import type { CliIO } from "../shared/command-io.ts";
import { type Command, Option } from "../shared/commander.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { portNumber, positiveInteger, withMainOptions } from "../shared/options.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import { NarrationOutput } from "./narration-output.ts";
import type { ServeEvent } from "./serve-events.ts";
import type { ServeLimits } from "./serve-limits.ts";
import type { ServeWords } from "./serve-narration.ts";
import type { RunningShell } from "./shell.ts";
import type { StandInUI } from "./stand-in-ui.ts";
import { stopExitCodes } from "./stop.ts";

/** The command line's io, plus a hook tests use to learn the running server. */
export type ServeIO = Pick<
  CliIO,
  | "out"
  | "err"
  | "env"
  | "isTTY"
  | "colorDepth"
  | "interrupt"
  | "terminate"
  | "onTerminate"
  | "drained"
  | "outputClosed"
  | "onOutputClosed"
  | "clock"
  | "holdExit"
  | "stdinIsTTY"
> & {
  /** serve --interactive's questions, for a test that answers them itself (the terminal's otherwise). */
  standInUI?: StandInUI;
  /** Told the running server once it listens (tests drive it, then stop it). */
  onListening?: (server: RunningShell) => void;
  /** Time limits and the connection cap, for tests that watch them cut a client off. */
  limits?: Partial<ServeLimits>;
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
  strict?: boolean;
  interactive?: boolean;
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
    .option("--strict", "answer every request whose history is not what was served with the provider's 400, naming the place")
    .option("-i, --interactive", "answer each request yourself in the model's place (the script's reply, changed, your own, or a fault), then save the session")
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
  const [{ startServer }, { listening, untilStopped }, { servedFixture }, seating, say, serveSay] = await Promise.all([
    import("./server.ts"),
    import("./serving.ts"),
    import("./served-fixture.ts"),
    options.interactive ? import("./serve-interactive.ts") : undefined,
    loadCatalog(options.lang),
    loadServeMessages(options.lang),
  ]);
  const noTerminal = seating && (await seating.needsTerminal(io, options.lang));
  if (noTerminal) {
    io.err(`${noTerminal}\n`);
    return exitCodes.noTerminal;
  }
  const served = await servedFixture(fixtureArgument, options.lang, say);
  if ("problem" in served) {
    io.err(`${served.problem}\n`);
    return exitCodes.badInput;
  }
  const { fixture } = served;
  const words = { narration: say, serve: serveSay };
  const { emit, output, style } = await narrator(options, words, io);
  const seat = seating && (await seating.takeSeat({ fixture, file: served.file, lang: options.lang, words, style, io, clock: io.clock }));
  const server = await listening(
    () =>
      startServer({
        fixture,
        fixtureName: fixtureArgument,
        host: options.host,
        port: options.port,
        maxBodyBytes: options.maxBody,
        store: { ...(options.storeBytes ? { bytes: options.storeBytes } : {}), ...(options.storeResponses ? { responses: options.storeResponses } : {}) },
        chunk: options.chunk,
        limits: io.limits,
        clock: io.clock,
        onEvent: emit,
        drained: io.drained,
        lang: options.lang,
        strict: options.strict,
        ...(seat ? { standIn: seat.session } : {}),
      }),
    options,
    serveSay,
    io,
  );
  if (typeof server === "number") return server;
  const { stop, requests } = await untilStopped(server, seat ? seat.stops(io) : io, {
    lang: options.lang,
    closing: (signal, inFlight) => emit({ type: "closing", signal, inFlight }),
    silence: () => output.silence(),
  });
  emit({ type: "closed", requests });
  return seat ? seat.afterClose(stop) : stopExitCodes[stop];
}

/** The narration's way out: the URL line first and alone on stdout (so `read url`, or a test, can
 *  take it), where it listens on stderr, then each event as text or as JSON Lines. */
async function narrator(
  options: ServeCommandOptions,
  words: ServeWords,
  io: ServeIO,
): Promise<{ emit: (event: ServeEvent, json?: string) => void; output: NarrationOutput; style: Style }> {
  const [{ serveJsonLine, serveListeningLines, serveNarrationLines }, style] = await Promise.all([
    import("./serve-narration.ts"),
    terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth)),
  ]);
  const output = new NarrationOutput(io.out);
  const emit = (event: ServeEvent, json?: string): void => {
    if (event.type === "listening") {
      output.line(`${event.url}\n`);
      if (!options.json) io.err(`${serveListeningLines(event, words, style).join("\n")}\n`);
    }
    const text = options.json ? `${serveJsonLine(event, json)}\n` : `${serveNarrationLines(event, words, style).join("\n")}\n`;
    if (event.type === "exchange") output.exchange(text);
    else output.line(text);
  };
  return { emit, output, style };
}
