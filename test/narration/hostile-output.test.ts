// The hostile set (issue 10, item 1): terminal escapes, C1 controls, bidi overrides, zero-width
// characters and line separators placed in every kind of data a fixture carries, run through every
// output mode. No byte of them may come out raw: the only escapes allowed are the app's own colours.
import assert from "node:assert/strict";
import { test } from "node:test";
import { render } from "@inquirer/testing";
import { createInquirerUI } from "../../src/commands/interactive/inquirer-ui.ts";
import { runInteractiveSession } from "../../src/commands/interactive/session.ts";
import { loadSessionCatalogs } from "../../src/commands/interactive/session-catalogs.ts";
import type { InteractiveUI } from "../../src/commands/interactive/ui.ts";
import { fixtureJsonLines, narrateFixture } from "../../src/commands/play/transcript.ts";
import { type Fixture, fixtureSchemaFor } from "../../src/fixture/fixture-format.ts";
import { parseFixture } from "../../src/fixture/load-fixture.ts";
import { allLanguages } from "../../src/narration/catalog-loader.ts";
import { errorLine } from "../../src/narration/error-line.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import { plainStyle } from "../../src/narration/style.ts";
import { terminalStyle } from "../../src/narration/terminal-style.ts";
import { cli } from "../play/in-process.ts";

const catalogs = await allLanguages(loadCatalog);
const sessionCatalogs = await loadSessionCatalogs();

const hostileSequences = [
  "\u001b]0;pwned\u0007",
  "\u001b[2J",
  "\u001b]52;c;cHduZWQ=\u0007",
  "\u009b31m",
  "\u0085",
  "\u202e",
  "\u2066",
  "\u200b",
  "\u200d",
  "\ufeff",
  "\u2028",
  "\u2029",
  "\u007f",
  "\r",
  "\b",
  "\u0000",
];

