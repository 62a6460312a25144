// Which test files load a client library, read from the source before any run: the guess
// scripts/test.ts queues by when the last run left no record of a file (a clean clone, which is
// what CI always is, since `npm ci` empties node_modules and the records with it). Without it a
// clean clone's workers shared the client files out between them, and each worker loaded the
// SDKs through tsx again: measured, about 20 s more CPU than a run with the records.
//
// A file counts when a module it always imports (`import type` is erased), or one of theirs,
// imports a client library (the pattern scripts/test-clients.ts watches for). A wrong guess only
// costs time: the run's own record, taken by that hook, replaces it for the next run.
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { moduleImports } from "./module-imports.ts";
import { CLIENT_LIBRARY } from "./test-clients.ts";

/** What a module loads whenever it is loaded: not a type-only import (erased), nor a dynamic
 *  `import()`, which runs only on some paths (goldens.ts imports serve's golden runs only for a
 *  serve golden): following those marked half the suite. */
export function runtimeImports(source: string): string[] {
  return moduleImports(source).flatMap(({ specifier, typeOnly, dynamic }) => (typeOnly || dynamic ? [] : [specifier]));
}

/** The test files among `files` whose run-time imports reach a client library. */
export function clientTestFiles(files: readonly string[]): Set<string> {
  const known = new Map<string, boolean>();
  // Depth first with a mark set before the walk, so an import cycle ends (as not reaching one).
  const reaches = (file: string): boolean => {
    const seen = known.get(file);
    if (seen !== undefined) return seen;
    known.set(file, false);
    let source: string;
    try {
      source = readFileSync(file, "utf8");
    } catch {
      return false;
    }
    const found = runtimeImports(source).some((specifier) =>
      specifier.startsWith(".") ? specifier.endsWith(".ts") && reaches(normalize(join(dirname(file), specifier))) : CLIENT_LIBRARY.test(specifier),
    );
    known.set(file, found);
    return found;
  };
  return new Set(files.filter(reaches));
}
