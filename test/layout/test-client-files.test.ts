// npm test's guess of which test files load a client library, for a run with no record of them
// (a clean clone): scripts/test-client-files.ts over scripts/module-imports.ts.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { clientTestFiles, runtimeImports } from "../../scripts/test-client-files.ts";

test("what always loads counts; a type-only import and a dynamic one do not", () => {
  const source = [
    'import type { ChatCompletion } from "openai/resources/chat/completions";',
    'import { type Helper, helper } from "./helper.ts";',
    "import {",
    "  first,",
    "  second,",
    '} from "./many.ts";',
    'export { Anthropic } from "@anthropic-ai/sdk";',
    'export type { Tool } from "@mariozechner/pi-ai";',
    'import "./side-effect.ts";',
    'const later = await import("ai");',
  ].join("\n");
  assert.deepEqual(runtimeImports(source), ["./helper.ts", "./many.ts", "@anthropic-ai/sdk", "./side-effect.ts"]);
});

test("a file counts through the modules it imports, and an import cycle ends", () => {
  const dir = mkdtempSync(join(tmpdir(), "tcp-client-files-"));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  write("a.test.ts", 'import { b } from "./b.ts";\n');
  write("b.ts", 'import { a } from "./a.test.ts";\nimport OpenAI from "openai";\nexport const b = 1;\n');
  write("typed.test.ts", 'import type OpenAI from "openai";\nimport { c } from "./c.ts";\n');
  write("c.ts", 'import { readFileSync } from "node:fs";\nexport const c = 1;\n');
  write("later.test.ts", 'export const load = () => import("./b.ts");\n');
  const files = ["a.test.ts", "typed.test.ts", "later.test.ts"].map((name) => join(dir, name));
  assert.deepEqual([...clientTestFiles(files)], [join(dir, "a.test.ts")]);
});

test("the suite's client tests are found from their source", () => {
  const files = ["serve/clients-pi.test.ts", "serve/clients-langchain.test.ts", "schema/schema.test.ts", "layout/layers.test.ts"];
  const found = clientTestFiles(files.map((file) => join(projectRoot, "test", file)));
  // layers.test.ts reaches serve's golden runs only through a dynamic import (scripts/goldens.ts).
  assert.deepEqual([...found], [join(projectRoot, "test/serve/clients-pi.test.ts"), join(projectRoot, "test/serve/clients-langchain.test.ts")]);
});
