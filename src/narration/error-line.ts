// The one-line message for an expected failure: which file, where in it, and what is wrong.
// Shared by the CLI and `npm run check`, so both word a broken fixture the same way.
import { isAbsolute, relative } from "node:path";
import { ModelRequestError, ScriptExhaustedError } from "../agent/fake-model.ts";
import { FixtureError, fixtureLocation } from "../fixture/load-fixture.ts";
import { visible } from "../io/sanitize.ts";
import { EpisodeError } from "../replay/run-fixture.ts";
import { formatJsonPath } from "../schema/schema-error.ts";
import type { Catalog, ModelRefusal } from "./catalog.ts";

/** `fixtures/x.json:3:5: …` or `fixtures/x.json:3:5: $.episodes[0].user: …`; undefined for a bug.
 *  The path and the fixture's data in it are shown, never obeyed (see sanitize.ts). */
export function errorLine(error: unknown, file: string, say: Catalog): string | undefined {
  const line = describe(error, file, say);
  return line === undefined ? undefined : visible(line);
}

function describe(error: unknown, file: string, say: Catalog): string | undefined {
  const shown = displayPath(file);
  if (error instanceof FixtureError) {
    const where = fixtureLocation(error.problem);
    const lineColumn = where?.line === undefined ? "" : `${where.line}:${where.column}:`;
    const place = `${lineColumn}${where?.path === undefined ? "" : ` ${where.path}:`}`;
    return `${shown}:${place} ${say.fixtureProblem(error.problem)}`;
  }
  if (error instanceof EpisodeError) {
    return `${shown}: ${formatJsonPath(["episodes", error.episodeIndex, "script"])}: ${say.modelFailed(refusalOf(error.cause))}`;
  }
  return undefined;
}

/** The FakeModel's refusal as data, so the catalog words it in the run's language. */
function refusalOf(cause: unknown): ModelRefusal {
  if (cause instanceof ScriptExhaustedError) return { kind: "scriptExhausted", requestNumber: cause.requestNumber, scriptLength: cause.scriptLength };
  if (cause instanceof ModelRequestError && cause.problem) return { kind: "pairing", problem: cause.problem };
  return { kind: "other", message: cause instanceof Error ? cause.message : String(cause) };
}

/** Paths inside the working folder are shown relative to it, as the user would type them. */
export function displayPath(file: string): string {
  const shown = relative(process.cwd(), file);
  return shown === "" || shown.startsWith("..") || isAbsolute(shown) ? file : shown;
}
