// docs/command.md's usage lines and options table are the ones generated from the commander
// declarations, so an option added to a command (serve's --record, the transcript's --chunk)
// shows up as a failing test here until the page lists it.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { renderCommandTable, renderCommandUsage } from "../../scripts/command-table.ts";
import { projectRoot } from "../../scripts/goldens.ts";

const doc = readFileSync(join(projectRoot, "docs/command.md"), "utf8");

/** The doc's text between `<!-- name:start -->` and `<!-- name:end -->`. */
function block(name: string): string | undefined {
  return new RegExp(`<!-- ${name}:start -->\\n([\\s\\S]*?)<!-- ${name}:end -->`).exec(doc)?.[1];
}

test("docs/command.md's usage lines are the ones generated from every command's declaration", async () => {
  assert.equal(block("command-usage"), await renderCommandUsage(), "regenerate it with npm run command-table");
});

test("docs/command.md's options table is the one generated from the transcript's declaration", async () => {
  assert.equal(block("command-options"), await renderCommandTable(), "regenerate it with npm run command-table");
});

test("the usage lines name every option serve takes, --record and its -o, --force among them", async () => {
  const serveLine = (await renderCommandUsage()).split("\n").find((line) => line.startsWith("tool-call-playground serve "));
  for (const flag of ["--record <url>", "-o, --output <file>", "--force", "--json", "--lang zh|en", "--chunk <n>"])
    assert.ok(serveLine?.includes(`[${flag}]`), flag);
});
