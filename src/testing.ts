// The testing entry ("tool-call-playground/testing"): serve inside a harness's own test, with no
// test framework behind it. `startFakeModel` starts the server on a free loopback port with a
// fixture (a path, a built-in fixture's name, or the fixture itself as an object); the test points
// its SDK at `baseURL(…)`, runs its tool loop, and then reads what the fake model saw: every
// exchange as serve --json's `exchange` event, and `assertClean()`, which throws node:assert's
// AssertionError naming each request the real API would have refused (or that broke the script's
// expectations), and each reply of the script no request asked for. `reset()` starts the script
// over between tests; `close()` (or `await using`) stops the server. docs/testing.md shows it
// with node:test, vitest and jest.
import { AssertionError } from "node:assert";
import type { ExchangeEvent, Journal } from "./commands/serve/journal.ts";
import { loadServeMessages } from "./commands/serve/load-serve-messages.ts";
import type { ServeEvent } from "./commands/serve/serve-events.ts";
import { servedFixture } from "./commands/serve/served-fixture.ts";
import { type RunningServer, startServer } from "./commands/serve/server.ts";
import type { Fixture, Language } from "./fixture/fixture-format.ts";
import { parseFixture } from "./fixture/load-fixture.ts";
import { loadCatalog } from "./narration/load-catalog.ts";

export type { ExchangeEvent } from "./commands/serve/journal.ts";
export type { ExchangeRecord, OutcomeKind, ServeEvent } from "./commands/serve/serve-events.ts";

/** The SDKs a base URL is given for: each takes the server's address in its own way. */
export type BaseUrlFor = "openai" | "anthropic" | "gemini";

export interface FakeModelOptions {
  /** A fixture file's path, a built-in fixture's name ("serve-calc"), or a fixture object. */
  fixture: string | object;
  /** The language of the narration and of assertClean's sentences (default "en"). */
  lang?: Language;
  /** Every divergence — a history that sends back something other than what the fake model served
   *  (text, calls, ids, arguments, thinking) — answered with the provider's 400 naming the place,
   *  as `serve --strict` does; otherwise only what the real API refuses is, and the rest is a warning. */
  strict?: boolean;
  /** Each exchange's narration as serve prints it, when the test wants to see it (say `console.log`). */
  narrate?: (text: string) => void;
}

export interface FakeModel {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** What each SDK takes as its base URL: the OpenAI SDK `${url}/v1`, the Anthropic and Google SDKs the url. */
  baseURL(sdk: BaseUrlFor): string;
  /** Every exchange since the start (or the last reset), oldest first: a fresh copy at each read. */
  readonly exchanges: ExchangeEvent[];
  /** Throws an AssertionError listing each problem: a request refused or with an error finding, a
   *  request after the script's end, a reply never asked for; with `warnings`, the warnings too. */
  assertClean(options?: { warnings?: boolean }): void;
  /** The script starts over and the journal empties. */
  reset(): void;
  /** Stops the server once the requests in flight are answered. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startFakeModel(options: FakeModelOptions): Promise<FakeModel> {
  const lang = options.lang ?? "en";
  const { fixture, name } = await fixtureOf(options.fixture, lang);
  const say = await loadServeMessages(lang);
  const narrate = options.narrate === undefined ? undefined : await narrator(options.narrate, lang);
  const server = await startServer({
    fixture,
    fixtureName: name,
    host: "127.0.0.1",
    port: 0,
    lang,
    strict: options.strict ?? false,
    onEvent: (event) => narrate?.(event),
  });
  return fakeModel(server, server.journal, say);
}

function fakeModel(server: RunningServer, journal: Journal, say: Awaited<ReturnType<typeof loadServeMessages>>): FakeModel {
  let closed: Promise<void> | undefined;
  const close = () => (closed ??= server.close().then(() => undefined));
  return {
    url: server.url,
    baseURL: (sdk) => (sdk === "openai" ? `${server.url}/v1` : server.url),
    get exchanges(): ExchangeEvent[] {
      return journal.exchanges();
    },
    assertClean(assertOptions = {}) {
      const problems = journal.problems(assertOptions);
      const leftOut = journal.problemsLeftOut();
      if (problems.length === 0 && leftOut === 0) return;
      const lines = problems.map(({ request, sentence }) => `  ${request === undefined ? sentence : say.problemAt(request, sentence)}`);
      if (leftOut > 0) lines.push(`  … (+${leftOut})`);
      throw new AssertionError({ message: [say.problemsSeen(problems.length + leftOut), ...lines].join("\n") });
    },
    reset: () => server.reset(),
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** The fixture and the name the narration gives it; a fixture that cannot be read rejects with the
 *  one line the command line would print for it. */
async function fixtureOf(given: string | object, lang: Language): Promise<{ fixture: Fixture; name: string }> {
  const say = await loadCatalog(lang);
  if (typeof given === "string") {
    const served = await servedFixture(given, lang, say);
    if ("problem" in served) throw new Error(served.problem);
    return { fixture: served.fixture, name: given };
  }
  const name = "(fixture object)";
  try {
    return { fixture: parseFixture(name, JSON.stringify(given), lang), name };
  } catch (error) {
    const { errorLine } = await import("./narration/error-line.ts");
    const line = errorLine(error, name, say);
    throw line === undefined ? error : new Error(line);
  }
}

/** Each event as serve's text narration, with no colour. */
async function narrator(write: (text: string) => void, lang: Language): Promise<(event: ServeEvent) => void> {
  const [{ serveNarrationLines }, { plainStyle }, narration, serve] = await Promise.all([
    import("./commands/serve/serve-narration.ts"),
    import("./narration/style.ts"),
    loadCatalog(lang),
    loadServeMessages(lang),
  ]);
  return (event) => write(serveNarrationLines(event, { narration, serve }, plainStyle).join("\n"));
}
