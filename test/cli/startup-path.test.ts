// What a plain run loads (issue 12, start-up): `npm start` and a fixture run load the loop, the
// narration in one language and the fixture checks — not the subcommands, the other language, the
// wire renderers, the diagram, the prompt library or colour — and run with Node's source maps off.
// Two fresh processes, since what a start loads is the point. Start-up time itself is measured by
// `npm run bench:startup`, never here; this guards what it depends on.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { pathToFileURL } from "node:url";
import { projectRoot } from "../../scripts/goldens.ts";
import { cli } from "../play/in-process.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-startup-"));
// A resolve hook that logs every module URL to a file; a preload that registers it and, at exit,
// logs whether source maps were on.
writeFileSync(
  join(scratch, "log-hook.mjs"),
  `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.TCP_MODULE_LOG, resolved.url + "\\n");
  return resolved;
}
`,
);
writeFileSync(
  join(scratch, "preload.mjs"),
  `import { register } from "node:module";
import { appendFileSync } from "node:fs";
register(${JSON.stringify(pathToFileURL(join(scratch, "log-hook.mjs")).href)});
process.on("exit", () => appendFileSync(process.env.TCP_MODULE_LOG, "sourceMapsEnabled=" + process.sourceMapsEnabled + "\\n"));
`,
);

interface PlainRun {
  modules: Set<string>;
  sourceMapsEnabled: string | undefined;
}

let runs = 0;

/** `npm start`'s command with the logger after the TypeScript loader, so it sees what the program resolves. A real
 *  process, since what a fresh start loads is the point; started asynchronously, so the tests of
 *  this file run side by side. */
async function run(args: string[], nodeArgs: string[] = []): Promise<PlainRun> {
  const log = join(scratch, `modules-${++runs}.txt`);
  writeFileSync(log, "");
  const child = spawn(
    process.execPath,
    [...nodeArgs, "--import", "./bin/load-typescript.js", "--import", join(scratch, "preload.mjs"), "src/main.ts", ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, CI: "true", NO_COLOR: "1", TCP_MODULE_LOG: log },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  assert.equal(status, 0, stderr);
  const lines = readFileSync(log, "utf8").split("\n");
  const root = `${pathToFileURL(projectRoot).href}/`;
  const modules = new Set(lines.filter((line) => line.startsWith(root)).map((line) => line.slice(root.length)));
  return { modules, sourceMapsEnabled: lines.find((line) => line.startsWith("sourceMapsEnabled="))?.slice("sourceMapsEnabled=".length) };
}

function loadedUnder(modules: Set<string>, prefixes: string[]): string[] {
  return [...modules].filter((module) => prefixes.some((prefix) => module.startsWith(prefix)));
}

/** Paths a plain run must not load: a folder (ending in /) or a file. Each must exist, or the guard
 *  would pass by naming nothing (a move renames what it guards). */
const notLoadedByAPlainRun = [
  "src/commands/lint/",
  "src/commands/import/",
  "src/commands/replay-stream/",
  "src/commands/serve/",
  "src/commands/interactive/",
  "src/narration/catalog-en.ts",
  "src/narration/load-stream-catalog.ts",
  "src/narration/stream-catalog-zh.ts",
  "src/narration/wire-block.ts",
  "src/diagram/",
  "src/commands/play/diagram-output.ts",
  "src/io/write-output.ts",
  "src/wire.ts",
  "src/providers/",
  "node_modules/chalk/",
  "node_modules/@inquirer/",
];

describe("what a plain run loads", { concurrency: true }, () => {
  test("every path the guard names exists", () => {
    for (const path of notLoadedByAPlainRun) assert.ok(existsSync(join(projectRoot, path)), `${path} no longer exists: name what the plain run must not load`);
  });

  test("the walkthrough loads no subcommand, no other language, no wire, diagram, prompt or colour code; source maps off", async () => {
    const { modules, sourceMapsEnabled } = await run([]);
    assert.equal(sourceMapsEnabled, "false", "source maps are off for the product");
    assert.ok(modules.has("src/agent/agent-loop.ts") && modules.has("src/narration/catalog-zh.ts"), "the logger sees the program's modules");
    assert.deepEqual(loadedUnder(modules, [...notLoadedByAPlainRun]), []);
  });

  test("--wire --lang en renders requests without loading any provider's rules, readers or streams, loads the English catalog and not the Chinese one; source maps on when node is asked", async () => {
    const { modules, sourceMapsEnabled } = await run(["--wire", "anthropic", "--lang", "en"], ["--enable-source-maps"]);
    assert.ok(modules.has("src/providers/anthropic/request.ts"), "the renderer is loaded");
    assert.deepEqual(
      [...modules].filter((module) => /^src\/providers\/[^/]+\/(parts|rules|parse-request|parse-stream|render-stream|response)\.ts$/.test(module)),
      [],
    );
    assert.ok(modules.has("src/narration/catalog-en.ts"));
    assert.equal(modules.has("src/narration/catalog-zh.ts"), false);
    assert.equal(sourceMapsEnabled, "true");
  });

  test("--help lists every subcommand (it loads them)", async () => {
    const { code, out } = await cli(["--help"]);
    assert.equal(code, 0);
    for (const name of ["lint", "import", "replay-stream", "serve"]) assert.match(out, new RegExp(`^  ${name}\\b`, "m"), name);
  });
});
