// The command line: parses arguments, picks the fixture, the language and the run settings, and
// turns every expected failure into one line on stderr and an exit code. The only file that
// knows about argv.
import { readFileSync } from "node:fs";
import { Command, CommanderError, Option } from "../commands/shared/commander.ts";
import type { CliIO } from "../commands/shared/command-io.ts";
import { exitCodes } from "../commands/shared/exit-codes.ts";
import { positiveInteger } from "../commands/shared/options.ts";
import type { ToolErrorDetail } from "../agent/execute-tool-call.ts";
import { languages, type Language } from "../fixture/fixture-format.ts";
import { defaultFixtureName, fixtureNames, resolveFixture } from "../fixture/fixture-files.ts";
import { loadFixture } from "../fixture/load-fixture.ts";
import { loadCatalog } from "../narration/load-catalog.ts";
import type { EpisodeSettings } from "../replay/run-fixture.ts";
import { jsonSafe, visible, visibleLines } from "../io/sanitize.ts";
import { RunAborted, stopSignalOf } from "../agent/call-policy.ts";
import { addSubcommands, mayReachSubcommand } from "./subcommands.ts";
import type { ProviderId } from "../providers/registry.ts";
import { colorLevel, terminalStyle } from "../narration/terminal-style.ts";
import { fixtureJsonLines, narrateFixture } from "../commands/play/transcript.ts";

export type { CliIO };

