// The limits serve keeps, as the Markdown table docs/serve-limits.md shows: each with its default, read
// from the code, the option that changes it (or why it is fixed), and the test that checks it. A
// test keeps the copy in the docs equal to this; `npm run limits-table` prints it.

import { JOURNAL_BYTES, JOURNAL_PROBLEMS } from "../src/commands/serve/journal.ts";
import { PAGE_WRITES } from "../src/commands/serve/page-writes.ts";
import { CONCURRENT_EXCHANGES, DEFAULT_MAX_BODY_BYTES, defaultLimits, defaultStoreBudget } from "../src/commands/serve/serve-limits.ts";
import { KEPT_BYTES, KEPT_EXCHANGES } from "../src/diagram/live-session.ts";
import { MAX_FIXTURE_BYTES } from "../src/fixture/load-fixture.ts";

interface LimitRow {
  limit: string;
  value: string;
  /** The option that changes it, or "fixed: " and why. */
  option: string;
  /** What happens past it. */
  past: string;
  /** The test file that checks it. */
  test: string;
}

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  return `${bytes / MB} MB`;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}

const rows: readonly LimitRow[] = [
  {
    limit: "request body",
    value: megabytes(DEFAULT_MAX_BODY_BYTES),
    option: "`--max-body <bytes>`",
    past: "413 in the provider's shape, the rest never read",
    test: "test/serve/serve-body-limit.test.ts",
  },
  {
    limit: "Responses store, bytes",
    value: megabytes(defaultStoreBudget.bytes),
    option: "`--store-bytes <bytes>`",
    past: "the oldest stored response goes first; pointing at it is a 400 `previous_response_not_found`",
    test: "test/serve/serve-store.test.ts",
  },
  {
    limit: "Responses store, responses",
    value: count(defaultStoreBudget.responses),
    option: "`--store-responses <n>`",
    past: "the same",
    test: "test/serve/serve-store.test.ts",
  },
  {
    limit: "time to send the headers",
    value: seconds(defaultLimits.headersMs),
    option: "fixed: a harness on the same machine sends them in milliseconds",
    past: "the socket closed",
    test: "test/serve/hostile-requests.test.ts",
  },
  {
    limit: "time to send a request's body",
    value: seconds(defaultLimits.requestMs),
    option: "fixed: the same, for the body",
    past: "the socket closed; narrated as a client that left",
    test: "test/serve/hostile-requests.test.ts",
  },
  {
    limit: "requests served at once",
    value: count(defaultLimits.connections),
    option: "fixed: bounds the bodies held at once",
    past: "the next request waits its turn (never reset)",
    test: "test/serve/serve-pressure.test.ts",
  },
  {
    limit: "sockets open at once",
    value: count(defaultLimits.sockets),
    option: "fixed: four times the requests served at once",
    past: "sockets stalled for the stall time are closed first; then the new one is",
    test: "test/serve/serve-pressure.test.ts",
  },
  {
    limit: "stall time",
    value: seconds(defaultLimits.stallMs),
    option: "fixed: a harness sends a request in milliseconds",
    past: "a socket that sent nothing (or stopped sending its body) for this long is closed when room is needed",
    test: "test/serve/serve-pressure.test.ts",
  },
  {
    limit: "a body's pace",
    value: `${count(defaultLimits.stallBytes)} bytes within the stall time`,
    option: "fixed: a harness on the same machine sends a body in one go",
    past: "a body trickled slower counts as stalled: closed when room is needed, as a silent socket is",
    test: "test/serve/serve-pressure.test.ts",
  },
  {
    limit: "exchanges worked out at once",
    value: count(CONCURRENT_EXCHANGES),
    option: "fixed: the script is played one reply after another",
    past: "the next whole request waits a moment",
    test: "test/serve/serve-pressure.test.ts",
  },
  {
    limit: "grace after Ctrl-C or SIGTERM",
    value: seconds(defaultLimits.shutdownMs),
    option: "fixed: long enough for a scripted reply to finish streaming",
    past: "every socket still open is closed, and the process ends even if stdout stopped reading",
    test: "test/serve/hostile-process.test.ts",
  },
  {
    limit: "exchanges the live page shows",
    value: `${count(KEPT_EXCHANGES)}, within ${megabytes(KEPT_BYTES)} of messages`,
    option: "fixed: the page is for watching the session, the narration keeps all of it",
    past: "the earliest are left out, and the page's title counts them",
    test: "test/diagram/live-session.test.ts",
  },
  {
    limit: "serve's own pages written at once (the live page, its session, the journal)",
    value: count(PAGE_WRITES),
    option: "fixed: a browser's tab asks for one at a time; each is one shared copy, made once per change",
    past: "the next waits its turn; a reader that takes nothing of its page for the stall time is cut off",
    test: "test/serve/page-writes.test.ts",
  },
  {
    limit: "the journal a test reads (`/_playground/exchanges`)",
    value: `${megabytes(JOURNAL_BYTES)} of exchanges, ${count(JOURNAL_PROBLEMS)} problems`,
    option: "fixed: far past what a test's requests make, so a serve left running stays bounded",
    past: "the earliest exchanges leave it; problems past the count are counted, not kept",
    test: "test/serve/journal.test.ts",
  },
  {
    limit: "`--record`: an answer kept, and the fixture written",
    value: megabytes(MAX_FIXTURE_BYTES),
    option: "fixed: the size of fixture `serve` loads",
    past: "a longer answer still passes whole, narrated and noted as too large; a larger fixture is not written, the file keeps the last session that fits",
    test: "test/serve/record-stream.test.ts",
  },
];

export function renderLimitsTable(): string {
  const lines = ["| limit | default | option | past it | test |", "| --- | --- | --- | --- | --- |"];
  for (const row of rows) lines.push(`| ${row.limit} | ${row.value} | ${row.option} | ${row.past} | \`${row.test}\` |`);
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderLimitsTable());
