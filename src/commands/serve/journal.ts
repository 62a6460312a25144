// What a harness's test reads back from serve: every exchange so far, as serve --json's `exchange`
// event (the in-process `exchanges` of src/testing.ts, and `GET /_playground/exchanges`), and the
// problems a test fails on — a request refused or with an error finding (a scripted failure is the
// script's, not the harness's), a reply of the script never asked for (the harness stopped before
// the script's end), and, when asked, the warnings. Each problem is worded with the narration's
// own sentence, in the run's language. A reset empties it. Memory stays bounded on a server that
// runs for days: the oldest exchanges leave the journal once it holds its budget (what a test needs
// is far below it), while the problems and the replies asked for are kept apart, small, and whole.
// Each exchange is kept as its JSON text, made once: a flat string costs the garbage collector
// nothing to walk, where the records themselves cost serve about 35 µs a request in the bench; and
// serve --json prints that same text rather than write the event a second time.
import { scriptReplies } from "../../fixture/conversation-format.ts";
import type { Fixture } from "../../fixture/fixture-format.ts";
import { visible } from "../../io/sanitize.ts";
import { isRecord } from "../../json/is-record.ts";
import type { ExchangeRecord, OutcomeKind, ServeEvent } from "./serve-events.ts";
import type { ServeMessages } from "./serve-messages.ts";

/** One exchange as serve --json prints it. */
export type ExchangeEvent = Extract<ServeEvent, { type: "exchange" }>;

/** JSON text of exchanges the journal keeps before the oldest leave it: some 10,000 exchanges of
 *  a two-turn tool loop, as much as the live page keeps. */
export const JOURNAL_BYTES = 16 * 1024 * 1024;
/** Problems kept word for word; past these only their count grows. */
export const JOURNAL_PROBLEMS = 1000;

/** What the journal keeps at most: the exchanges' JSON text, and the problems word for word. */
export interface JournalBudget {
  bytes: number;
  problems: number;
}

/** Whether an answer of this kind means the harness did something the API would refuse (or the
 *  script does not hold): the scripted answers (a reply, its failure, its error, its abort) are
 *  what the test asked for; a client that left before its request was whole was answered nothing;
 *  a list of the models is what a client probes. */
const refusedKinds: Record<OutcomeKind, boolean> = {
  reply: false,
  scriptedError: false,
  aborted: false,
  fault: false,
  clientGone: false,
  models: false,
  lint: true,
  divergence: true,
  pairing: true,
  malformed: true,
  notABody: true,
  tooLarge: true,
  notFound: true,
  unknownReference: true,
  evicted: true,
  forbidden: true,
  exhausted: true,
  expectation: true,
  internal: true,
};

/** One problem as a test is told it: the request it was seen in (none: the script's end was not
 *  reached), and the narration's sentence. */
export interface JournalProblem {
  request: number | undefined;
  sentence: string;
  warning: boolean;
}

export class Journal {
  readonly #say: ServeMessages;
  readonly #budget: JournalBudget;
  readonly #fixture: Fixture;
  /** Each exchange's JSON text, oldest first. */
  #exchanges: string[] = [];
  /** The oldest exchange still in the journal: the ones before it have left. */
  #head = 0;
  #bytes = 0;
  #problems: JournalProblem[] = [];
  #problemsLeftOut = 0;
  /** `episode:reply` of each reply some request asked for. */
  #asked = new Set<string>();

  constructor(fixture: Fixture, say: ServeMessages, budget: JournalBudget = { bytes: JOURNAL_BYTES, problems: JOURNAL_PROBLEMS }) {
    this.#say = say;
    this.#budget = budget;
    this.#fixture = fixture;
    this.reset();
  }

  reset(): void {
    this.#exchanges = [];
    this.#head = 0;
    this.#bytes = 0;
    this.#problems = [];
    this.#problemsLeftOut = 0;
    this.#asked = new Set();
  }

  /** Keeps the exchange, and hands back the JSON text it keeps it as: serve --json prints that
   *  text rather than write the same event again. */
  record(record: ExchangeRecord): string {
    const event: ExchangeEvent = { type: "exchange", record };
    const json = JSON.stringify(event);
    this.#keep(json);
    const { conversation, outcome } = record;
    if (conversation && conversation.replyIndex < conversation.replies) this.#asked.add(`${conversation.episode}:${conversation.replyIndex}`);
    for (const finding of conversation?.findings ?? []) {
      const sentence = this.#say.lintFinding(finding.severity, `${finding.provider}/${finding.rule}`, finding.pointer, finding.message);
      this.#note(record.number, sentence, finding.severity !== "error");
    }
    // A rule's refusal (a lint error, or a divergence under --strict) is said by its finding above.
    if (!refusedKinds[outcome.kind] || outcome.kind === "lint" || outcome.kind === "divergence") return json;
    if (outcome.kind === "expectation") for (const problem of outcome.problems ?? []) this.#note(record.number, this.#say.unmet(problem), false);
    else this.#note(record.number, this.#say.refused(outcome.status, outcome.kind, outcome.message ?? ""), false);
    return json;
  }

  /** Every exchange the journal holds, oldest first, read anew: the reader may change it freely. */
  exchanges(): ExchangeEvent[] {
    const read: unknown = JSON.parse(this.json());
    return isExchangeEvents(read) ? read : [];
  }

  /** The same as one JSON array. */
  json(): string {
    return `[${this.#exchanges.slice(this.#head).join(",")}]`;
  }

  /** The problems seen, then each reply never asked for; warnings only when asked. */
  problems(options: { warnings?: boolean } = {}): JournalProblem[] {
    const seen = options.warnings ? this.#problems : this.#problems.filter((problem) => !problem.warning);
    const neverAsked = this.#fixture.episodes.flatMap(({ script }, episode) => {
      const replies = scriptReplies(script).length;
      return Array.from({ length: replies }, (_, reply) => reply)
        .filter((reply) => !this.#asked.has(`${episode}:${reply}`))
        .map((reply) => ({ request: undefined, sentence: this.#say.neverAskedFor(reply + 1, replies, episode + 1), warning: false }));
    });
    return [...seen, ...neverAsked];
  }

  /** Problems past JOURNAL_PROBLEMS, counted but not kept. */
  problemsLeftOut(): number {
    return this.#problemsLeftOut;
  }

  /** Keeps the exchange; past the budget the oldest leave, and the list sheds them once they are
   *  half of it, so each is moved at most once. */
  #keep(text: string): void {
    this.#exchanges.push(text);
    this.#bytes += text.length;
    while (this.#bytes > this.#budget.bytes && this.#head < this.#exchanges.length - 1) this.#bytes -= this.#exchanges[this.#head++]?.length ?? 0;
    if (this.#head > this.#exchanges.length / 2) {
      this.#exchanges.splice(0, this.#head);
      this.#head = 0;
    }
  }

  #note(request: number, sentence: string, warning: boolean): void {
    if (this.#problems.length < this.#budget.problems) this.#problems.push({ request, sentence: visible(sentence), warning });
    else this.#problemsLeftOut++;
  }
}

/** What the journal wrote is what it reads back: an array of exchange events. */
function isExchangeEvents(value: unknown): value is ExchangeEvent[] {
  return Array.isArray(value) && value.every((event) => isRecord(event) && event.type === "exchange" && isRecord(event.record));
}