interface Options {
  lang: Language;
  json?: boolean;
  stream?: boolean;
  chunk?: number;
  list?: boolean;
  maxTurns?: number;
  toolExecution?: EpisodeSettings["toolExecution"];
  validation?: EpisodeSettings["validation"];
  timeout?: number;
  wire?: ProviderId;
  interactive?: boolean;
  toolErrors?: ToolErrorDetail;
}

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

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  let exitCode: number = exitCodes.ok;
  // A plain run loads no provider: --wire's choices are read only where they are checked or listed.
  const providerChoices = mentionsWire(argv) || mayReachSubcommand(argv) ? await wireChoices() : [];
  const program = new Command("tool-call-playground")
    .description(
      "Watch the tool-calling protocol happen: a scripted FakeModel replies with text and toolCall blocks,\n" +
        "the app validates the arguments, runs the tools and appends paired toolResult messages.",
    )
    .argument("[fixture]", `a fixture name from fixtures/ (see --list) or a path to a fixture .json file (default: ${defaultFixtureName}; with --interactive, a list to pick from)`)
    .addOption(new Option("--lang <lang>", "language of the narration").choices(languages).default("zh"))
    .option("--list", "list the fixtures with their titles")
    .option("-i, --interactive", "step through a run in a terminal: edit, rename or drop calls, then save the run as a fixture")
    .option("--json", "print the loop's events as JSON Lines instead of the narrated transcript")
    .addOption(new Option("--max-turns <n>", "model requests at most per episode (overrides the fixture)").argParser(positiveInteger))
    .addOption(new Option("--tool-execution <mode>", "run several calls of one reply one after another, or together").choices(["sequential", "parallel"]))
    .addOption(new Option("--validation <policy>", 'strict rejects "128" for a number; coerce converts it first, as Pi does').choices(["strict", "coerce"]))
    .addOption(
      new Option("--tool-errors <detail>", "what a failed validation tells the model: brief (the schema's message, chapter 06) or detailed (field path, expectation, value received)")
        .choices(["brief", "detailed"])
        .default("brief"),
    )
    .addOption(new Option("--timeout <ms>", "abort each episode after this many milliseconds").argParser(positiveInteger))
    .addOption(new Option("--wire <provider>", "also print each request as that provider's API body").choices(providerChoices))
    .option("--stream", "stream each reply as events (Pi's names) and narrate them; with --wire, also the provider's server-sent events")
    .addOption(new Option("--chunk <n>", "fragment size for --stream (overrides the fixture; implies --stream)").argParser(positiveInteger))
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show this help")
    // Commander repeats what it was given (an unknown option, a bad value): shown, never obeyed.
    .configureOutput({ writeOut: io.out, writeErr: (text) => io.err(visibleLines(text)) })
    .addHelpText(
      "after",
      "\nExamples (from the project folder; npm needs -- before the options it should pass on):\n" +
        "  npm start                                             the walkthrough, narrated in Chinese\n" +
        "  npm start -- --lang en                                the same transcript in English\n" +
        "  npm start -- --list                                   the scenario fixtures\n" +
        "  npm start -- --interactive                            pick a fixture, step through it, edit calls, save\n" +
        "  npm start -- self-correction --tool-errors detailed   the failed result names the field\n" +
        "  npm start -- final-answer --wire anthropic            the same history as Anthropic's request bodies\n" +
        "\nThe same as a command, anywhere, after npm link (or npm install -g .):\n" +
        "  tool-call-playground --lang en\n" +
        "  tool-call-playground parallel-calls --tool-execution sequential\n" +
        "  tool-call-playground my-fixture.json --json\n" +
        "  tool-call-playground stream-cut-length --stream      watch a reply arrive in pieces, and be cut\n" +
        "  tool-call-playground replay-stream capture.sse        rebuild a message from a captured provider stream\n" +
        "\nSettings given here win over the fixture's own (maxTurns, toolExecution, validation, timeoutMs).\n" +
        "Exit codes: 0 done, 1 bad input (fixture, arguments) or output that could not be written,\n" +
        "2 --interactive without a terminal, 70 internal error, 130 interrupted (Ctrl-C, or Esc at a\n" +
        "prompt), 143 SIGTERM, 129 SIGHUP.\n" +
        "Colour only on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 forces it on.",
    )
    .action(async (fixtureArgument: string | undefined, options: Options) => {
      const valueTakenBy = fixtureArgument !== undefined && io.env.npm_lifecycle_event !== undefined && !fixtureNames().includes(fixtureArgument) ? await optionForValue(fixtureArgument) : undefined;
      const swallowed = swallowedByNpm(io.env) ?? valueTakenBy;
      if (swallowed) {
        const example = fixtureArgument !== undefined && valueTakenBy === swallowed ? `${swallowed} ${fixtureArgument}` : swallowed;
        io.err(`${(await loadCatalog(options.lang)).npmSwallowedOption(swallowed, `npm ${io.env.npm_lifecycle_event === "start" ? "start" : `run ${io.env.npm_lifecycle_event ?? "start"}`} -- ${example}`)}\n`);
        exitCode = exitCodes.badInput;
        return;
      }
      if (options.list) exitCode = options.json ? await listJson(options.lang, io) : await list(options.lang, io);
      else if (options.interactive) exitCode = await interactive(fixtureArgument, options, io);
      else exitCode = await play(fixtureArgument ?? defaultFixtureName, options, io);
    });
  if (mayReachSubcommand(argv)) await addSubcommands(program, io, (code) => (exitCode = code));
  program.exitOverride();
  try {
    await program.parseAsync([...argv], { from: "user" });
  } catch (error) {
    // Commander has already printed its own one-line message (or the help / version text).
    if (error instanceof CommanderError) return error.exitCode;
    // Anything else is a bug: cli-process.ts reports it as an internal error (exit 70), never silently.
    throw error;
  }
  return exitCode;
}

async function list(lang: Language, io: CliIO): Promise<number> {
  const { fixtureTitles } = await import("../narration/fixture-titles.ts");
  const titles = await fixtureTitles(lang);
  const width = Math.max(...titles.map(({ name }) => name.length)) + 2;
  for (const { name, title } of titles) io.out(`${visible(`${name.padEnd(width)}${title}`)}\n`);
  return exitCodes.ok;
}

/** `--list --json`: one JSON object per line, as the rest of --json prints. */
async function listJson(lang: Language, io: CliIO): Promise<number> {
  const { fixtureTitles } = await import("../narration/fixture-titles.ts");
  // Escaped like every --json line: a title is fixture data and may hold control characters.
  for (const { name, title } of await fixtureTitles(lang)) io.out(`${jsonSafe(JSON.stringify({ type: "fixture", name, title }))}\n`);
  return exitCodes.ok;
}

