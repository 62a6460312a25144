// The paths README.md and docs/*.md name — `src/agent/agent-loop.ts`, `src/providers/<provider>/rules.ts`,
// a relative link — exist, so a move in src/ that leaves a page pointing at the old place fails
// here instead of misleading a reader. `<…>` and `*` stand for any one name.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";

const pages = [
  "README.md",
  ...readdirSync(join(projectRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** Files the pages tell a reader to create: they are not in the tree, on purpose. */
const yoursToCreate = new Set(["src/tools/uppercase.ts", "fixtures/my-case.json", "fixtures/expected/my-case.txt", "fixtures/mine.json"]);

/** Whether some file or folder of the project matches `path`, segment by segment. */
function matches(path: string): boolean {
  let found = [projectRoot];
  for (const segment of path.replace(/\/$/, "").split("/")) {
    const pattern = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>|\*/g, "[^/]+")}$`);
    found = found.flatMap((dir) =>
      statSync(dir).isDirectory()
        ? readdirSync(dir)
            .filter((name) => pattern.test(name))
            .map((name) => join(dir, name))
        : [],
    );
    if (found.length === 0) return false;
  }
  return true;
}

test("every project path the pages name exists", () => {
  const missing: string[] = [];
  for (const page of pages) {
    const text = readFileSync(join(projectRoot, page), "utf8");
    // A path starts a token: `packages/ai/src/utils/validation.ts` is Pi's, not ours.
    for (const [, path = ""] of text.matchAll(/(?<![\w./<>-])((?:src|test|scripts|fixtures|examples|bin)\/[\w.<>*/-]*)/g)) {
      const clean = path.replace(/\.+$/, "");
      if (!yoursToCreate.has(clean) && !matches(clean)) missing.push(`${page}: ${clean}`);
    }
  }
  assert.deepEqual(missing, []);
});

test("every relative link of the pages reaches a file", () => {
  const broken: string[] = [];
  for (const page of pages) {
    const text = readFileSync(join(projectRoot, page), "utf8");
    for (const [, target = ""] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const file = join(projectRoot, dirname(page), target);
      if (!existsSync(file)) broken.push(`${page}: ${target} (${relative(projectRoot, file)})`);
    }
  }
  assert.deepEqual(broken, []);
});

test("the checks see the pages' paths at all", () => {
  assert.ok(matches("src/providers/<provider>/rules.ts"));
  assert.ok(!matches("src/loop/agent-loop.ts"), "an old place is not found");
  assert.ok(pages.includes("docs/layout.md"));
});
