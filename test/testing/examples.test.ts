// docs/testing.md's examples, run as a harness author runs them: the node:test example's tests
// and hooks register in this file (it is imported here, as `node --test` would load it), and
// vitest runs its example in this process, through its own API, as `npx vitest run` would.
import "../../examples/testing/agent.node-test.ts";
import assert from "node:assert/strict";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";

test("the vitest example passes under vitest", async () => {
  const { startVitest } = await import("vitest/node");
  const vitest = await startVitest("test", [], {
    root: projectRoot,
    include: ["examples/testing/*.vitest.ts"],
    config: false,
    watch: false,
    pool: "threads",
    // Silent: what failed is read from vitest's state below.
    reporters: [{}],
  });
  try {
    const files = vitest.state.getFiles();
    const errors = files.flatMap((file) => [...(file.result?.errors ?? []), ...file.tasks.flatMap((task) => task.result?.errors ?? [])]);
    assert.deepEqual(
      errors.map((error) => error.message),
      [],
    );
    assert.deepEqual(
      files.map((file) => [file.name, file.tasks.map((task) => task.result?.state)]),
      [["examples/testing/agent.vitest.ts", ["pass", "pass"]]],
    );
  } finally {
    await vitest.close();
  }
});
