// The one catalog scheme (src/narration/catalog-loader.ts): every catalog is an interface file, one
// module per language and a loader file; a language module is imported only by its own loader,
// and only dynamically, so no eager table of both languages and no interface importing its own
// implementations can come back. The loader imports a language once, on first use.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { allLanguages, lazyCatalog } from "../../src/narration/catalog-loader.ts";

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** A file's code without its comment lines (comments name files freely). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join("\n");
}

const sources = tsFiles(join(projectRoot, "src"));
const languageModule = /^(.+)-(zh|en)\.ts$/;
const catalogs = sources.filter((path) => languageModule.test(basename(path)) && readFileSync(path, "utf8").includes("export default"));

test("each catalog has its interface file, both languages and a loader beside them", () => {
  assert.ok(catalogs.length >= 16, `found ${catalogs.length} language modules`);
  for (const path of catalogs) {
    const [, name, lang] = languageModule.exec(basename(path)) ?? [];
    const folder = dirname(path);
    const files = readdirSync(folder);
    const shown = relative(projectRoot, path);
    assert.ok(files.includes(`${name}.ts`), `${shown}: no interface file ${name}.ts`);
    assert.ok(files.includes(`${name}-${lang === "zh" ? "en" : "zh"}.ts`), `${shown}: the other language is missing`);
    assert.ok(files.includes(`load-${name}.ts`), `${shown}: no loader load-${name}.ts`);
    // The interface file holds types only: it imports no language and no loader.
    const own = [`${name}-zh.ts`, `${name}-en.ts`, `load-${name}.ts`];
    const imported = [...code(join(folder, `${name}.ts`)).matchAll(/["']\.\/([^"']+)["']/g)].map((found) => found[1]);
    assert.deepEqual(
      imported.filter((file) => file !== undefined && own.includes(file)),
      [],
      `${name}.ts imports its own implementation or loader`,
    );
  }
});

test("a language module is imported by its loader alone, and only on demand", () => {
  const imports = /(?:from\s*|import\s*\(\s*|import\s+)["']([^"']+-(?:zh|en)\.ts)["']/g;
  const offenders: string[] = [];
  for (const path of sources) {
    for (const match of code(path).matchAll(imports)) {
      const target = basename(match[1] ?? "");
      const name = languageModule.exec(target)?.[1];
      const dynamic = match[0].startsWith("import(") || /^import\s*\(/.test(match[0]);
      if (basename(path) !== `load-${name}.ts` || !dynamic) offenders.push(`${relative(projectRoot, path)} → ${match[1]}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test("lazyCatalog imports a language on first use only, once, and allLanguages loads both through it", async () => {
  const imported: string[] = [];
  const load = lazyCatalog<{ hello: string }>({
    zh: async () => {
      imported.push("zh");
      return { default: { hello: "你好" } };
    },
    en: async () => {
      imported.push("en");
      return { default: { hello: "hello" } };
    },
  });
  assert.deepEqual(imported, [], "nothing is imported before it is asked for");
  const [first, again] = await Promise.all([load("en"), load("en")]);
  assert.equal(first, again);
  assert.deepEqual(imported, ["en"]);
  assert.deepEqual(await allLanguages(load), { zh: { hello: "你好" }, en: { hello: "hello" } });
  assert.deepEqual(imported, ["en", "zh"]);
});
