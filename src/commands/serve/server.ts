// serve's server: the shared HTTP shell (shell.ts) with the scripted exchange as its handler. A
// request for the list of models is answered with it (model-list-answer.ts); a
// request on one of the providers' routes is read as JSON (a body that is not UTF-8, or nests past
// the limit, is refused first), waits for one of the exchange's places, and goes through
// exchange.ts; any other path is a 404 in the nearest provider's error shape. The answer is
// narrated, the request's place given back, and the answer written — at once, or over time as the
// reply's `delay` and `stall` say (write-answer.ts). The live page (live-page.ts) and the paths a
// harness's test reads and resets the journal on (playground-paths.ts) are answered before
// anything else. A reset starts the script over: the conversations, the attempts at failing
// replies, the stored responses, the request numbers, the journal and the live page.
import type { ServerResponse } from "node:http";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { type Clock, systemClock } from "../../io/clock.ts";
import { decodeText } from "../../io/decode-text.ts";
import { jsonTooDeep } from "../../json/json-depth.ts";
import { conversationStates, loadAllParts, type PartsOf } from "../../providers/registry.ts";
import type { StoreBudget } from "../../providers/shared/provider.ts";
import type { Answer } from "./answer.ts";
import { AttemptBook } from "./attempt-book.ts";
import { ConversationBook } from "./conversation-book.ts";
import { exchange } from "./exchange.ts";
import { Journal } from "./journal.ts";
import { livePage } from "./live-page.ts";
import { loadServeMessages } from "./load-serve-messages.ts";
import { modelListAnswer } from "./model-list-answer.ts";
import { playgroundPaths } from "./playground-paths.ts";
import type { Refusal } from "./refusal.ts";
import { modelListAt, routeList } from "./routes.ts";
import type { ExchangeRecord, ServeEvent } from "./serve-events.ts";
import { CONCURRENT_EXCHANGES, DEFAULT_MAX_BODY_BYTES, defaultLimits, defaultStoreBudget, type ServeLimits } from "./serve-limits.ts";
import { type Arrived, type Handler, type RunningShell, refusalTo, type Seen, type ShellContext, startShell } from "./shell.ts";
import { Slots } from "./slots.ts";
import type { StandIn } from "./stand-in.ts";
import { writeAnswer } from "./write-answer.ts";

export interface ServeOptions {
  fixture: Fixture;
  /** As the command line named it, for the narration. */
  fixtureName: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  maxBodyBytes?: number;
  chunk?: number;
  limits?: Partial<ServeLimits>;
  /** What the Responses API's store keeps at most (defaultStoreBudget otherwise). */
  store?: Partial<StoreBudget>;
  /** `json`: the event as JSON text, when serve already wrote it (the journal's copy of an
   *  exchange), for a narration in JSON to print rather than write again. */
  onEvent(event: ServeEvent, json?: string): void;
  /** A promise while the narration's output is full: no new request is read until it drains. */
  drained?: () => Promise<void> | undefined;
  /** The live page's language (zh by default). */
  lang?: Language;
  /** The clock every wait and time limit runs on (the system's unless a test passes its own). */
  clock?: Clock;
  /** Refuse every history that is not what was served (--strict). */
  strict?: boolean;
  /** serve --interactive: a person answers each request in the model's place (stand-in.ts). */
  standIn?: StandIn;
}

export interface RunningServer extends RunningShell {
  /** What a harness's test reads back: every exchange, and the problems it fails on. */
  journal: Journal;
  /** Starts the script over and empties the journal. */
  reset(): void;
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const lang = options.lang ?? "zh";
  const [partsOf, live, serveSay] = await Promise.all([loadAllParts(), livePage(lang, options.fixtureName), loadServeMessages(lang)]);
  const journal = new Journal(options.fixture, serveSay);
  const tell = narrator(options, (record) => {
    const json = journal.record(record);
    live.record(record);
    return json;
  });
  const script = scriptedExchange(options, partsOf, clock, lang);
  let shell: RunningShell | undefined;
  const reset = (): void => {
    script.reset();
    journal.reset();
    live.reset();
    shell?.renumber();
  };
  const paths = playgroundPaths(() => journal.json(), reset);
  const handler: Handler = {
    page: (request, policy) => live.answerFor(request, policy) ?? paths.answerFor(request, policy),
    tell,
    async answer(arrived, shell) {
      const answer = await script.answer(arrived);
      tell(answer.record);
      arrived.leave();
      await write(arrived, answer, shell, options);
    },
  };
  const limits = { ...defaultLimits, ...options.limits };
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const speaker = "tool-call-playground serve";
  const running = await startShell({
    host: options.host,
    port: options.port,
    limits,
    maxBodyBytes,
    clock,
    speaker,
    drained: options.drained,
    partsOf,
    handler,
  });
  shell = running;
  options.onEvent({ type: "listening", url: running.url, fixture: options.fixtureName, routes: routeList });
  return {
    ...running,
    journal,
    reset,
    async close() {
      const requests = await running.close();
      for (const gaveUp of script.gaveUp()) options.onEvent({ type: "gaveUp", gaveUp });
      return requests;
    },
  };
}

