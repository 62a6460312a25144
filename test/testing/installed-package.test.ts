// The package installed as a user installs it: npm packs this checkout (its `files` list, nothing
// else) and installs it, with the OpenAI SDK, into an empty project. There, a test that imports
// `tool-call-playground/testing` and finishes a tool loop runs with plain `node`, and the command
// runs through npm's link on PATH from the project's folder — both from under node_modules, where
// Node strips no types, so what the package needs to load is proven to be in it. Process tests:
// installing and loading a package is what they are about.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { promisify } from "node:util";
import { projectRoot } from "../../scripts/goldens.ts";

const run = promisify(execFile);
const project = mkdtempSync(join(tmpdir(), "tcp-installed-"));
after(() => rmSync(project, { recursive: true, force: true }));
/** As a user's shell runs a command: not as a child of this runner (which would take its report as
 *  data), with no colour asked for or refused. */
const { NODE_TEST_CONTEXT: _runner, FORCE_COLOR: _force, NO_COLOR: _no, ...shellEnv } = process.env;

/** The OpenAI SDK at the version this checkout tests with. */
function openaiVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(join(projectRoot, "node_modules", "openai", "package.json"), "utf8"));
  assert.ok(typeof manifest === "object" && manifest !== null && "version" in manifest && typeof manifest.version === "string");
  return manifest.version;
}

/** The project, with the package and the SDK installed: once, for whichever test asks first. */
let installing: Promise<void> | undefined;
const installed = (): Promise<void> => (installing ??= install());

async function install(): Promise<void> {
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "harness-tests", private: true, type: "module" })}\n`);
  copyFileSync(join(projectRoot, "test", "testing", "installed-consumer.mjs"), join(project, "agent.test.mjs"));
  // --install-links: the checkout is packed and the tarball installed, as from the registry
  // (not linked); what the cache holds from `npm ci` is enough. --ignore-scripts, as this project
  // installs its own dependencies (package.json's allowScripts): esbuild's postinstall only checks
  // the binary its platform's package already brought.
  const args = ["install", "--install-links", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund", projectRoot, `openai@${openaiVersion()}`];
  await run("npm", args, { cwd: project, timeout: 120_000 });
}

test("a project that installs the packed package runs a node:test file against tool-call-playground/testing", async () => {
  await installed();
  const copy = join(project, "node_modules", "tool-call-playground");
  assert.ok(!lstatSync(copy).isSymbolicLink(), "a copy, not a link to the checkout");
  assert.ok(!existsSync(join(copy, "test")), "only what `files` names");
  // It rejects when the file's tests fail (exit 1). The summary is TAP on Node 20 (`# pass 1`), the
  // spec reporter's on Node 26 (`ℹ pass 1`).
  const result = await run(process.execPath, ["agent.test.mjs"], { cwd: project, env: shellEnv, timeout: 60_000 }).catch((error: unknown) => error);
  const output = typeof result === "object" && result !== null && "stdout" in result ? String(result.stdout) : String(result);
  assert.ok(!(result instanceof Error), output);
  assert.match(output, /^(# |ℹ )pass 1$/m, output);
  assert.match(output, /^(# |ℹ )fail 0$/m, output);
});

test("the installed command, run through npm's link on PATH from the project's folder, prints expected-output.txt", async () => {
  await installed();
  const env = { ...shellEnv, PATH: `${join(project, "node_modules", ".bin")}:${process.env.PATH ?? ""}` };
  const { stdout, stderr } = await run("tool-call-playground", [], { cwd: project, env, timeout: 60_000 });
  assert.equal(stdout, readFileSync(join(projectRoot, "expected-output.txt"), "utf8"), stderr);
  assert.equal(stderr, "");
});
