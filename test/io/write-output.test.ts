// The one output writer, through `import -o` (in this process, through runCli): a FIFO, a device,
// an existing file without --force, a symlink, a missing folder and the command's own input are
// refused in one line with exit 1, the target left exactly as it was; `-o -` is stdout; --force
// replaces a regular file; and a process that exits mid-write leaves no temporary file behind.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { runCli } from "../../src/cli/cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "tcp-write-"));
const input = join(projectRoot, "fixtures", "imported", "logs", "anthropic-deploy.json");

async function importTo(output: string, ...extra: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(["--lang", "en", "import", input, "-o", output, ...extra], {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: {},
    isTTY: false,
  });
  return { code, out, err };
}

function refusedOnce(result: { code: number; out: string; err: string }, pattern: RegExp): void {
  assert.equal(result.code, 1, result.err);
  assert.equal(result.out, "");
  assert.equal(result.err.trimEnd().split("\n").length, 1, result.err);
  assert.match(result.err, pattern);
}

/** The temporary files a write may leave: none, ever. */
function leftovers(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.endsWith(".tmp"));
}

test("import -o onto a FIFO is refused, and the FIFO is left as it was (not opened, not replaced)", async () => {
  const fifo = join(scratch, "pipe");
  execFileSync("mkfifo", [fifo]);
  refusedOnce(await importTo(fifo), /pipe: cannot write: not a regular file \(a device, pipe or socket\)/);
  assert.ok(lstatSync(fifo).isFIFO());
  assert.deepEqual(leftovers(scratch), []);
});

test("import -o onto a device node is refused, and the device stays a device", async (t) => {
  const device = join(scratch, "null-device");
  // Making a device node takes root; /dev/null itself is never risked.
  if (spawnSync("mknod", [device, "c", "1", "3"]).status !== 0) return t.skip("mknod needs root here");
  refusedOnce(await importTo(device), /cannot write: not a regular file/);
  assert.ok(lstatSync(device).isCharacterDevice());
});

test("import -o onto an existing file needs --force; without it the file is unchanged", async () => {
  const existing = join(scratch, "existing.json");
  writeFileSync(existing, "keep me\n");
  refusedOnce(await importTo(existing), /existing\.json: cannot write: the file exists; give --force to replace it/);
  assert.equal(readFileSync(existing, "utf8"), "keep me\n");
  const forced = await importTo(existing, "--force");
  assert.equal(forced.code, 0, forced.err);
  assert.match(readFileSync(existing, "utf8"), /"episodes"/);
  assert.deepEqual(leftovers(scratch), []);
});

test("import -o onto its own input is refused even with --force, by name or through a hard link", async () => {
  const own = join(scratch, "own.json");
  writeFileSync(own, readFileSync(input));
  const before = readFileSync(own, "utf8");
  const linked = join(scratch, "own-link.json");
  linkSync(own, linked);
  for (const target of [own, linked]) {
    let err = "";
    const code = await runCli(["--lang", "en", "import", own, "-o", target, "--force"], { out: () => {}, err: (text) => (err += text), env: {}, isTTY: false });
    assert.equal(code, 1, err);
    assert.match(err, /cannot write: that is the file being read/);
  }
  assert.equal(readFileSync(own, "utf8"), before);
});

test("import -o through a symlink, into a folder, or into a missing folder is refused", async () => {
  const aimed = join(scratch, "aimed.json");
  writeFileSync(aimed, "x");
  const link = join(scratch, "link.json");
  symlinkSync(aimed, link);
  refusedOnce(await importTo(link, "--force"), /symbolic link/);
  assert.equal(readFileSync(aimed, "utf8"), "x");
  refusedOnce(await importTo(scratch, "--force"), /it is a folder/);
  refusedOnce(await importTo(join(scratch, "no", "such", "folder.json")), /its folder does not exist/);
  assert.throws(() => statSync(join(scratch, "no")));
});

test("import -o - writes the fixture to stdout and no file named -", async () => {
  let out = "";
  let err = "";
  const code = await runCli(["--lang", "en", "import", input, "-o", "-"], {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: {},
    isTTY: false,
  });
  assert.equal(code, 0, err);
  assert.ok(Array.isArray((JSON.parse(out) as { episodes: unknown }).episodes));
  assert.throws(() => statSync(join(process.cwd(), "-")));
});

test("a process that exits in the middle of a write leaves no temporary file behind", () => {
  const folder = mkdtempSync(join(tmpdir(), "tcp-write-exit-"));
  const target = join(folder, "big.json");
  // The process exits, as a second Ctrl-C makes it, as soon as the temporary file of a 32 MB
  // write is there: the write is still under way (the file appears when the write opens it, and is
  // looked for every millisecond).
  const script = `import { readdirSync } from "node:fs";
import { writeOutputFile } from ${JSON.stringify(join(projectRoot, "src", "io", "write-output.ts"))};
void writeOutputFile(${JSON.stringify(target)}, "x".repeat(32 * 1024 * 1024)).then(() => process.exit(3));
setInterval(() => { if (readdirSync(${JSON.stringify(folder)}).length > 0) process.exit(130); }, 1);`;
  const child = spawnSync(process.execPath, ["--import", join(projectRoot, "bin", "load-typescript.js"), "--input-type=module", "-e", script], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  assert.equal(child.status, 130, child.stderr);
  assert.deepEqual(readdirSync(folder), []);
});

test("the interactive save's writer, which replaces a file it has asked about, still refuses a FIFO", async () => {
  const { SaveError, writeFixtureFile } = await import("../../src/fixture/write-fixture.ts");
  const fifo = join(scratch, "save-pipe");
  execFileSync("mkfifo", [fifo]);
  await assert.rejects(writeFixtureFile(fifo, "{}\n"), (error: unknown) => error instanceof SaveError && error.writeProblem.kind === "notRegularFile");
  assert.ok(lstatSync(fifo).isFIFO());
});

test("import -o through a symlinked folder on the way is refused, even with --force, and the folder it points at is untouched", async () => {
  const victim = join(scratch, "victim");
  mkdirSync(victim);
  writeFileSync(join(victim, "secret.txt"), "secret\n");
  const linkdir = join(scratch, "linkdir");
  symlinkSync(victim, linkdir);
  refusedOnce(await importTo(join(linkdir, "secret.txt"), "--force"), /symbolic link/);
  refusedOnce(await importTo(join(linkdir, "new.json")), /symbolic link/);
  assert.equal(readFileSync(join(victim, "secret.txt"), "utf8"), "secret\n");
  assert.deepEqual(readdirSync(victim), ["secret.txt"]);
});

test("import -o --force keeps the permissions of the file it replaces (a 600 file stays 600)", async () => {
  const private600 = join(scratch, "private.json");
  writeFileSync(private600, "old\n", { mode: 0o600 });
  chmodSync(private600, 0o600);
  const forced = await importTo(private600, "--force");
  assert.equal(forced.code, 0, forced.err);
  assert.match(readFileSync(private600, "utf8"), /"episodes"/);
  assert.equal(statSync(private600).mode & 0o777, 0o600);
});

test("import -o '' is refused up front, before the input is read, and nothing is written", async () => {
  const before = readdirSync(scratch).sort();
  let err = "";
  let out = "";
  const code = await runCli(["--lang", "en", "import", join(scratch, "does-not-exist.json"), "-o", ""], {
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: {},
    isTTY: false,
  });
  assert.equal(code, 1);
  assert.equal(out, "");
  assert.equal(err, '-o needs a file name ("-" for stdout); nothing was read or written\n');
  assert.deepEqual(readdirSync(scratch).sort(), before);
});
