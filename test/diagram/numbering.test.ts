// The diagram and the transcript of one run (issue 55, item 12): the diagram names each episode by
// the transcript's step numbers ([1]–[5], then [6], [7] …), not by a count of its own ("Episode 2"),
// so one run has one numbering; and the diagram's title wraps at its width instead of being cut
// mid-phrase ("…a paired tool…"). Both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadDiagramMessages } from "../../src/diagram/load-diagram-messages.ts";
import { textColumns, wrapColumns } from "../../src/diagram/text-width.ts";
import { cli } from "../play/in-process.ts";

/** The transcript and the diagram of a walkthrough run, split where the diagram's title begins. */
async function walkthrough(lang: "en" | "zh"): Promise<{ transcript: string[]; diagram: string[] }> {
  const { code, out, err } = await cli(["walkthrough", "--diagram", "--lang", lang]);
  assert.equal(code, 0, err);
  const lines = out.split("\n");
  const heading = (await loadDiagramMessages(lang)).heading;
  const start = lines.indexOf(lines.find((line) => line.startsWith(heading)) ?? "");
  assert.ok(start > 0, "the diagram follows the transcript");
  return { transcript: lines.slice(0, start), diagram: lines.slice(start) };
}

// No top-level await here: a test declared after one can be filed under a suite already ended
// (scripts/test-reporter.ts `isStray`).
const headings = { en: /^Steps? \[(\d+)\](?:–\[(\d+)\])?/, zh: /^第 \[(\d+)\](?:–\[(\d+)\])? 步/ };

for (const lang of ["en", "zh"] as const) {
  test(`the diagram (${lang}) names each episode by the transcript's step numbers, and only by them`, async () => {
    const { transcript, diagram } = await walkthrough(lang);
    const steps = transcript.flatMap((line) => /^\[(\d+)\] /.exec(line)?.[1] ?? []).map(Number);
    const named = diagram.flatMap((line) => {
      const match = headings[lang].exec(line);
      return match ? [[Number(match[1]), Number(match[2] ?? match[1])]] : [];
    });
    assert.deepEqual(named, [
      [1, 5],
      [6, 6],
      [7, 7],
      [8, 8],
      [9, 9],
    ]);
    for (const [, last] of named) assert.ok(steps.includes(last ?? 0), `step [${last}] is one the transcript numbered`);
    assert.equal(Math.max(...steps), 9, "the last episode's step is the transcript's last");
    assert.ok(!diagram.some((line) => /^Episode \d|^第 \d+ 段/.test(line)), "no second numbering");
  });

  test(`the diagram's title (${lang}) wraps at 100 columns and is never cut`, async () => {
    const { diagram } = await walkthrough(lang);
    const legendAt = diagram.findIndex((line) => line.startsWith("  "));
    const title = diagram.slice(0, legendAt);
    for (const line of title) assert.ok(textColumns(line) <= 100, line);
    assert.ok(!title.join("").includes("…"), title.join("\n"));
    const whole = lang === "en" ? "how one calc request becomes a paired tool result" : "";
    assert.ok(title.join(" ").includes(whole), title.join("\n"));
  });
}

test("a wrapped line breaks after a space, a Chinese one between characters, none wider than asked", () => {
  assert.deepEqual(wrapColumns("a paired tool result", 13), ["a paired tool", "result"]);
  assert.deepEqual(wrapColumns("一二三四五", 4), ["一二", "三四", "五"]);
  assert.deepEqual(wrapColumns("short", 100), ["short"]);
});