/** Anything a terminal might act on; newline is the line separator of the output itself. */
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;
/** The app's own colour codes (chalk's SGR sequences). */
const SGR = /\u001b\[[0-9;]*m/g;

function base(): Record<string, unknown> & { episodes: Record<string, unknown>[] } {
  return {
    title: "hostile",
    episodes: [
      {
        systemPrompt: "system",
        user: "user",
        tools: ["echo"],
        maxTurns: 2,
        script: [
          {
            content: [
              { type: "text", text: "text" },
              { type: "toolCall", id: "c1", name: "echo", arguments: { value: "value" } },
            ],
          },
          { content: [{ type: "text", text: "done" }] },
        ],
      },
      {
        title: "second",
        user: "user two",
        tools: ["echo"],
        maxTurns: 1,
        script: [
          {
            content: [
              { type: "text", text: "summary text" },
              { type: "toolCall", id: "c2", name: "echo", arguments: { value: "w" } },
            ],
          },
        ],
      },
    ],
  };
}

type Source = (fixture: ReturnType<typeof base>, hostile: string) => void;
const first = (fixture: ReturnType<typeof base>) => fixture.episodes[0] as { script: { content: Record<string, unknown>[] }[] } & Record<string, unknown>;
const second = (fixture: ReturnType<typeof base>) => fixture.episodes[1] as { script: { content: Record<string, unknown>[] }[] } & Record<string, unknown>;
const call = (fixture: ReturnType<typeof base>) => first(fixture).script[0]?.content[1] ?? {};

const sources: Record<string, Source> = {
  title: (f, h) => void (f.title = `T${h}T`),
  episodeTitle: (f, h) => void (second(f).title = `E${h}E`),
  systemPrompt: (f, h) => void (first(f).systemPrompt = `S${h}S`),
  user: (f, h) => void (first(f).user = `U${h}U`),
  modelText: (f, h) => void ((first(f).script[0]?.content[0] ?? {}).text = `M${h}M`),
  toolName: (f, h) => void (call(f).name = `N${h}N`),
  callId: (f, h) => void (call(f).id = `I${h}I`),
  argumentValue: (f, h) => void (call(f).arguments = { value: `V${h}V` }),
  argumentKey: (f, h) => void (call(f).arguments = { value: "v", [`K${h}K`]: 1 }),
  summaryText: (f, h) => void ((second(f).script[0]?.content[0] ?? {}).text = `X${h}X`),
  summaryCallId: (f, h) => void ((second(f).script[0]?.content[1] ?? {}).id = `J${h}J`),
};

function fixtureWith(source: Source, hostile: string): Fixture {
  const raw = base();
  source(raw, hostile);
  return fixtureSchemaFor("zh").parse(raw);
}

/** An interactive person who runs every call as scripted and saves nothing. */
function passiveUI(said: string[]): InteractiveUI {
  return {
    pickFixture: async () => "walkthrough",
    pause: async () => "next",
    reviewCall: async () => "run",
    editArguments: async () => ({}),
    renameTool: async (current) => current,
    saveAs: async () => undefined,
    confirmOverwrite: async () => false,
    say: (line) => void said.push(line),
    setLanguage: () => {},
  };
}

type Mode = (fixture: Fixture) => Promise<string>;
const collect = async (run: (write: (line: string) => void) => Promise<unknown>): Promise<string> => {
  const lines: string[] = [];
  await run((line) => lines.push(line));
  return lines.join("\n");
};

const modes: Record<string, Mode> = {
  narrated: (fixture) => collect((write) => narrateFixture(fixture, { lang: "zh", write })),
  "narrated (colour)": async (fixture) => {
    const style = await terminalStyle(3);
    return (await collect((write) => narrateFixture(fixture, { lang: "en", write, style }))).replace(SGR, "");
  },
  json: (fixture) => collect((write) => fixtureJsonLines(fixture, { write })),
  wire: (fixture) => collect((write) => narrateFixture(fixture, { lang: "zh", write, wire: "anthropic" })),
  "json + wire": (fixture) => collect((write) => fixtureJsonLines(fixture, { write, wire: "openai-chat" })),
  interactive: async (fixture) => {
    const said: string[] = [];
    const transcript = await collect((write) =>
      runInteractiveSession({ fixture, ui: passiveUI(said), lang: "en", catalogs: sessionCatalogs, style: plainStyle, write }),
    );
    return `${transcript}\n${said.join("\n")}`;
  },
};

test("the hostile set: no data source leaks a control, bidi or zero-width character in any output mode", async (t) => {
  const report: string[] = [];
  const leaks: string[] = [];
  for (const [modeName, mode] of Object.entries(modes)) {
    let safe = 0;
    let total = 0;
    for (const [sourceName, source] of Object.entries(sources)) {
      for (const hostile of hostileSequences) {
        total++;
        const output = await mode(fixtureWith(source, hostile));
        const leak = FORBIDDEN.exec(output);
        if (leak) leaks.push(`${modeName} × ${sourceName} × ${JSON.stringify(hostile)}: U+${leak[0].charCodeAt(0).toString(16).padStart(4, "0")}`);
        else safe++;
        if (modeName === "json") for (const line of output.split("\n")) JSON.parse(line);
      }
    }
    report.push(`${modeName}: ${safe}/${total} safe`);
  }
  t.diagnostic(report.join("; "));
  assert.deepEqual(leaks.slice(0, 10), [], `${leaks.length} leaks; ${report.join("; ")}`);
});

test("the hostile set in a fixture error line: an unknown tool name and a control character in a string", async (t) => {
  let safe = 0;
  const leaks: string[] = [];
  for (const hostile of hostileSequences) {
    const raw = base();
    first(raw).tools = [`Q${hostile}Q`];
    const inString = `{"title": "a${hostile}b", "episodes": []}`;
    for (const source of [JSON.stringify(raw), inString]) {
      let line: string | undefined;
      try {
        const fixture = parseFixture(`dir/${hostile}.json`, source);
        // The unknown tool is found when the episode runs.
        await collect((write) => narrateFixture(fixture, { lang: "zh", write }));
      } catch (error) {
        line = errorLine(error, `dir/${hostile}.json`, catalogs.zh);
      }
      assert.ok(line !== undefined, `an error line for ${JSON.stringify(hostile)}`);
      if (FORBIDDEN.test(line)) leaks.push(`${JSON.stringify(hostile)}: ${JSON.stringify(line)}`);
      else safe++;
    }
  }
  t.diagnostic(`error line: ${safe}/${safe + leaks.length} safe`);
  assert.deepEqual(leaks, []);
});

test("the hostile set in the real interactive prompts: the call review shows every sequence written out", async (t) => {
  let safe = 0;
  const leaks: string[] = [];
  for (const hostile of hostileSequences) {
    const hostileCall = { type: "toolCall" as const, id: `I${hostile}`, name: `N${hostile}`, arguments: { value: `V${hostile}` } };
    const { answer, events, getFullOutput } = await render(
      (_config: object, context) => createInquirerUI("en", sessionCatalogs, context).reviewCall(hostileCall, JSON.stringify(hostileCall.arguments)),
      {},
    );
    events.keypress("enter");
    await answer;
    const raw = await getFullOutput({ raw: true });
    // Inquirer draws with cursor-movement sequences of its own; the data must not add any byte.
    const withoutOwnCodes = raw.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
    if (raw.includes(hostile) || FORBIDDEN.test(withoutOwnCodes)) leaks.push(JSON.stringify(hostile));
    else safe++;
  }
  t.diagnostic(`interactive prompt: ${safe}/${hostileSequences.length} safe`);
  assert.deepEqual(leaks, []);
});

test("the pre-stop probe: the CLI, piped with CI=true NO_COLOR=1, prints no ESC, BEL or C1 byte", async () => {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const file = join(mkdtempSync(join(tmpdir(), "tcp-probe-")), "probe.json");
  const probe = base();
  first(probe).user = "\u001b]0;x\u0007";
  (first(probe).script[0]?.content[0] ?? {}).text = "a\u001b[2Jb\u009bc";
  writeFileSync(file, JSON.stringify(probe));
  // Through runCli in this process, with the probe's environment: the sanitising is the same code
  // a piped process runs.
  const runs: { mode: string; code: number; out: string; err: string }[] = [];
  for (const extra of [[], ["--json"], ["--wire", "gemini"], ["--lang", "en"]]) {
    const { code, out, err } = await cli([file, ...extra], { CI: "true", NO_COLOR: "1" });
    runs.push({ mode: extra.join(" "), code, out, err });
  }
  for (const { mode, code, out, err } of runs) {
    assert.equal(code, 0, err);
    assert.doesNotMatch(out, /[\u001b\u0007\u0080-\u009f]/, `${mode}: a raw ESC, BEL or C1 character`);
    assert.match(out, /\\u001b/, "the escape is shown written out");
  }
});

test("the hostile set on the command line and in the session's asides: shown, with the app's own colours kept", async () => {
  const { runCli } = await import("../../src/cli/cli.ts");
  const { visibleKeepingColour } = await import("../../src/io/sanitize.ts");
  for (const hostile of hostileSequences) {
    const err: string[] = [];
    await runCli([`fixture${hostile}`], { out: () => {}, err: (text) => void err.push(text), env: {}, isTTY: false });
    await runCli([`--lang${hostile}`], { out: () => {}, err: (text) => void err.push(text), env: {}, isTTY: false });
    assert.doesNotMatch(err.join("").replace(/\n/g, ""), FORBIDDEN, JSON.stringify(hostile));
  }
  const coloured = "\u001b[32mapp\u001b[39m a\u001b]0;x\u0007b";
  assert.equal(visibleKeepingColour(coloured), "\u001b[32mapp\u001b[39m a\\u001b]0;x\\u0007b");
});
