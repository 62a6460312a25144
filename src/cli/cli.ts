// The one CLI declaration: the main command's options, the subcommands (loaded only when the
// command line can reach them: the table below), and which command a command line runs.
// Commands turn every expected failure into one line on stderr and an exit code; this is the
// only file that knows about argv.
import { readFileSync } from "node:fs";
import { type DiagramOptions, diagramConflict } from "../commands/play/picture-options.ts";
import { list, listJson, play } from "../commands/play/play.ts";
import type { CliIO } from "../commands/shared/command-io.ts";
import { Command, CommanderError, Option } from "../commands/shared/commander.ts";
import { exitCodes } from "../commands/shared/exit-codes.ts";
import { type PlayOptions, positiveInteger } from "../commands/shared/options.ts";
import { defaultFixtureName, fixtureNames } from "../fixture/fixture-files.ts";
import { languages } from "../fixture/fixture-format.ts";
import { visibleLines } from "../io/sanitize.ts";
import { loadCatalog } from "../narration/load-catalog.ts";

const packageJson: unknown = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const version = typeof packageJson === "object" && packageJson !== null && "version" in packageJson ? String(packageJson.version) : "0.0.0";

/** The playground's own long options that npm would take for itself when `--` is missing. */
const npmConfigNames: Record<string, string> = {
  npm_config_list: "--list",
  npm_config_json: "--json",
  npm_config_interactive: "--interactive",
  npm_config_lang: "--lang",
  npm_config_max_turns: "--max-turns",
  npm_config_tool_execution: "--tool-execution",
  npm_config_validation: "--validation",
  npm_config_timeout: "--timeout",
  npm_config_wire: "--wire",
  npm_config_diagram: "--diagram",
  npm_config_mermaid: "--mermaid",
  npm_config_html: "--html",
};

/** Which of our options an npm script run swallowed (`npm start --list`), if any. */
function swallowedByNpm(env: NodeJS.ProcessEnv): string | undefined {
  if (env.npm_lifecycle_event === undefined) return undefined;
  for (const [name, option] of Object.entries(npmConfigNames)) if (env[name] !== undefined) return option;
  return undefined;
}

/** The providers --wire takes, from the registry: loaded only when the command line can need them. */
async function wireChoices(): Promise<readonly string[]> {
  return (await import("../providers/registry.ts")).providerIds;
}

/** Whether the command line gives --wire. */
function mentionsWire(argv: readonly string[]): boolean {
  return argv.some((argument) => argument === "--wire" || argument.startsWith("--wire="));
}

/** Which of our options takes `value`: a bare one where a fixture name belongs lost its option to npm. */
async function optionForValue(value: string): Promise<string | undefined> {
  const optionValues: Record<string, readonly string[]> = {
    "--lang": languages,
    "--wire": await wireChoices(),
    "--tool-execution": ["sequential", "parallel"],
    "--validation": ["strict", "coerce"],
  };
  for (const [option, values] of Object.entries(optionValues)) if (values.includes(value)) return option;
  return /^[0-9]+$/.test(value) ? "--max-turns" : undefined;
}

// The subcommands (lint, import, replay-stream, serve), in the order help lists them, and the one
// decision of whether a command line needs them at all. A plain run — `npm start`, a fixture, any
// transcript option — names none of them, and loads only what it prints: the loop, the narration
// and the fixture checks, not the linter, the importer or the server behind the subcommands.
// Commander only ever reaches a subcommand through an argument that is exactly its name, or
// through a help flag that lists them (the program has an action of its own, so commander adds no
// `help` command: `help` is read as a fixture name). So when no argument is one of those, leaving
// the subcommands out changes nothing the user can see.
type AddCommand = (program: Command, io: CliIO, setExitCode: (code: number) => void) => void;

const subcommands: Record<string, () => Promise<AddCommand>> = {
  lint: async () => (await import("../commands/lint/lint-command.ts")).addLintCommand,
  import: async () => (await import("../commands/import/import-command.ts")).addImportCommand,
  "replay-stream": async () => (await import("../commands/replay-stream/replay-stream-command.ts")).registerReplayStream,
  serve: async () => (await import("../commands/serve/serve-command.ts")).addServeCommand,
};

/** A short-flag cluster (`-h`, `-ih`): commander splits it, so an `h` anywhere in it asks for help. */
function isShortHelpCluster(argument: string): boolean {
  return /^-[^-]/.test(argument) && argument.includes("h");
}

