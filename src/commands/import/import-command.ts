// `tool-call-playground import <file|-> [-o out.json] [--from <format>] [--branch <id>]`: turns a
// logged request body or a Pi session into a fixture that replays it, and reports what the import
// could not carry. Malformed input gets one line — file:line:column, the JSON pointer, the reason —
// exit 1, and nothing is written. The report and the refusals are in the run's --lang, given
// before `import` (the main command's, default zh) or after it (its own, which wins).

import { basename } from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type Language, languages } from "../../fixture/fixture-format.ts";
import { jsonSafe, visible } from "../../io/sanitize.ts";
import { type Command, Option } from "../shared/commander.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { withMainOptions } from "../shared/options.ts";
import { type ImportFormat, importFormats } from "./import-formats.ts";

export interface ImportIO {
  out: (text: string) => void;
  err: (text: string) => void;
  stdin?: Readable;
  /** Ctrl-C: a read or a write under way stops, and nothing is written. */
  interrupt?: AbortSignal;
}

interface ImportCommandOptions {
  output?: string;
  /** Replace a file already at --output. */
  force?: boolean;
  from?: ImportFormat;
  branch?: string;
  lang: Language;
}

const schemaFile = fileURLToPath(new URL("../../../fixture.schema.json", import.meta.url));

export function addImportCommand(program: Command, io: ImportIO, setExitCode: (code: number) => void): void {
  program
    .command("import")
    .description("turn a logged request body (OpenAI Chat, OpenAI Responses, Anthropic, Gemini) or a Pi session file into a fixture that replays it")
    .argument("<file>", 'the body (JSON) or the session (JSON Lines), or "-" for stdin')
    .option("-o, --output <file>", 'write the fixture there, a new file ("-": stdout; default: print it on stdout, the report on stderr)')
    .option("--force", "replace the file at --output if there is one (never a device, a pipe, a symlink or the input itself)")
    .addOption(new Option("--from <format>", "what the input is (default: detected from its shape)").choices(importFormats))
    .option("--branch <id>", "Pi session: import the branch that ends at this entry (default: the last entry's)")
    // Also the main command's: given after `import`, commander hands it to this command.
    .addOption(new Option("--lang <lang>", "language of the report and messages (default: zh)").choices(languages))
    .addHelpText(
      "after",
      "\nThe fixture replays the conversation: the replies as the FakeModel's script, the declared tools as\n" +
        "recorded tools answering with the logged results. A body ends with the request it was, so the\n" +
        "replay stops there, showing it. The report lists every field dropped or changed, where the replay's\n" +
        "last request differs from the body, and the provider's rules the body breaks.\n" +
        "Exit codes: 0 imported, 1 the input is unreadable, malformed or of no known shape (nothing written).",
    )
    .action(async (file: string, own: Partial<ImportCommandOptions>, command: Command) => {
      const { output, force, from, branch, lang } = withMainOptions(own, command);
      setExitCode(
        await runImport(
          file,
          {
            ...(output === undefined ? {} : { output }),
            ...(force ? { force } : {}),
            ...(from ? { from } : {}),
            ...(branch === undefined ? {} : { branch }),
            lang: lang ?? "zh",
          },
          io,
        ),
      );
    });
}

export async function runImport(file: string, options: ImportCommandOptions, io: ImportIO): Promise<number> {
  // Loaded only here: the parsers and the report are most of the project's modules, and a plain
  // run of the playground, which registers this command too, should not pay for them.
  const [
    { fixtureText, SaveError, writeFixtureFile },
    { formatReportError, importReason, sourceReason },
    { reportLines },
    { importSource },
    { readSource },
    { loadImportMessages },
    { loadImportNotes },
    { loadInputMessages },
    { loadOutputMessages },
  ] = await Promise.all([
    import("../../fixture/write-fixture.ts"),
    import("./report-error.ts"),
    import("./report-lines.ts"),
    import("./import-source.ts"),
    import("./read-source.ts"),
    import("./load-import-messages.ts"),
    import("./load-import-notes.ts"),
    import("../shared/load-input-messages.ts"),
    import("../shared/load-output-messages.ts"),
  ]);
  const [say, notes, input, output] = await Promise.all([
    loadImportMessages(options.lang),
    loadImportNotes(options.lang),
    loadInputMessages(options.lang),
    loadOutputMessages(options.lang),
  ]);
  const words = { say, notes, input };
  if (options.output === "") {
    // Refused up front: an empty path names no file, and nothing should be read for it.
    io.err(`${say.emptyOutput}\n`);
    return exitCodes.badInput;
  }
  const name = file === "-" ? "<stdin>" : file;
  const read = await readSource(file, io.stdin ?? process.stdin, { signal: io.interrupt });
  if (!read.ok && read.problem.kind === "interrupted") return exitCodes.interrupted;
  if (!read.ok) {
    io.err(`${formatReportError(name, sourceReason(read.problem, words), read)}\n`);
    return exitCodes.badInput;
  }
  // The title is fixture data, not a message: the fixture is the same whatever --lang says.
  const title = file === "-" ? "Imported conversation" : `Imported: ${basename(file)}`;
  const outcome = await importSource(read.text, {
    ...(options.from ? { from: options.from } : {}),
    ...(options.branch !== undefined ? { branch: options.branch } : {}),
    title,
    lang: options.lang,
  });
  if (!outcome.ok) {
    io.err(`${formatReportError(name, importReason(outcome.problem, words), outcome)}\n`);
    return exitCodes.badInput;
  }
  // "-" is stdout, as for the input; the report then goes to stderr, out of the fixture's way.
  const target = options.output === "-" ? undefined : options.output;
  let text: string;
  try {
    text = target === undefined ? `${JSON.stringify(outcome.fixture, null, 2)}\n` : fixtureText(outcome.fixture, target, schemaFile);
  } catch (error) {
    // JSON.stringify gives up on nesting thousands deep (a hostile schema or arguments): said plainly.
    if (!(error instanceof RangeError)) throw error;
    io.err(`${say.tooDeepToWrite(visible(name))}\n`);
    return exitCodes.badInput;
  }
  if (target === undefined) {
    // On stdout the fixture may meet a terminal: what JSON leaves raw (C1, bidi) is escaped too.
    io.out(jsonSafe(text));
    for (const line of reportLines(name, outcome.report, undefined, say, notes)) io.err(`${line}\n`);
    return exitCodes.ok;
  }
  try {
    // Its own input is never written over, whatever --force says: /dev/stdin stands for "-".
    await writeFixtureFile(target, text, { replace: options.force === true, inputs: [file === "-" ? "/dev/stdin" : file], signal: io.interrupt });
  } catch (error) {
    if (!(error instanceof SaveError)) throw error;
    if (error.writeProblem.kind === "interrupted") return exitCodes.interrupted;
    io.err(`${say.cannotWrite(visible(target), visible(output.writeProblem(error.writeProblem, "--force")))}\n`);
    return exitCodes.badInput;
  }
  for (const line of reportLines(name, outcome.report, target, say, notes)) io.out(`${line}\n`);
  return exitCodes.ok;
}
