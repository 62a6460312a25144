// Which test files load a client library — the SDKs the serve tests drive: openai,
// @openai/agents, @anthropic-ai/sdk, @google/genai, ai, LangChain, Pi. On Node 20 each takes
// 0.3–1.3 s of CPU to load, and a worker that has loaded one runs the next file that needs it for
// nothing, so scripts/test.ts gives those files to one worker. Read from the files' static import
// lines, following the relative imports of test/, scripts/ and examples/ helpers, before anything
// runs: a hook that watched every import as it ran cost Node 20's workers a round trip to their
// loader thread for each one.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** The client libraries' package names (package.json devDependencies). A library missing here
 *  only costs time: its files may share out across workers. */
const CLIENT_LIBRARY = /^(?:(?:openai|ai)(?:\/|$)|@openai\/|@anthropic-ai\/|@google\/genai|@ai-sdk\/|@langchain\/|@mariozechner\/)/;

/** A static import or export that loads a module: not a type-only one, which loads nothing, nor a
 *  dynamic import, which may never run. */
const IMPORT = /(?:^|[\s;])(?:import|export)\s(?!type\s)[^'";]*?from\s*['"]([^'"]+)['"]/gm;

/** Whether `file`, or a project file it imports (not src/: the program imports no client), imports a client library. */
export function importsClientLibrary(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const specifier = match[1] ?? "";
    if (CLIENT_LIBRARY.test(specifier)) return true;
    if (!specifier.startsWith(".")) continue;
    const target = normalize(join(dirname(file), specifier));
    if (!target.startsWith("src/") && importsClientLibrary(target, seen)) return true;
  }
  return false;
}
