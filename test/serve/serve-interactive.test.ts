// serve --interactive with the example harnesses of examples/ (the official OpenAI and Anthropic
// SDKs) on the other end and a scripted person at the prompts: Enter on every request answers as
// plain serve does, byte for byte; an added call is run by the harness and its result comes back
// paired; arguments the declared schema refuses are never sent; a saved session replays through
// plain serve to the same answers and the same harness output.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { render } from "@inquirer/testing";
import { anthropicHarness } from "../../examples/anthropic-calc.ts";
import { calcDescription, calcParameters, QUESTION } from "../../examples/calc-tool.ts";
import { chatHarness, type HarnessOptions } from "../../examples/openai-calc.ts";
import { loadStandInMessages } from "../../src/commands/serve/load-stand-in-messages.ts";
import { createStandInPrompts } from "../../src/commands/serve/stand-in-prompts.ts";
import { argumentsCheck } from "../../src/commands/serve/stand-in-session.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { TestClock } from "../test-clock.ts";
import { ScriptedStandIn, type StandInAnswer } from "./scripted-stand-in.ts";
import { startServe } from "./serve-helpers.ts";

type Harness = (baseUrl: string, options?: HarnessOptions) => Promise<string>;

const scratch = mkdtempSync(join(tmpdir(), "tcp-serve-interactive-"));

