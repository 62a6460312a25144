// docs/import.md shows the report as `import` prints it by default, in Chinese (issue 44, item 8:
// it showed an English report for a command that prints Chinese unless told otherwise).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { cli } from "../play/in-process.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-import-docs-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

test("docs/import.md's example report is what the command prints, in its default language", async () => {
  const page = readFileSync(join(projectRoot, "docs", "import.md"), "utf8");
  const block = /```\n\$ npm start -- (import \S+ -o (\S+))\n([\s\S]*?)\n```/.exec(page);
  assert.ok(block, "the page shows an import run");
  const [, command = "", shownTarget = "", shown = ""] = block;
  const target = join(scratch, "deploy.json");
  const args = command.split(" ").map((word) => (word === shownTarget ? target : word));
  const source = args[1] ?? "";
  const run = await cli(args.map((word) => (word === source ? join(projectRoot, source) : word)));
  assert.equal(run.code, 0, run.err);
  const printed = (run.out + run.err).trimEnd().split(join(projectRoot, source)).join(source).split(target).join(shownTarget);
  assert.equal(shown, printed);
  assert.match(shown, /丢弃、改动或补上的内容/);
});
