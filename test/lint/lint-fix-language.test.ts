// lint's fix texts are in the run's language (issue 44, item 3): a Chinese run said
// `修正：leave blank text blocks out; …`. Every rule of every table writes its fix in both.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { providerIds } from "../../src/providers/registry.ts";
import { cli } from "../play/in-process.ts";
import { partsOf } from "../providers/rule-case.ts";

const han = /\p{Script=Han}/u;

test("every rule's fix is written in Chinese and in English", () => {
  for (const provider of providerIds) {
    for (const rule of partsOf(provider).rules.rules) {
      assert.match(rule.fix.zh, han, `${provider}/${rule.id}`);
      assert.doesNotMatch(rule.fix.en, han, `${provider}/${rule.id}`);
    }
  }
});

test("a Chinese lint run prints each fix in Chinese, an English one in English", async () => {
  const body = join(projectRoot, "fixtures", "requests", "violation-provider-rules.anthropic.json");
  const zh = await cli(["lint", body]);
  const fixes = zh.out.split("\n").flatMap((line) => /修正：(.*)$/.exec(line)?.[1] ?? []);
  assert.ok(fixes.length > 0, zh.out);
  for (const fix of fixes) assert.match(fix, han, fix);
  const en = await cli(["lint", body, "--lang", "en"]);
  assert.match(en.out, /fix: give the repeated call a fresh id and its tool_result the same one/);
});
