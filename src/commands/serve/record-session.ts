// `serve --record <upstream base URL> -o <file>`: serve stands between a harness and the real API,
// passes every request on and every answer back, narrates each exchange as serve does, and when
// stopped (Ctrl-C, SIGTERM) writes the session as one fixture that `serve <file>` replays offline.
// The file is written as `import -o` writes one (never over a file without --force, never half),
// and only after it is checked for every key the harness sent.
import { fileURLToPath } from "node:url";
import type { Language } from "../../fixture/fixture-format.ts";
import { destinationKind, fixtureText, SaveError, writeFixtureFile } from "../../fixture/write-fixture.ts";
import { visible } from "../../io/sanitize.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { loadOutputMessages } from "../shared/load-output-messages.ts";
import type { OutputMessages } from "../shared/output-messages.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import { NarrationOutput } from "./narration-output.ts";
import type { RecordBook } from "./record-book.ts";
import { recordedFixture } from "./record-fixture.ts";
import { recordJsonLine, recordNarrationLines } from "./record-narration.ts";
import { type RecordEvent, startRecording } from "./record-server.ts";
import { hideSecrets } from "./secrets.ts";
import type { ServeIO } from "./serve-command.ts";
import type { ServeMessages } from "./serve-messages.ts";
import { type ServeWords, serveNarrationLines } from "./serve-narration.ts";
import { listening, untilStopped } from "./serving.ts";
import { stopExitCodes } from "./stop.ts";

const schemaFile = fileURLToPath(new URL("../../../fixture.schema.json", import.meta.url));

export interface RecordSessionOptions {
  record: string;
  output?: string;
  force?: boolean;
  host: string;
  port: number;
  json?: boolean;
  lang: Language;
  maxBody?: number;
}

export async function recordSession(options: RecordSessionOptions, io: ServeIO): Promise<number> {
  const [say, serveSay, output] = await Promise.all([loadCatalog(options.lang), loadServeMessages(options.lang), loadOutputMessages(options.lang)]);
  const plan = await sessionPlan(options, serveSay, output);
  if (typeof plan === "string") {
    io.err(`${plan}\n`);
    return exitCodes.badInput;
  }
  const words = { narration: say, serve: serveSay };
  // A key the harness pasted into a message would be narrated with it: every line is hidden first.
  const secrets = new Set<string>();
  const { emit, narration } = await narrator(options, plan, words, io, secrets);
  const { host, port, lang } = options;
  const recording = () =>
    startRecording({
      upstream: plan.upstream,
      host,
      port,
      lang,
      maxBodyBytes: options.maxBody,
      onEvent: emit,
      limits: io.limits,
      clock: io.clock,
      drained: io.drained,
      secrets,
    });
  const server = await listening(recording, options, serveSay, io);
  if (typeof server === "number") return server;
  const style = narration.style;
  const tell = (text: string): void => narration.output.line(text);
  const { stop, requests } = await untilStopped(server, io, {
    lang,
    closing: (signal, inFlight) => {
      if (!options.json) tell(`${serveNarrationLines({ type: "closing", signal, inFlight }, words, style).join("\n")}\n`);
    },
    silence: () => narration.output.silence(),
  });
  if (!options.json) tell(`${serveNarrationLines({ type: "closed", requests }, words, style).join("\n")}\n`);
  const code = await writeSession(server.book, plan, { options, say: serveSay, output, secrets, io, tell });
  return code ?? stopExitCodes[stop];
}

/** Where the session goes: the upstream and the file; or why it cannot be recorded, said before
 *  the session rather than after it (a session recorded for a file it may not replace is lost). */
async function sessionPlan(options: RecordSessionOptions, say: ServeMessages, output: OutputMessages): Promise<SessionPlan | string> {
  const file = options.output;
  if (file === undefined || file === "" || file === "-") return say.recordNeedsOutput;
  const upstream = URL.canParse(options.record) ? new URL(options.record) : undefined;
  if (upstream === undefined || !/^https?:$/.test(upstream.protocol)) return say.recordBadUpstream(visible(options.record));
  if (!options.force && (await destinationKind(file)) === "file")
    return say.recordCannotWrite(visible(file), output.writeProblem({ kind: "exists" }, "--force"));
  return { upstream, file };
}

interface SessionPlan {
  upstream: URL;
  file: string;
}

/** The narration's way out: the URL line first and alone on stdout, then each event as text or as
 *  JSON Lines, with every key the harness sent hidden. */
async function narrator(options: RecordSessionOptions, plan: SessionPlan, words: ServeWords, io: ServeIO, secrets: ReadonlySet<string>) {
  const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
  const output = new NarrationOutput((text) => io.out(hideSecrets(text, secrets)));
  const origin = plan.upstream.origin;
  const emit = (event: RecordEvent): void => {
    if (event.type === "listening") {
      output.line(`${event.url}\n`);
      if (!options.json) io.err(`${words.serve.recordListening(event.url, origin, visible(plan.file))}\n`);
    }
    const text = options.json ? `${recordJsonLine(event)}\n` : `${recordNarrationLines(event, words, style, origin).join("\n")}\n`;
    if (event.type === "exchange") output.exchange(text);
    else output.line(text);
  };
  return { emit, narration: { output, style } };
}

interface Writing {
  options: RecordSessionOptions;
  say: ServeMessages;
  output: OutputMessages;
  secrets: ReadonlySet<string>;
  io: ServeIO;
  /** Writes a line of the narration (nothing once its reader has gone). */
  tell(text: string): void;
}

/** Writes the session as a fixture, checked first for every key the harness sent: undefined once
 *  written (or when nothing was recorded), else the exit code after the line saying why not. */
async function writeSession(
  book: RecordBook,
  { upstream, file }: SessionPlan,
  { options, say, output, secrets, io, tell }: Writing,
): Promise<number | undefined> {
  const recorded = recordedFixture(book, `Recorded session: ${upstream.host}`, upstream.origin);
  if (recorded.conversations === 0) {
    io.err(`${say.recordNothing}\n`);
    return undefined;
  }
  const text = fixtureText(recorded.fixture, file, schemaFile);
  if ([...secrets].some((secret) => text.includes(secret))) {
    io.err(`${say.recordSecretFound(visible(file))}\n`);
    return exitCodes.badInput;
  }
  try {
    await writeFixtureFile(file, text, { replace: options.force === true });
  } catch (error) {
    if (!(error instanceof SaveError)) throw error;
    io.err(`${say.recordCannotWrite(visible(file), visible(output.writeProblem(error.writeProblem, "--force")))}\n`);
    return exitCodes.badInput;
  }
  const written = options.json
    ? JSON.stringify({ type: "written", file: visible(file), conversations: recorded.conversations })
    : say.recordWritten(visible(file), recorded.conversations, book.exchanges);
  tell(`${written}\n`);
  return undefined;
}
