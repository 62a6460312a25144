// The client matrix's shared parts: one in-process serve of clients-fixture.json per client
// family (one test file each, so one process), the scenarios every client runs, and the two
// checks a cell makes — a loop that finishes with the scripted answer, a number for every usage
// count the client exposes and every request answered with a reply; or a broken history that
// gets the provider's 400 with the provider's own text, narrated as the rule it breaks.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import type { ExchangeRecord } from "../../src/commands/serve/serve-events.ts";
import { printedExchanges, rejection as rejectionOf, startServe } from "./serve-helpers.ts";

export const CLIENTS_FIXTURE = fileURLToPath(new URL("./clients-fixture.json", import.meta.url));
export const SYSTEM = "You are a helpful assistant. Use calc for arithmetic.";

/** The fixture's three episodes, each found by its first user message. */
export const scenarios = {
  oneCall: { prompt: "What is 7 + 5?", answer: "7 + 5 = 12." },
  twoCalls: { prompt: "What is 7 + 5, and 6 times 7?", answer: "7 + 5 = 12 and 6 × 7 = 42." },
  multiTurn: { prompt: "Hello!", reply: "Hello! Ask me a sum.", next: "What is 2 + 3?", answer: "2 + 3 = 5." },
} as const;

export type Api = "openai-chat" | "openai-responses" | "anthropic" | "gemini";

/** A broken history: the two-call turn with one result missing, or with a third for a call never made. */
export const broken = {
  question: scenarios.twoCalls.prompt,
  calls: [
    { id: "call_1", args: { a: 7, b: 5, op: "add" } },
    { id: "call_2", args: { a: 6, b: 7, op: "mul" } },
  ],
  results: {
    missing: [{ id: "call_1", text: "12" }],
    unknown: [
      { id: "call_1", text: "12" },
      { id: "call_2", text: "42" },
      { id: "call_9", text: "99" },
    ],
  },
} as const;

export type Broken = keyof typeof broken.results;

/** Each provider's own words for each broken history, as its rule table answers them (rules.ts cites each). */
export const providerText: Record<Api, Record<Broken, string>> = {
  "openai-chat": {
    missing: "The following tool_call_ids did not have response messages: call_2",
    unknown: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  },
  "openai-responses": {
    missing: "No tool output found for function call call_2.",
    unknown: "No tool call found for function call output with call_id call_9.",
  },
  anthropic: {
    missing: "`tool_use` ids were found without `tool_result` blocks immediately after: call_2.",
    unknown: "unexpected `tool_use_id` found in `tool_result` blocks: call_9.",
  },
  gemini: {
    missing: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
    unknown: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.",
  },
};

export interface MatrixServer {
  url: string;
  /** The narration of every request so far, as data (--json). */
  records(): ExchangeRecord[];
  /** Ctrl-C, as serve-helpers.ts does it. */
  stop(): Promise<number>;
}

export async function startMatrixServer(): Promise<MatrixServer> {
  const server = await startServe(CLIENTS_FIXTURE, { json: true });
  return {
    url: server.url,
    records: () => printedExchanges(server.out()),
    stop: server.stop,
  };
}

/** The server narrates a request once its answer is written, which can be a moment after the
 *  client has read it: wait until the narration stops growing. */
export async function settled(server: MatrixServer): Promise<ExchangeRecord[]> {
  let last = -1;
  let records = server.records();
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setImmediate(resolve));
    records = server.records();
    quiet = records.length === last ? quiet + 1 : 0;
    last = records.length;
  }
  return records;
}

export interface LoopResult {
  text: string;
  /** Every usage count the client exposes for the run. */
  usage: readonly (number | undefined)[];
}

/** A whole loop: the scripted answer, numbers for usage, and only replies in the narration. */
export async function assertLoop(server: MatrixServer, expected: string, run: () => Promise<LoopResult>): Promise<void> {
  const before = (await settled(server)).length;
  const result = await run();
  assert.equal(result.text, expected);
  assert.ok(result.usage.length > 0, "the client exposes no usage");
  for (const count of result.usage) assert.ok(typeof count === "number" && count > 0, `usage ${JSON.stringify(result.usage)}`);
  const records = (await settled(server)).slice(before);
  assert.ok(records.length > 0, "no request reached serve");
  for (const record of records) assert.equal(record.outcome.kind, "reply", `request ${record.number}: ${record.outcome.kind} ${record.outcome.message ?? ""}`);
}

/** A broken history: the client raises (or, Pi, returns) the provider's 400 with its text, and the
 *  narration shows the rule and the history before it. `run` resolves with the error it got. */
export async function assertRefused(server: MatrixServer, api: Api, broken: Broken, run: () => Promise<unknown>): Promise<void> {
  const before = (await settled(server)).length;
  const error = await run();
  const text = providerText[api][broken];
  const message = error instanceof Error ? error.message : String(error);
  assert.ok(message.includes(text), `expected the provider's text ${JSON.stringify(text)}, got ${message}`);
  assert.equal(statusOf(error), 400, message);
  const records = (await settled(server)).slice(before);
  const refused = records.at(-1);
  assert.equal(refused?.outcome.kind, "lint", JSON.stringify(refused?.outcome));
  assert.equal(refused.outcome.status, 400);
  assert.ok((refused.conversation?.messages ?? 0) > 0, "the narration holds the history");
}

/** The HTTP status a client's error carries: `status` (openai, @anthropic-ai/sdk, LangChain's),
 *  `statusCode` (AI SDK), or the number its message starts with (Pi, Google's SDKs). */
function statusOf(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null) {
    if ("status" in error && typeof error.status === "number") return error.status;
    if ("statusCode" in error && typeof error.statusCode === "number") return error.statusCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  const found = /(?:^|\[|"code":)\s*(\d{3})\b/.exec(message)?.[1];
  return found === undefined ? undefined : Number(found);
}

/** What a promise rejects with; a resolved promise is a failure of the check. */
export function rejection(promise: Promise<unknown>): Promise<unknown> {
  return rejectionOf(promise, "the client accepted a broken history");
}