/** Whether any argument could reach a subcommand or the help that lists them. */
function mayReachSubcommand(argv: readonly string[]): boolean {
  return argv.some((argument) => Object.hasOwn(subcommands, argument) || argument === "--help" || isShortHelpCluster(argument));
}

/** Registers every subcommand on the program, loading their modules together. */
async function addSubcommands(program: Command, io: CliIO, setExitCode: (code: number) => void): Promise<void> {
  const adders = await Promise.all(Object.values(subcommands).map((load) => load()));
  for (const add of adders) add(program, io, setExitCode);
}

/** `help` and `help <command>` ask for help, as they do in git or npm — unless a fixture is named so. */
function helpAsked(argv: readonly string[]): readonly string[] {
  return argv[0] === "help" && !fixtureNames().includes("help") ? [...argv.slice(1), "--help"] : argv;
}

/** What `--help` prints after the options: examples, exit codes, colour. */
const mainHelpAfter =
  "\nExamples (from the project folder; npm needs -- before the options it should pass on):\n" +
  "  npm start                                             the walkthrough, narrated in Chinese\n" +
  "  npm start -- --lang en                                the same transcript in English\n" +
  "  npm start -- --list                                   the scenario fixtures\n" +
  "  npm start -- --interactive                            pick a fixture, step through it, edit calls, save\n" +
  "  npm start -- self-correction --tool-errors detailed   the failed result names the field\n" +
  "  npm start -- final-answer --wire anthropic            the same history as Anthropic's request bodies\n" +
  "  npm start -- --diagram                                the walkthrough, then its sequence diagram\n" +
  "\nThe same as a command, anywhere, after npm link (or npm install -g .):\n" +
  "  tool-call-playground --lang en\n" +
  "  tool-call-playground parallel-calls --tool-execution sequential\n" +
  "  tool-call-playground my-fixture.json --json\n" +
  "  tool-call-playground stream-cut-length --stream      watch a reply arrive in pieces, and be cut\n" +
  "  tool-call-playground replay-stream fixtures/streams/anthropic-calc.sse   rebuild a message from a captured stream\n" +
  "\nSettings given here win over the fixture's own (maxTurns, toolExecution, validation, timeoutMs).\n" +
  "Exit codes: 0 done, 1 bad input (a fixture, an option's value) or output that could not be\n" +
  "written, 2 a usage mistake (an unknown option) or --interactive without a terminal, 70 internal\n" +
  "error, 130 interrupted (Ctrl-C, or Esc at a prompt), 143 SIGTERM, 129 SIGHUP.\n" +
  "Colour only on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 forces it on.";

/** The main command as declared: its argument, options and help text, before any action is
 *  attached. `docs/command.md`'s usage lines and options table are generated from it. */
export function declareMainCommand(providerChoices: readonly string[], io: Pick<CliIO, "out" | "err">): Command {
  return (
    new Command("tool-call-playground")
      .description(
        "Watch the tool-calling protocol happen: a scripted FakeModel replies with text and toolCall blocks,\n" +
          "the app validates the arguments, runs the tools and appends paired toolResult messages.",
      )
      .argument(
        "[fixture]",
        `a fixture name from fixtures/ (see --list) or a path to a fixture .json file (default: ${defaultFixtureName}; with --interactive, a list to pick from)`,
      )
      .addOption(new Option("--lang <lang>", "language of the narration").choices(languages).default("zh"))
      .option("--list", "list the fixtures with their titles")
      .option("-i, --interactive", "step through a run in a terminal: edit, rename or drop calls, then save the run as a fixture")
      .option("--json", "print the loop's events as JSON Lines instead of the narrated transcript")
      .addOption(new Option("--max-turns <n>", "model requests at most per episode (overrides the fixture)").argParser(positiveInteger))
      .addOption(new Option("--tool-execution <mode>", "run several calls of one reply one after another, or together").choices(["sequential", "parallel"]))
      .addOption(new Option("--validation <policy>", 'strict rejects "128" for a number; coerce converts it first, as Pi does').choices(["strict", "coerce"]))
      .addOption(
        new Option(
          "--tool-errors <detail>",
          "what a failed validation tells the model: brief (the schema's message, chapter 06) or detailed (field path, expectation, value received)",
        )
          .choices(["brief", "detailed"])
          .default("brief"),
      )
      .addOption(new Option("--timeout <ms>", "abort each episode after this many milliseconds").argParser(positiveInteger))
      .addOption(
        new Option("--wire <provider>", "also print each request as that provider's API body (after an episode's first, what it changes)").choices(
          providerChoices,
        ),
      )
      .option("--wire-full", "with --wire, print every request body whole")
      .option("--stream", "stream each reply as events (Pi's names) and narrate them; with --wire, also the provider's server-sent events")
      .addOption(new Option("--chunk <n>", "fragment size for --stream (overrides the fixture; implies --stream)").argParser(positiveInteger))
      .option("--diagram", "after the transcript, draw the run as a sequence diagram (lanes: person, app, model, tools)")
      .option("--mermaid", "print the run as a Mermaid sequenceDiagram instead of the transcript (GitHub draws it in a ```mermaid block)")
      .option("--html <file>", "also write the run as one self-contained web page: the diagram, each arrow's message, history and request body")
      .version(version, "-V, --version", "print the version")
      .helpOption("-h, --help", "show this help")
      // Commander repeats what it was given (an unknown option, a bad value): shown, never obeyed.
      .configureOutput({ writeOut: io.out, writeErr: (text) => io.err(visibleLines(text)) })
      .addHelpText("after", mainHelpAfter)
  );
}