async function interactive(fixtureArgument: string | undefined, options: Options, io: CliIO): Promise<number> {
  // Loaded only here: the prompt library is the heaviest import, and a plain run never needs it.
  const [{ playInteractive }, { createInquirerUI }, { interactiveCatalogs }] = await Promise.all([
    import("../commands/interactive/play-interactive.ts"),
    import("../commands/interactive/inquirer-ui.ts"),
    import("../commands/interactive/interactive-index.ts"),
  ]);
  if (!io.stdinIsTTY) {
    io.err(`${interactiveCatalogs[options.lang].needsTerminal}\n`);
    return exitCodes.noTerminal;
  }
  return playInteractive({
    fixtureArgument,
    lang: options.lang,
    style: await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth)),
    ui: createInquirerUI(options.lang),
    write: (line) => io.out(`${line}\n`),
    err: (line) => io.err(`${line}\n`),
    overrides: overridesFrom(options),
    signal: io.interrupt,
    stream: streamFrom(options),
    ...toolErrorsFrom(options),
  });
}

function overridesFrom(options: Options): Partial<EpisodeSettings> {
  return {
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.toolExecution === undefined ? {} : { toolExecution: options.toolExecution }),
    ...(options.validation === undefined ? {} : { validation: options.validation }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
  };
}

/** --tool-errors is a setting of the run, not of an episode: the fixture format has no such key. */
function toolErrorsFrom(options: Options): { toolErrors?: ToolErrorDetail } {
  return options.toolErrors === "detailed" ? { toolErrors: "detailed" } : {};
}

/** --stream, or --chunk alone (which implies it). */
function streamFrom(options: Options): { chunk?: number } | undefined {
  return options.stream || options.chunk !== undefined ? { chunk: options.chunk } : undefined;
}

async function play(fixtureArgument: string, options: Options, io: CliIO): Promise<number> {
  // Started before the fixture is read, so the catalog's module loads meanwhile; a --json run that
  // goes well never needs it (hence the handler: its failure must not go unhandled there).
  const catalog = loadCatalog(options.lang);
  catalog.catch(() => undefined);
  const reference = resolveFixture(fixtureArgument);
  if (reference.kind === "unknownName") {
    io.err(`${visible((await catalog).unknownFixture(reference.name, reference.known))}\n`);
    return exitCodes.badInput;
  }
  const overrides = overridesFrom(options);
  const write = (line: string) => io.out(`${line}\n`);
  const stream = streamFrom(options);
  try {
    const fixture = await loadFixture(reference.file, io.interrupt);
    if (options.json) {
      await fixtureJsonLines(fixture, { write, overrides, signal: io.interrupt, wire: options.wire, ...toolErrorsFrom(options), stream, drained: io.drained });
    } else {
      const style = await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth));
      await narrateFixture(fixture, { lang: options.lang, style, write, overrides, signal: io.interrupt, wire: options.wire, ...toolErrorsFrom(options), stream, drained: io.drained });
    }
  } catch (error) {
    const say = await catalog;
    // Ctrl-C while the fixture was still being read (a terminal or a pipe on /dev/stdin).
    if (error instanceof RunAborted && io.interrupt?.aborted) {
      io.err(`${say.interrupted(stopSignalOf(io.interrupt?.reason))}\n`);
      return exitCodes.interrupted;
    }
    // Loaded only when something went wrong: a plain run never needs it.
    const { errorLine } = await import("../narration/error-line.ts");
    const line = errorLine(error, reference.file, say);
    if (line === undefined) throw error;
    io.err(`${line}\n`);
    return exitCodes.badInput;
  }
  if (io.interrupt?.aborted) {
    io.err(`${(await catalog).interrupted(stopSignalOf(io.interrupt?.reason))}\n`);
    return exitCodes.interrupted;
  }
  return exitCodes.ok;
}

