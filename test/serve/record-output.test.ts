// serve --record checks -o before it listens, with the writer's own checks: a missing folder, a
// folder, a symlink, a symlinked folder and a FIFO are refused in one line before any request is
// taken, so no session is recorded for a file it could never write.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { recordSession } from "../../src/commands/serve/record-session.ts";

const folder = await mkdtemp(join(tmpdir(), "record-output-"));
after(() => rm(folder, { recursive: true, force: true }));

await mkdir(join(folder, "real"));
await writeFile(join(folder, "real", "target.json"), "{}");
await symlink(join(folder, "real", "target.json"), join(folder, "link.json"));
await symlink(join(folder, "real"), join(folder, "linked"));
execFileSync("mkfifo", [join(folder, "fifo.json")]);

const refused: [string, string, RegExp][] = [
  ["a missing folder", join(folder, "nowhere", "session.json"), /no such folder|does not exist/],
  ["a folder", join(folder, "real"), /folder/],
  ["a symlink", join(folder, "link.json"), /symbolic link/],
  ["a symlinked folder", join(folder, "linked", "session.json"), /symbolic link/],
  ["a FIFO", join(folder, "fifo.json"), /pipe|device|not a regular file/],
];

for (const [what, output, why] of refused) {
  test(`-o naming ${what} is refused before listening, exit 1, one line`, async () => {
    let err = "";
    let listened = false;
    const code = await recordSession(
      { record: "http://127.0.0.1:9", output, port: 0, host: "127.0.0.1", lang: "en", force: true },
      {
        out: () => void (listened = true),
        err: (text) => void (err += text),
        env: { NO_COLOR: "1" },
        isTTY: false,
        interrupt: AbortSignal.abort(),
        onListening: () => void (listened = true),
      },
    );
    assert.equal(code, 1);
    assert.equal(listened, false);
    assert.equal(err.split("\n").length, 2, err);
    assert.match(err, /^serve --record: cannot write /);
    assert.match(err, why);
  });
}
