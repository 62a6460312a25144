// One worker process of `npm test`. It takes the next test file from the queue scripts/test.ts
// laid out, runs it in this process as one suite named by the file's path, and takes the next when
// that suite has ended, until the queue is empty. Why: Node 20's runner starts a process per file,
// and on Node 20 each start, loading the TypeScript, costs about 0.3 s of CPU before a test runs —
// with ~90 files that was a fifth of the suite. A queue rather than fixed shares: a worker stuck in a long file leaves the
// rest to the others.
import { readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, describe } from "node:test";
import { pathToFileURL } from "node:url";

const queue = process.env.TCP_TEST_QUEUE;
if (queue === undefined) throw new Error("scripts/test-worker.ts runs under scripts/test.ts, which sets TCP_TEST_QUEUE");
const taken = join(queue, "taken");
const times = join(queue, "times");
// The worker scripts/test.ts names first takes the files that load client libraries before the
// others, so that those libraries are loaded once; the rest take them only when nothing else is left.
const folders = (new URL(import.meta.url).searchParams.has("clients") ? ["todo-clients", "todo"] : ["todo", "todo-clients"]).map((folder) =>
  join(queue, folder),
);

/** The next file nobody has taken: renaming is atomic, so of two workers that try, one wins. */
function claim(): string | undefined {
  for (const folder of folders) {
    for (const name of readdirSync(folder).sort()) {
      try {
        renameSync(join(folder, name), join(taken, name));
        return name;
      } catch {
        // Another worker took it first.
      }
    }
  }
  return undefined;
}

for (let name = claim(); name !== undefined; name = claim()) {
  const file = readFileSync(join(taken, name), "utf8");
  const started = performance.now();
  await new Promise<void>((ended) =>
    describe(file, async () => {
      try {
        await import(pathToFileURL(resolve(file)).href);
      } finally {
        // Registered last, so it runs after the file's own `after` hooks: the next file starts
        // once this one has cleaned up. Its wall time orders the next run's queue, longest first.
        after(() => {
          writeFileSync(join(times, name), JSON.stringify({ file, ms: performance.now() - started }));
          ended();
        });
      }
    }),
  );
}
