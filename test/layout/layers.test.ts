// The dependency rule of src/ (scripts/layers.ts; drawn in docs/layout.md): every import between
// folders goes down a floor, rooms on one floor never import each other, and the agent library
// and the providers never import each other. Type imports and dynamic imports count.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { checkLayers, floors, renderLayersTable, unreachedFiles } from "../../scripts/layers.ts";

test("every import under src/ goes down the floors", () => {
  const violations = checkLayers(projectRoot);
  assert.deepEqual(
    violations.map(({ from, specifier, why }) => `${from}: "${specifier}": ${why}`),
    [],
  );
});

/** A small tree of `src/` files, each with the imports given. */
function tree(files: Record<string, string[]>): string {
  const root = mkdtempSync(join(tmpdir(), "tcp-layers-"));
  for (const [file, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), imports.map((specifier) => `import type { X } from "${specifier}";\n`).join(""));
  }
  return root;
}

test("the check catches an upward import, a sideways one, and one across the two columns", () => {
  const violations = checkLayers(
    tree({
      "src/schema/validator.ts": ["../cli/cli.ts"],
      "src/commands/lint/run-lint.ts": ["../serve/server.ts"],
      "src/commands/serve/server.ts": [],
      "src/agent/fake-model.ts": ["../providers/shared/sse.ts"],
      "src/providers/shared/sse.ts": [],
      "src/cli/cli.ts": ["../schema/validator.ts"],
    }),
  );
  assert.deepEqual(
    violations.map(({ from, why }) => [from, why.split(":")[0]]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    [
      ["src/agent/fake-model.ts", "the agent library and the providers stand side by side"],
      ["src/commands/lint/run-lint.ts", "imports a room on its own floor"],
      ["src/schema/validator.ts", "imports upward"],
    ],
  );
});

test("a provider folder is reached through the registry alone", () => {
  const violations = checkLayers(
    tree({
      "src/providers/registry.ts": ["./gemini/index.ts"],
      "src/providers/gemini/index.ts": ["../shared/provider.ts"],
      "src/providers/shared/provider.ts": [],
      "src/commands/lint/run-lint.ts": ["../../providers/gemini/index.ts", "../../providers/registry.ts", "../../providers/shared/provider.ts"],
    }),
  );
  assert.deepEqual(
    violations.map(({ from, specifier }) => `${from} ${specifier}`),
    ["src/commands/lint/run-lint.ts ../../providers/gemini/index.ts"],
  );
});

test("a dynamic import counts, and a file in no room is named", () => {
  const root = tree({ "src/narration/view.ts": [], "src/elsewhere/stray.ts": [] });
  writeFileSync(join(root, "src/narration/view.ts"), 'const later = () => import("../commands/play/transcript.ts");\n');
  mkdirSync(join(root, "src/commands/play"), { recursive: true });
  writeFileSync(join(root, "src/commands/play/transcript.ts"), "");
  const whys = checkLayers(root).map(({ from, why }) => `${from} ${why.split(":")[0]}`);
  assert.deepEqual(whys.sort(), ["src/elsewhere/stray.ts stands in no room of scripts/layers.ts", "src/narration/view.ts imports upward"]);
});

test("src/ holds what the program runs: every file is reached from src/main.ts or an export of package.json", () => {
  assert.deepEqual(unreachedFiles(projectRoot), [], "a file only scripts/ or tests import belongs in scripts/");
});

test("a file that only a script or a test imports is named, and one an export reaches is not", () => {
  const root = tree({
    "src/main.ts": ["./cli/cli.ts"],
    "src/cli/cli.ts": [],
    "src/index.ts": ["./schema/validator.ts"],
    "src/schema/validator.ts": [],
    "src/narration/wire-table.ts": ["../schema/validator.ts"],
  });
  writeFileSync(join(root, "src/cli/cli.ts"), 'const later = () => import("../commands/serve/server.ts");\n');
  mkdirSync(join(root, "src/commands/serve"), { recursive: true });
  writeFileSync(join(root, "src/commands/serve/server.ts"), "");
  writeFileSync(join(root, "package.json"), JSON.stringify({ exports: { ".": "./src/index.ts" } }));
  assert.deepEqual(unreachedFiles(root), ["src/narration/wire-table.ts"]);
});

test("docs/layout.md's table of floors is the one scripts/layers.ts generates", () => {
  const table = renderLayersTable();
  assert.equal(table.split("\n").filter((line) => /^\| \d+ \|/.test(line)).length, floors.length, "one row per floor");
  assert.ok(readFileSync(join(projectRoot, "docs/layout.md"), "utf8").includes(table), "regenerate it with npm run layers -- --table");
});
