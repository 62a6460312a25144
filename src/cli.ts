// The command line: parses arguments, picks the fixture and the language, and turns every
// expected failure into one line on stderr and an exit code. The only file that knows about argv.
import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { languages, type Language } from "./fixture/fixture-format.ts";
import { resolveFixture } from "./fixture/fixture-files.ts";
import { loadFixture } from "./fixture/load-fixture.ts";
import { catalogs } from "./i18n/index.ts";
import { errorLine } from "./render/error-line.ts";
import { colorLevel, terminalStyle } from "./render/terminal-style.ts";
import { narrateFixture } from "./render/transcript.ts";

export const exitCodes = { ok: 0, badInput: 1, interrupted: 130, internal: 70 } as const;

export interface CliIO {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  isTTY: boolean;
  /** Colour bits the terminal reports (1, 4, 8 or 24); ignored when not a TTY. */
  colorDepth?: number;
}

const packageJson: unknown = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const version = typeof packageJson === "object" && packageJson !== null && "version" in packageJson ? String(packageJson.version) : "0.0.0";

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = exitCodes.ok;
  const program = new Command("tool-call-playground")
    .description(
      "Watch the tool-calling protocol happen: a scripted FakeModel replies with text and toolCall blocks,\n" +
        "the app validates the arguments, runs the tools and appends paired toolResult messages.",
    )
    .argument("[fixture]", "a fixture name from fixtures/ or a path to a fixture .json file", "walkthrough")
    .addOption(new Option("--lang <lang>", "language of the narration").choices(languages).default("zh"))
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .addHelpText(
      "after",
      "\nExamples:\n" +
        "  tool-call-playground                       the walkthrough, narrated in Chinese\n" +
        "  tool-call-playground --lang en             the same transcript in English\n" +
        "  tool-call-playground fixtures/mine.json    your own fixture\n" +
        "\nExit codes: 0 done, 1 bad input (fixture, arguments), 70 internal error, 130 interrupted.\n" +
        "Colour only on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 forces it on.",
    )
    .action(async (fixtureArgument: string, options: { lang: Language }) => {
      exitCode = await play(fixtureArgument, options.lang, io);
    });
  program.exitOverride();
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    // Commander has already printed its own one-line message (or the help / version text).
    return error instanceof Error && "exitCode" in error && typeof error.exitCode === "number" ? error.exitCode : exitCodes.badInput;
  }
  return exitCode;
}

async function play(fixtureArgument: string, lang: Language, io: CliIO): Promise<number> {
  const say = catalogs[lang];
  const reference = resolveFixture(fixtureArgument);
  if (reference.kind === "unknownName") {
    io.err(`${say.unknownFixture(reference.name, reference.known)}\n`);
    return exitCodes.badInput;
  }
  try {
    const fixture = await loadFixture(reference.file);
    const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
    await narrateFixture(fixture, { lang, style, write: (line) => io.out(`${line}\n`) });
    return exitCodes.ok;
  } catch (error) {
    const line = errorLine(error, reference.file, say);
    if (line === undefined) throw error;
    io.err(`${line}\n`);
    return exitCodes.badInput;
  }
}
