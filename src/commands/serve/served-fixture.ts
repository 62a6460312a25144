// The fixture serve answers with, from what its user named (a built-in fixture's name or a file's
// path), read in the run's language (the replies a harness gets are the run's data too): the
// fixture, or the one line that says why it cannot be, as a value. The command line prints that
// line and exits 1; the testing entry (src/testing.ts) rejects with it.
import { resolveFixture } from "../../fixture/fixture-files.ts";
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import { loadFixture } from "../../fixture/load-fixture.ts";
import { visible } from "../../io/sanitize.ts";
import type { Catalog } from "../../narration/catalog.ts";

/** `file`: where it was read from, for a save that reads it again in the other language. */
export async function servedFixture(argument: string, lang: Language, say: Catalog): Promise<{ fixture: Fixture; file: string } | { problem: string }> {
  const reference = resolveFixture(argument);
  if (reference.kind === "unknownName") return { problem: say.unknownFixture(visible(reference.name), reference.known) };
  try {
    return { fixture: await loadFixture(reference.file, undefined, lang), file: reference.file };
  } catch (error) {
    const { errorLine } = await import("../../narration/error-line.ts");
    const line = errorLine(error, reference.file, say);
    if (line === undefined) throw error;
    return { problem: line };
  }
}