/** A fetch that keeps the bytes of every answer, in order. */
function keepingBodies(bodies: string[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    bodies.push(`${response.status} ${text}`);
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** One harness run against serve (with a scripted person when `answers` is given). */
async function run(fixture: string, harness: Harness, answers?: StandInAnswer[]) {
  const ui = answers && new ScriptedStandIn(answers);
  const server = await startServe(fixture, { json: true, ...(ui ? { standInUI: ui } : {}) });
  const bodies: string[] = [];
  const output = await harness(server.url, { fetch: keepingBodies(bodies) }).catch((error: Error) => `threw: ${error.message}`);
  const code = await server.stop();
  const exchanges = server
    .out()
    .split("\n")
    .slice(1)
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === "exchange")
    .map((event) => event.record);
  return { ui, output, bodies, code, exchanges };
}

for (const [name, harness] of [
  ["the OpenAI SDK (Chat Completions)", chatHarness],
  ["the Anthropic SDK", anthropicHarness],
] as const) {
  test(`Enter on every request answers ${name} byte for byte as plain serve does`, async () => {
    const plain = await run("serve-calc", harness);
    const person = await run("serve-calc", harness, []);
    assert.equal(person.output, plain.output);
    assert.deepEqual(person.bodies, plain.bodies);
    assert.equal(person.bodies.length, 2);
    assert.equal(person.ui?.shown.length, 2, "each request was shown to the person");
    assert.deepEqual(
      person.ui?.states.map((state) => state.choices[0]),
      ["script", "script"],
    );
  });
}

test("a call the person adds to a declared tool is run by the harness, and its result comes back paired", async () => {
  const { output, exchanges, ui } = await run("serve-calc", anthropicHarness, [
    { prompt: "choose", value: "add" },
    { prompt: "pickTool", value: "calc" },
    { prompt: "editArguments", typed: [{ a: 2, b: 3, op: "mul" }] },
  ]);
  assert.deepEqual(ui?.unused(), []);
  assert.match(output, /12.*42/);
  const [first, second] = exchanges;
  assert.deepEqual(
    first.outcome.edits.map((edit: { kind: string; name: string }) => `${edit.kind} ${edit.name}`),
    ["add calc"],
  );
  const added = second.conversation.results.find(
    (pair: { call?: { arguments: unknown } }) => JSON.stringify(pair.call?.arguments) === '{"a":2,"b":3,"op":"mul"}',
  );
  assert.ok(added, "the added call's result came back");
  assert.equal(added.result.content[0].text, "6");
  assert.deepEqual(
    second.conversation.findings.filter((finding: { severity: string }) => finding.severity === "error"),
    [],
  );
  assert.equal(second.outcome.status, 200);
});

test("arguments the declared schema refuses are explained and never sent", async () => {
  const { exchanges, ui } = await run("serve-calc", chatHarness, [
    { prompt: "choose", value: "edit" },
    { prompt: "reviewCall", value: "edit" },
    {
      prompt: "editArguments",
      typed: [
        { a: "7", b: 5, op: "add" },
        { a: 7, b: 5, op: "pow" },
        { a: 70, b: 5, op: "add" },
      ],
    },
    { prompt: "reviewCall", value: "keep" },
  ]);
  assert.deepEqual(ui?.unused(), []);
  assert.equal(ui?.refusals.length, 2);
  assert.match(ui?.refusals[0] ?? "", /calc's declared schema refuses these arguments: .*a.*number/);
  assert.match(ui?.refusals[1] ?? "", /calc's declared schema refuses these arguments: .*op/);
  const sent = exchanges[0].outcome.reply.content.filter((block: { type: string }) => block.type === "toolCall");
  assert.deepEqual(sent[0].arguments, { a: 70, b: 5, op: "add" });
});

test("a saved session replays through plain serve: the same answers, the same harness output", async () => {
  const file = join(scratch, "served.json");
  const session = await run("serve-calc", chatHarness, [
    { prompt: "choose", value: "edit" },
    { prompt: "reviewCall", value: "drop" },
    { prompt: "reviewCall", value: "edit" },
    { prompt: "editArguments", typed: [{ a: 6, b: 8, op: "mul" }] },
    { prompt: "choose", value: "text" },
    { prompt: "writeText", value: "6 × 8 = 48." },
    { prompt: "saveAs", value: file },
  ]);
  assert.deepEqual(session.ui?.unused(), []);
  assert.equal(session.output, "6 × 8 = 48.");
  const replayed = await run(file, chatHarness);
  assert.equal(replayed.output, session.output);
  assert.deepEqual(replayed.bodies, session.bodies);
  const saved = JSON.parse(readFileSync(file, "utf8"));
  // The model's reply stays as it was sent; the person's changes sit beside it.
  assert.deepEqual(saved.episodes[0].script[0].content[1].arguments, { a: 7, b: 5, op: "add" });
  assert.deepEqual(
    saved.episodes[0].script[0].edits.map((edit: { kind: string }) => edit.kind),
    ["drop", "arguments"],
  );
});

test("a fault the person answers with is saved as the reply's fail, and replays as that fault", async () => {
  const file = join(scratch, "fault.json");
  const session = await run("serve-calc", anthropicHarness, [
    { prompt: "choose", value: "fault" },
    { prompt: "pickFault", value: "overloaded" },
    { prompt: "saveAs", value: file },
  ]);
  assert.match(session.output, /^threw: 529/);
  const replayed = await run(file, anthropicHarness);
  assert.equal(replayed.output, session.output);
  assert.deepEqual(replayed.bodies, session.bodies);
  assert.deepEqual(JSON.parse(readFileSync(file, "utf8")).episodes[0].script[0].fail, { kind: "overloaded", times: 1 });
});

test("past the script's end the person writes the reply from nothing, and the saved session replays it", async () => {
  const file = join(scratch, "past-end.json");
  const session = await run("serve-calc", chatHarness, [
    { prompt: "choose", value: "script" },
    { prompt: "choose", value: "add" },
    { prompt: "pickTool", value: "calc" },
    { prompt: "editArguments", typed: [{ a: 1, b: 1, op: "add" }] },
    { prompt: "choose", value: "text" },
    { prompt: "writeText", value: "All three done." },
    { prompt: "saveAs", value: file },
  ]);
  assert.deepEqual(session.ui?.unused(), []);
  assert.equal(session.output, "All three done.");
  assert.deepEqual(session.ui?.states[2]?.choices, ["add", "text", "fault", "end"], "past the end there is no script's reply to send");
  const replayed = await run(file, chatHarness);
  assert.equal(replayed.output, session.output);
  assert.deepEqual(replayed.bodies, session.bodies);
});

test("without a terminal on stdin serve --interactive says so in one line and exits 2", async () => {
  let err = "";
  const { serve } = await import("../../src/commands/serve/serve-command.ts");
  const code = await serve(
    "serve-calc",
    { port: 0, host: "127.0.0.1", lang: "en", interactive: true },
    { out: () => {}, err: (text) => void (err += text), env: {}, isTTY: false, stdinIsTTY: false },
  );
  assert.equal(code, 2);
  assert.equal(err, "serve --interactive needs a terminal on stdin. Leave out --interactive to serve the fixture as it is.\n");
});

/** Turns of the event loop until `holds` does (a request arrived, a socket closed). */
async function until(holds: () => boolean): Promise<void> {
  for (let turn = 0; !holds(); turn++) {
    if (turn > 100_000) throw new Error("never happened");
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test("requests wait their turn, counted with the oldest's wait; a client that gave up while waiting is skipped", async () => {
  const clock = new TestClock();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const ui = new ScriptedStandIn([]);
  const choose = ui.choose.bind(ui);
  ui.choose = async (state) => {
    if (ui.states.length === 0) await held;
    return choose(state);
  };
  const server = await startServe("serve-calc", { json: true, standInUI: ui, clock });
  const tools = [{ type: "function", function: { name: "calc", description: calcDescription, parameters: calcParameters } }];
  const body = JSON.stringify({ model: "m", messages: [{ role: "user", content: QUESTION }], tools });
  const send = () =>
    fetch(`${server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body }).catch(() => undefined);
  // The second client leaves while it waits: its own connection, closed under it.
  const leaving = request(`${server.url}/v1/chat/completions`, { method: "POST", agent: false, headers: { "content-type": "application/json" } });
  leaving.on("error", () => {});
  const answers: Promise<Response | undefined>[] = [];
  for (const next of [send, () => (leaving.end(body), Promise.resolve(undefined)), send, send]) {
    answers.push(next());
    await until(() => server.server.inFlight() === answers.length);
    // The first is before the person before the others come.
    await until(() => ui.shown.length === 1);
  }
  await clock.advance(7_000);
  leaving.destroy();
  await until(() => server.server.openSockets() === 3);
  release();
  const statuses = (await Promise.all(answers)).map((response) => response?.status);
  assert.deepEqual(statuses, [200, undefined, 200, 200]);
  assert.ok(ui.said.includes("Request 2: the client gave up while waiting; skipped."));
  assert.deepEqual(
    ui.states.map(({ number, waiting, oldestSeconds }) => [number, waiting, oldestSeconds]),
    [
      [1, 0, 0],
      [3, 1, 7],
      [4, 0, 0],
    ],
  );
  await server.stop();
  const gone = server
    .out()
    .split("\n")
    .filter((line) => line.includes('"clientGone"'));
  assert.equal(gone.length, 1);
});

test("the real arguments prompt shows the declared schema's refusal and takes the fixed arguments", async () => {
  const [say, narration] = await Promise.all([loadStandInMessages("en"), loadCatalog("en")]);
  const calc = { name: "calc", description: calcDescription, parameters: structuredClone(calcParameters) };
  const { answer, events, getScreen, nextRender } = await render(
    (_config: object, context) =>
      createStandInPrompts(say, narration, context).editArguments("{}", argumentsCheck(calc, say, narration), new AbortController().signal),
    {},
  );
  events.type('{"a":2,"b":"3","op":"mul"}');
  events.keypress("enter");
  await nextRender();
  assert.match(getScreen(), /calc's declared schema refuses these arguments: parameter b must be a number, got "3"/);
  events.keypress({ name: "u", ctrl: true });
  events.type('{"a":2,"b":3,"op":"mul"}');
  events.keypress("enter");
  assert.deepEqual(await answer, { a: 2, b: 3, op: "mul" });
});
