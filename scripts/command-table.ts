// docs/command.md's usage lines and its table of the transcript's options, generated from the
// commander declarations themselves (src/cli/cli.ts and each subcommand's add…Command), so an
// option added to the code cannot be missing from the page. `npm run command-table` prints both
// blocks; a test keeps the doc's copies equal to them. The table holds each option's help text as
// `--help` prints it; the doc's notes below the table say more where a learner needs it.
import { declareCli } from "../src/cli/cli.ts";
import type { Command, Option } from "../src/commands/shared/commander.ts";

/** Collects nothing: the commands are only declared, never run. */
const silentIO = { out: () => undefined, err: () => undefined, env: {}, isTTY: false };

/** An option's flags, a value placeholder replaced by its choices (`--lang zh|en`). */
function flagsOf(option: Option): string {
  const choices = option.argChoices;
  return choices === undefined ? option.flags : option.flags.replace(/<[^>]+>/, choices.join("|"));
}

/** The options `--help` lists for a command, help and version included. */
function optionsOf(command: Command): readonly Option[] {
  return command.createHelp().visibleOptions(command);
}

/** A command's arguments as its usage writes them: `<file>` required, `[fixture]` optional. */
function argumentsOf(command: Command): string {
  return command.registeredArguments.map((argument) => (argument.required ? `<${argument.name()}>` : `[${argument.name()}]`)).join(" ");
}

/** One usage line: the program's name, the command, its arguments and every option it takes. */
function usageLine(program: Command, command: Command): string {
  const options = optionsOf(command)
    .filter((option) => option.long !== "--help")
    .map((option) => `[${flagsOf(option)}]`);
  return [program.name(), command.name(), argumentsOf(command), ...options].filter((part) => part !== "").join(" ");
}

/** The usage lines: the transcript's (its options are the table's), then one per subcommand. */
export async function renderCommandUsage(): Promise<string> {
  const program = await declareCli(silentIO);
  const lines = [`${program.name()} ${argumentsOf(program)} [options]`, ...program.commands.map((command) => usageLine(program, command))];
  return `\`\`\`\n${lines.join("\n")}\n\`\`\`\n`;
}

/** A table cell's text: a `|` would end the cell. */
function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** What an option's row says: its help text, and its default when it has one. */
function meaningOf(option: Option): string {
  const fallback: unknown = option.defaultValue;
  const withDefault = typeof fallback === "string" ? `${option.description} (default \`${fallback}\`)` : option.description;
  return cell(withDefault);
}

/** The transcript's argument and options, one row each, in the order `--help` lists them. */
export async function renderCommandTable(): Promise<string> {
  const program = await declareCli(silentIO);
  const lines = ["| option | meaning |", "| --- | --- |"];
  for (const argument of program.registeredArguments) lines.push(`| \`${argument.name()}\` | ${cell(argument.description)} |`);
  for (const option of optionsOf(program)) lines.push(`| \`${cell(flagsOf(option))}\` | ${meaningOf(option)} |`);
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`<!-- command-usage:start -->\n${await renderCommandUsage()}<!-- command-usage:end -->\n\n`);
  process.stdout.write(`<!-- command-options:start -->\n${await renderCommandTable()}<!-- command-options:end -->\n`);
}
