// What is loaded once (src/io/load-once.ts) reaches each later caller in that caller's own async
// context. Node's test runner files a test by the context it is declared in: a test declared
// after awaiting something another test loaded first must be this test's, not that finished one's
// — which the first caller's promise, handed out again, made it ("its parent finished"), so a
// file's tests could vanish from a run depending on which file had run before it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadOnce } from "../../src/io/load-once.ts";
import { lazyCatalog } from "../../src/narration/catalog-loader.ts";

const load = loadOnce(async () => ({ answer: 42 }));
const catalog = lazyCatalog({ en: () => import("../../src/narration/catalog-en.ts"), zh: () => import("../../src/narration/catalog-zh.ts") });

test("a first test loads the value and the catalog, and ends", async () => {
  assert.equal((await load()).answer, 42);
  assert.ok(await catalog("en"));
});

test("a later test that awaits them declares its own subtests after the await", async () => {
  await load();
  await catalog("en");
  let ran = false;
  // Declared as a file's top-level test is: filed by the context it is declared in.
  await test("declared after the awaits, and filed under the test that awaited", () => {
    ran = true;
  });
  assert.equal(ran, true);
});
