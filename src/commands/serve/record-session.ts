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
import { loadServeMessages } from "./load-serve-messages.ts";
import { recordedFixture } from "./record-fixture.ts";
import { recordJsonLine, recordNarrationLines } from "./record-narration.ts";
import { hideSecrets, type RecordEvent, type RecordingServer, startRecording } from "./record-server.ts";
import type { ServeIO } from "./serve-command.ts";
import { serveNarrationLines } from "./serve-narration.ts";
import { stopExitCodes, whenStopped } from "./stop.ts";

const schemaFile = fileURLToPath(new URL("../../../fixture.schema.json", import.meta.url));

export interface RecordSessionOptions {
  record: string;
  output?: string;
  force?: boolean;
  host: string;
  port: number;
  json?: boolean;
  lang: Language;
}

export async function recordSession(options: RecordSessionOptions, io: ServeIO): Promise<number> {
  const [say, serveSay, output] = await Promise.all([loadCatalog(options.lang), loadServeMessages(options.lang), loadOutputMessages(options.lang)]);
  const words = { narration: say, serve: serveSay };
  const file = options.output;
  if (file === undefined || file === "" || file === "-") {
    io.err(`${serveSay.recordNeedsOutput}\n`);
    return exitCodes.badInput;
  }
  const upstream = URL.canParse(options.record) ? new URL(options.record) : undefined;
  if (upstream === undefined || !/^https?:$/.test(upstream.protocol)) {
    io.err(`${serveSay.recordBadUpstream(visible(options.record))}\n`);
    return exitCodes.badInput;
  }
  // Said before the session, not after it: a session recorded for a file it may not replace is lost.
  if (!options.force && (await destinationKind(file)) === "file") {
    io.err(`${serveSay.recordCannotWrite(visible(file), output.writeProblem({ kind: "exists" }, "--force"))}\n`);
    return exitCodes.badInput;
  }
  const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
  let silent = false;
  // A key the harness pasted into a message would be narrated with it: every line is hidden first.
  const secrets = new Set<string>();
  const say_ = (text: string): void => {
    if (!silent) io.out(hideSecrets(text, secrets));
  };
  const emit = (event: RecordEvent): void => {
    if (event.type === "listening") {
      say_(`${event.url}\n`);
      if (!options.json) io.err(`${serveSay.recordListening(event.url, upstream.origin, visible(file))}\n`);
    }
    say_(options.json ? `${recordJsonLine(event)}\n` : `${recordNarrationLines(event, words, style, upstream.origin).join("\n")}\n`);
  };
  let server: RecordingServer;
  try {
    server = await startRecording({
      upstream,
      host: options.host,
      port: options.port,
      lang: options.lang,
      onEvent: emit,
      shutdownMs: io.limits?.shutdownMs,
      secrets,
    });
  } catch (error) {
    io.err(`${serveSay.cannotListen(visible(options.host), options.port, visible(error instanceof Error ? error.message : String(error)))}\n`);
    return exitCodes.badInput;
  }
  io.onTerminate?.();
  io.onOutputClosed?.();
  io.onListening?.({ url: server.url, close: () => server.close(), inFlight: () => server.inFlight() });
  const stop = await whenStopped(io);
  if (stop === "outputClosed") silent = true;
  else if (!options.json) say_(`${serveNarrationLines({ type: "closing", signal: stop, inFlight: server.inFlight() }, words, style).join("\n")}\n`);
  const requests = await server.close();
  if (!options.json) say_(`${serveNarrationLines({ type: "closed", requests }, words, style).join("\n")}\n`);
  const recorded = recordedFixture(server.book, `Recorded session: ${upstream.host}`, upstream.origin);
  if (recorded.conversations === 0) {
    io.err(`${serveSay.recordNothing}\n`);
    return stopExitCodes[stop];
  }
  const text = fixtureText(recorded.fixture, file, schemaFile);
  if ([...secrets].some((secret) => text.includes(secret))) {
    io.err(`${serveSay.recordSecretFound(visible(file))}\n`);
    return exitCodes.badInput;
  }
  try {
    await writeFixtureFile(file, text, { replace: options.force === true });
  } catch (error) {
    if (!(error instanceof SaveError)) throw error;
    io.err(`${serveSay.recordCannotWrite(visible(file), visible(output.writeProblem(error.writeProblem, "--force")))}\n`);
    return exitCodes.badInput;
  }
  const written = serveSay.recordWritten(visible(file), recorded.conversations, server.book.exchanges);
  if (options.json) say_(`${JSON.stringify({ type: "written", file: visible(file), conversations: recorded.conversations })}\n`);
  else say_(`${written}\n`);
  return stopExitCodes[stop];
}
