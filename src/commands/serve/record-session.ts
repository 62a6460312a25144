// `serve --record <upstream base URL> -o <file>`: serve stands between a harness and the real API,
// passes every request on and every answer back, narrates each exchange as serve does, and keeps
// the session on disk as it goes (record-saver.ts: the fixture rewritten after every exchange), so
// a Ctrl-C, a second one, SIGTERM or a crash of the upstream loses no completed exchange; once
// stopped, it writes the session a last time, and the process waits for that write. The file is
// written as `import -o` writes one (never over a file without --force, never half), and only
// after it is checked for every key the harness sent.
import { fileURLToPath } from "node:url";
import type { Language } from "../../fixture/fixture-format.ts";
import { visible } from "../../io/sanitize.ts";
import { writeProblem } from "../../io/write-output.ts";
import { loadCatalog } from "../../narration/load-catalog.ts";
import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { loadOutputMessages } from "../shared/load-output-messages.ts";
import type { OutputMessages } from "../shared/output-messages.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import { NarrationOutput } from "./narration-output.ts";
import type { RecordBook } from "./record-book.ts";
import { recordJsonLine, recordNarrationLines } from "./record-narration.ts";
import { type SaveStop, SessionSaver } from "./record-saver.ts";
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
  /** The largest fixture written: serve's load limit (MAX_FIXTURE_BYTES) unless a test passes one. */
  maxFixtureBytes?: number;
  /** Told after each save with the exchanges the file holds (tests wait on it). */
  onSaved?: (exchanges: number) => void;
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
  let saver: SessionSaver | undefined;
  const recording = async () => {
    const server = await startRecording({
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
      maxKeptBytes: options.maxFixtureBytes,
      onRecorded: () => saver?.changed(),
    });
    saver = sessionSaver(server.book, plan, { options, say: serveSay, output, secrets, io });
    return server;
  };
  const server = await listening(recording, options, serveSay, io);
  if (typeof server === "number") return server;
  const style = narration.style;
  const tell = (text: string): void => narration.output.line(text);
  let finished: () => void = () => {};
  const { stop, requests } = await untilStopped(server, io, {
    lang,
    closing: (signal, inFlight) => {
      // The process waits for the session to be written, past its stop grace if need be.
      io.holdExit?.(new Promise<void>((resolve) => (finished = resolve)));
      if (!options.json) tell(`${serveNarrationLines({ type: "closing", signal, inFlight }, words, style).join("\n")}\n`);
    },
    silence: () => narration.output.silence(),
  });
  if (!options.json) tell(`${serveNarrationLines({ type: "closed", requests }, words, style).join("\n")}\n`);
  const code = saver && (await finalSave(saver, server.book, plan, { say: serveSay, json: options.json === true, io, tell }));
  finished();
  return code ?? stopExitCodes[stop];
}

/** Where the session goes: the upstream and the file; or why it cannot be recorded, said before
 *  the session rather than after it (a session recorded for a file it may not replace is lost). */
async function sessionPlan(options: RecordSessionOptions, say: ServeMessages, output: OutputMessages): Promise<SessionPlan | string> {
  const file = options.output;
  if (file === undefined || file === "" || file === "-") return say.recordNeedsOutput;
  const upstream = URL.canParse(options.record) ? new URL(options.record) : undefined;
  if (upstream === undefined || !/^https?:$/.test(upstream.protocol)) return say.recordBadUpstream(visible(options.record));
  // The writer's own checks (a missing folder, a folder, a symlink, a symlinked folder, a FIFO, a
  // file there without --force), asked now: the writer asks them again at every save.
  const problem = await writeProblem(file, { replace: options.force === true });
  if (problem) return say.recordCannotWrite(visible(file), visible(output.writeProblem(problem, "--force")));
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
}

/** The saver that keeps the file following the session, saying on stderr when it stops. */
function sessionSaver(book: RecordBook, { upstream, file }: SessionPlan, { options, say, output, secrets, io }: Writing): SessionSaver {
  return new SessionSaver({
    book,
    file,
    schemaFile,
    upstream,
    force: options.force === true,
    secrets,
    maxBytes: options.maxFixtureBytes,
    onSaved: options.onSaved,
    onStop: (stop, exchanges) => io.err(`${stopLine(stop, exchanges, file, say, output)}\n`),
  });
}

function stopLine(stop: SaveStop, exchanges: number, file: string, say: ServeMessages, output: OutputMessages): string {
  if (stop.kind === "cannotWrite") return say.recordCannotWrite(visible(file), visible(output.writeProblem(stop.writeProblem, "--force")));
  if (exchanges === 0 && stop.kind === "secret") return say.recordSecretFound(visible(file));
  return say.recordKept(visible(file), exchanges, stop.kind === "secret" ? say.recordHoldsSecret : say.recordTooLarge(stop.bytes, stop.limit));
}

interface Ending {
  say: ServeMessages;
  json: boolean;
  io: ServeIO;
  /** Writes a line of the narration (nothing once its reader has gone). */
  tell(text: string): void;
}

/** The session's last write, from the same book every save wrote: undefined once written (or when
 *  nothing was recorded), else the exit code (the saver has said why on stderr). */
async function finalSave(saver: SessionSaver, book: RecordBook, { file }: SessionPlan, { say, json, io, tell }: Ending): Promise<number | undefined> {
  saver.changed();
  await saver.settled();
  if (saver.stop) return exitCodes.badInput;
  const { conversations } = saver.saved;
  if (conversations === 0) {
    io.err(`${say.recordNothing}\n`);
    return undefined;
  }
  const written = json
    ? JSON.stringify({ type: "written", file: visible(file), conversations })
    : say.recordWritten(visible(file), conversations, book.exchanges);
  tell(`${written}\n`);
  return undefined;
}
