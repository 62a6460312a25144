// serve-store.test.ts's memory case, in a process of its own (run with --expose-gc): a server with
// a 2 MB store budget takes one small stored request, then 120 stored requests of 1 MB, and tries
// to continue the first one's chain. Prints what it saw as JSON on stdout.
import { startServer } from "../../src/commands/serve/server.ts";
import { fixtureFileFor } from "../../src/fixture/fixture-files.ts";
import { loadFixture } from "../../src/fixture/load-fixture.ts";

export interface StoreMemoryRun {
  budget: number;
  statuses: number[];
  /** RSS after those requests minus RSS before them, each after a full collection. */
  grown: number;
  evicted: { status: number; code: string | null | undefined; narrated: string | undefined };
  /** The status of a fresh conversation after it all: serve still up. */
  after: number;
}

export const MB = 1024 * 1024;
/** 120 MB stored under a 2 MB budget: kept, they would grow serve by far more than the test allows. */
export const STORED_REQUESTS = 120;
const tools = [{ type: "function", name: "calc", parameters: { type: "object" } }];
const question = "What is 7 + 5, and 6 times 7?";

/** A full collection, so RSS measures what is kept rather than what waits to be collected. */
function rssAfterCollecting(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().rss;
}

/** A Responses API request to serve at `url`: its status and the JSON it answered. */
export async function respond(url: string, body: object): Promise<{ status: number; json: { id?: string; error?: { code?: string | null } } }> {
  const response = await fetch(`${url}/v1/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { id?: string; error?: { code?: string | null } } };
}

async function main(): Promise<StoreMemoryRun> {
  // Only each outcome is kept: a record holds the request's messages, which must not stay here.
  const outcomes: string[] = [];
  const budget = 2 * MB;
  const server = await startServer({
    fixture: await loadFixture(fixtureFileFor("serve-calc"), undefined, "en"),
    fixtureName: "serve-calc",
    host: "127.0.0.1",
    port: 0,
    store: { bytes: budget },
    onEvent: (event) => void (event.type === "exchange" && outcomes.push(event.record.outcome.kind)),
  });
  try {
    const first = await respond(server.url, { model: "m", input: question, tools });
    const before = rssAfterCollecting();
    const filler = "x".repeat(MB);
    const statuses: number[] = [];
    for (let request = 0; request < STORED_REQUESTS; request++)
      statuses.push((await respond(server.url, { model: "m", input: [{ role: "user", content: `${request} ${filler}` }], tools })).status);
    const grown = rssAfterCollecting() - before;
    const evicted = await respond(server.url, { model: "m", previous_response_id: first.json.id, input: [], tools });
    const narrated = outcomes.at(-1);
    const after = (await respond(server.url, { model: "m", input: question, tools })).status;
    return { budget, statuses, grown, evicted: { status: evicted.status, code: evicted.json.error?.code, narrated }, after };
  } finally {
    await server.close();
  }
}

if (process.argv[1]?.endsWith("store-memory-run.ts")) process.stdout.write(`${JSON.stringify(await main())}\n`);