/** The narration of one exchange, kept (the journal, the live page) and told to the narrator with
 *  the JSON text the journal kept it as: a narration that fails never changes what the client got. */
function narrator(options: ServeOptions, keep: (record: ExchangeRecord) => string): Handler["tell"] {
  return (record) => {
    try {
      const json = keep(record);
      options.onEvent({ type: "exchange", record }, json);
    } catch {
      const { conversation: _dropped, ...bare } = record;
      const { reply: _reply, problems: _problems, ...outcome } = record.outcome;
      try {
        options.onEvent({ type: "exchange", record: { ...bare, outcome } });
      } catch {
        // Nothing left to say it with; the client has its answer all the same.
      }
    }
  };
}

/** The state the server keeps between requests: which conversation a request continues, the
 *  attempts at failing replies, what the Responses API stored. */
function scriptState(options: ServeOptions, partsOf: PartsOf, clock: Clock) {
  return {
    book: new ConversationBook(),
    attempts: new AttemptBook(() => clock.now()),
    states: conversationStates(partsOf, { ...defaultStoreBudget, ...options.store }),
  };
}

/** The answer to one request as the script gives it, with the state the server keeps between
 *  requests; `reset` starts that state over (a request already under way keeps the old one). */
function scriptedExchange(options: ServeOptions, partsOf: PartsOf, clock: Clock, lang: Language) {
  let state = scriptState(options, partsOf, clock);
  // With a person answering, every request goes on to wait in their queue, where it is counted.
  const exchangePlaces = new Slots(options.standIn ? defaultLimits.connections : CONCURRENT_EXCHANGES);
  const answer = async ({ seen, body, request, response }: Arrived): Promise<Answer> => {
    const { route } = seen;
    const listed = modelListAt(seen.method, seen.target, request.headers);
    if (listed !== undefined) return modelListAnswer(seen, listed, partsOf);
    if (route === undefined) return refusalTo(seen, partsOf, notFound(seen));
    const text = decodeText(body);
    if (!text.ok)
      return refusalTo(seen, partsOf, malformed(`could not parse the JSON body of the request (not UTF-8 text: a bad byte near character ${text.offset + 1})`));
    const deep = jsonTooDeep(text.text);
    if (deep !== undefined)
      return refusalTo(seen, partsOf, malformed(`the JSON body of the request nests deeper than ${deep.limit} levels (at ${deep.line}:${deep.column})`));
    // The body is whole: only now does the request wait for one of the exchange's places.
    const release = await exchangePlaces.take();
    try {
      const { number, method, path } = seen;
      const { book, states, attempts } = state;
      return await exchange({
        number,
        method,
        path,
        route,
        text: text.text,
        fixture: options.fixture,
        lang,
        book,
        states,
        partsOf,
        chunk: options.chunk,
        attempts,
        strict: options.strict,
        ...(options.standIn ? { standIn: options.standIn, gone: goneSignal(response) } : {}),
      });
    } finally {
      release();
    }
  };
  return {
    answer,
    reset: () => void (state = scriptState(options, partsOf, clock)),
    /** At closing: the failing replies the harness stopped retrying. */
    gaveUp: () => state.attempts.gaveUp(),
  };
}

/** Aborts when the client closes the connection before its answer was written. */
function goneSignal(response: ServerResponse): AbortSignal {
  const gone = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) gone.abort();
  });
  return gone.signal;
}

function notFound(seen: Seen): Refusal {
  const shown = seen.target === undefined ? seen.path : seen.target.pathname;
  return { error: "notFound", outcome: "notFound", message: `tool-call-playground serve: no route ${seen.method} ${shown} (routes: ${routeList.join(", ")})` };
}

/** A body that is not JSON serve can read. */
function malformed(message: string): Refusal {
  return { error: "invalid", outcome: "malformed", message };
}

/** Writes the answer; a stall it ended is narrated once the output has room. */
async function write({ seen, response }: Arrived, answer: Answer, shell: ShellContext, options: ServeOptions): Promise<void> {
  const ended = await writeAnswer(response, answer, shell);
  if (!ended) return;
  await shell.roomInOutput();
  options.onEvent({ type: "stallEnded", number: seen.number, ...ended });
}