/** Every command as declared, the subcommands included; nothing is run (the doc generator reads it). */
export async function declareCli(io: CliIO): Promise<Command> {
  const program = declareMainCommand(await wireChoices(), io);
  await addSubcommands(program, io, () => undefined);
  return program;
}

export async function runCli(givenArgv: readonly string[], io: CliIO): Promise<number> {
  const argv = helpAsked(givenArgv);
  let exitCode: number = exitCodes.ok;
  // A plain run loads no provider: --wire's choices are read only where they are checked or listed.
  const providerChoices = mentionsWire(argv) || mayReachSubcommand(argv) ? await wireChoices() : [];
  const program = declareMainCommand(providerChoices, io).action(async (fixtureArgument: string | undefined, options: PlayOptions & DiagramOptions) => {
    const valueTakenBy =
      fixtureArgument !== undefined && io.env.npm_lifecycle_event !== undefined && !fixtureNames().includes(fixtureArgument)
        ? await optionForValue(fixtureArgument)
        : undefined;
    const swallowed = swallowedByNpm(io.env) ?? valueTakenBy;
    if (swallowed) {
      const example = fixtureArgument !== undefined && valueTakenBy === swallowed ? `${swallowed} ${fixtureArgument}` : swallowed;
      io.err(
        `${(await loadCatalog(options.lang)).npmSwallowedOption(swallowed, `npm ${io.env.npm_lifecycle_event === "start" ? "start" : `run ${io.env.npm_lifecycle_event ?? "start"}`} -- ${example}`)}\n`,
      );
      exitCode = exitCodes.badInput;
      return;
    }
    const conflict = await diagramConflict(options);
    if (conflict !== undefined) {
      io.err(`${conflict}\n`);
      exitCode = exitCodes.usage;
    } else if (options.list) exitCode = options.json ? await listJson(options.lang, io) : await list(options.lang, io);
    else if (options.interactive) exitCode = await (await import("../commands/interactive/interactive-command.ts")).interactive(fixtureArgument, options, io);
    else exitCode = await play(fixtureArgument ?? defaultFixtureName, options, io);
  });
  // Before the subcommands are added: each copies it, so a usage mistake after `serve` or
  // `import` returns its exit code here too, instead of commander ending the process itself.
  program.exitOverride();
  if (mayReachSubcommand(argv)) await addSubcommands(program, io, (code) => (exitCode = code));
  // --html belongs to a fixture run: a subcommand would silently ignore it (serve has a live page instead).
  program.hook("preAction", async (_program, command) => {
    const html: unknown = program.opts().html;
    if (command === program || html === undefined) return;
    const lang: unknown = command.opts().lang ?? program.opts().lang;
    io.err(`${await diagramConflict({ lang: lang === "en" ? "en" : "zh", html: String(html), subcommand: command.name() })}\n`);
    throw new CommanderError(exitCodes.usage, "playground.htmlSubcommand", "--html with a subcommand");
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    // Commander has already printed its own one-line message (or the help / version text). A
    // usage mistake (an unknown option) exits 2 whichever command it follows, as lint's always did
    // (its 1 means findings); an option's unusable value is bad input, 1, outside lint.
    if (error instanceof CommanderError) {
      // A command that chose its own code (lint) keeps it; commander's own 1 is told apart here.
      if (error.exitCode !== 1) return error.exitCode;
      return error.code === "commander.invalidArgument" ? exitCodes.badInput : exitCodes.usage;
    }
    // Anything else is a bug: cli-process.ts reports it as an internal error (exit 70), never silently.
    throw error;
  }
  return exitCode;
}
