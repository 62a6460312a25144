// What the command accepts (issue 10 items 3, 9, 13; issue 9 item 5): reads bounded by the bytes
// that actually arrive, devices and FIFOs refused, a read from stdin interruptible; a failed write
// is an error; numeric options in plain decimal only; --list --json prints JSON; and an option
// npm swallowed (no `--`) is named with the form that works.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { closeSync, openSync, readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { fixtureFileFor, fixtureNames } from "../../src/fixture/fixture-files.ts";
import { type ChildRun, collect, command, jsonLines, writeScratch } from "./big-fixture.ts";
import { cli } from "./in-process.ts";

/** The command in this process (no stdin, no signal involved), its result in ChildRun's terms. */
async function inProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildRun> {
  const { code, out, err } = await cli(args, env);
  return { code, signal: null, stdout: out, stderr: err };
}

function assertOneLine(result: ChildRun, pattern: RegExp, code = 1): void {
  assert.equal(result.code, code, result.stderr);
  assert.equal(result.stdout, "");
  assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
  assert.match(result.stderr, pattern);
}

describe("reading the fixture", { concurrency: true }, () => {
  // In this process: the file is what is tested, not the process (a child here was killed by its
  // 5 s guard when a loaded machine took that long to start it). Were it read, the read would stop
  // at the fixture size limit with another message.
  test("a device is refused without reading it (/dev/zero grew to 7 GB)", async () => {
    assertOneLine(await inProcess(["/dev/zero", "--lang", "en"]), /^\/dev\/zero: this is not a regular file/);
  });

  // An open waiting for a writer would hold one of this process's threads for good: the test's
  // timeout turns that into a failure instead of a hang.
  test("a FIFO is refused at once instead of waiting for a writer", { timeout: 60_000 }, async () => {
    const fifo = writeScratch("placeholder", "").replace(/placeholder$/, "fifo");
    execFileSync("mkfifo", [fifo]);
    assertOneLine(await inProcess([fifo, "--lang", "en"]), /: this is not a regular file/);
  });
});

/** Resolves once the process has used no CPU for 300 ms: started up and waiting. */
/** Until the child waits: no CPU used over 300 ms and none of its threads runnable. The second
 *  matters on a loaded machine, where a child still starting up may get no CPU for 300 ms (it is
 *  runnable then, and a SIGINT before its handler is installed kills it outright). */
async function idle(pid: number): Promise<void> {
  const fieldsOf = (stat: string) => stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const cpu = () => {
    const fields = fieldsOf(readFileSync(`/proc/${pid}/stat`, "utf8"));
    return Number(fields[11]) + Number(fields[12]);
  };
  const anyRunnable = () =>
    readdirSync(`/proc/${pid}/task`).some((task) => ["R", "D"].includes(fieldsOf(readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8"))[0] ?? ""));
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = cpu();
    if (now === last && !anyRunnable()) return;
    last = now;
  }
}

// The suite's one SIGINT to the transcript as a process: the signal handler, and a read of the
// process's own stdin (/dev/stdin) that it stops. How much of that stdin is read is bounded too:
// test/cli/input-kinds-process.test.ts gives it /dev/zero.
describe("an interrupted read", () => {
  test("Ctrl-C while /dev/stdin waits for the rest of its input ends the run: exit 130", async () => {
    const child = spawn(process.execPath, [command, "/dev/stdin", "--lang", "en"], {
      cwd: projectRoot,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const done = collect(child);
    // Half a fixture: the read goes on waiting for the rest.
    child.stdin?.write(readFileSync(fixtureFileFor("walkthrough"), "utf8").slice(0, 100));
    await idle(child.pid ?? 0);
    child.kill("SIGINT");
    const result = await done;
    child.stdin?.destroy();
    assert.equal(result.code, 130, `${String(result.signal)} ${result.stderr}`);
    assert.match(result.stderr, /^Interrupted/);
  });
});

describe("writing the output", () => {
  test("--json > /dev/full: one line on stderr, exit 1", async () => {
    const full = openSync("/dev/full", "w");
    try {
      const child = spawn(process.execPath, [command, "--json"], { cwd: projectRoot, stdio: ["ignore", full, "pipe"] });
      const result = await collect(child);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stderr.trimEnd().split("\n").length, 1, result.stderr);
      assert.match(result.stderr, /cannot write the output: .*ENOSPC|no space/i);
    } finally {
      closeSync(full);
    }
  });
});

describe("options", { concurrency: true }, () => {
  for (const value of ["0x10", "1e3", " 2", "2 ", "+2", "2.0", "0", "99999999999999999999"]) {
    test(`--max-turns ${JSON.stringify(value)} is refused: plain decimal integers only`, async () => {
      const result = await inProcess(["--max-turns", value]);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /--max-turns.*plain decimal digits/);
    });
  }

  test("--max-turns 2 and --timeout 5000 are accepted", async () => {
    const result = await inProcess(["--max-turns", "1", "--timeout", "5000", "--json"]);
    assert.equal(result.code, 0, result.stderr);
  });

  test("--list --json prints one JSON object per fixture", async () => {
    const result = await inProcess(["--list", "--json", "--lang", "en"]);
    assert.equal(result.code, 0, result.stderr);
    const lines = jsonLines(result.stdout);
    assert.deepEqual(
      lines.map((line) => line.name),
      fixtureNames(),
    );
    for (const line of lines) {
      assert.equal(line.type, "fixture");
      assert.equal(typeof line.title, "string");
    }
  });
});

describe("options npm swallowed (npm start --list, without --)", { concurrency: true }, () => {
  const npm = { npm_lifecycle_event: "start" };
  test("npm start --list: npm_config_list=true and no argument", async () => {
    const result = await inProcess([], { ...npm, npm_config_list: "true" });
    assertOneLine(result, /--list.*npm start -- --list$/m);
  });

  test("npm start --lang en: a bare `en` where the fixture name goes", async () => {
    const result = await inProcess(["en"], npm);
    assertOneLine(result, /npm 把 --lang .*npm start -- --lang en$/m);
  });

  test("npm run play --json: the script's own name in the advice", async () => {
    const result = await inProcess([], { npm_lifecycle_event: "play", npm_config_json: "true" });
    assertOneLine(result, /npm run play -- --json$/m);
  });

  test("with -- nothing is swallowed, and outside npm a bare `en` is an unknown fixture", async () => {
    const withDashes = await inProcess(["--lang", "en", "--max-turns", "1"], npm);
    assert.equal(withDashes.code, 0, withDashes.stderr);
    const outside = await inProcess(["en"]);
    assertOneLine(outside, /未知的 fixture "en"/);
  });

  test("--help shows both forms", async () => {
    const result = await inProcess(["--help"]);
    assert.match(result.stdout, /npm start -- --lang en/);
    assert.match(result.stdout, /\n {2}tool-call-playground --lang en/);
  });
});
