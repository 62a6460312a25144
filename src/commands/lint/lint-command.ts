// `tool-call-playground lint <file|->`: checks a logged request body against its provider's rule
// table and prints why the API would answer 400, at file:line:column. Exit 0 when the body keeps
// every rule (warnings are printed but do not fail it, unless --strict), 1 with findings, 2 when
// the input is not a request body of any provider. Its lines are in the run's --lang, given
// before `lint` (the main command's, default zh) or after it (its own, which wins).

import { languages } from "../../fixture/fixture-format.ts";
import { providerIds } from "../../providers/registry.ts";
import { type Command, CommanderError, Option } from "../shared/commander.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { withMainOptions } from "../shared/options.ts";
import type { LintIO, LintOptions } from "./run-lint.ts";

/** Adds the subcommand to the program; `setExitCode` receives its exit code. */
export function addLintCommand(program: Command, io: LintIO, setExitCode: (code: number) => void): void {
  // Keeps the main usage line about fixtures; the lint command is listed under Commands.
  program.usage("[options] [fixture]");
  // `lint file --json` means lint's --json, not the transcript's.
  program.enablePositionalOptions();
  program
    .command("lint")
    .description("check a logged request body (OpenAI Chat, OpenAI Responses, Anthropic or Gemini) against the provider's rules")
    .argument("<file>", 'the body as JSON, or "-" for stdin')
    .addOption(new Option("--provider <provider>", "which API the body is for (default: detected from its shape)").choices(providerIds))
    .option("--json", "print the findings as one JSON document")
    .option("--strict", "fail (exit 1) on warnings too")
    // Also the main command's: given after `lint`, commander hands it to this command.
    .addOption(new Option("--lang <lang>", "language of the summary and messages (default: zh)").choices(languages))
    // A subcommand does not inherit what the program sets later: its own output and no process.exit.
    // A usage mistake exits 2, like input that is not a body, so 1 always means findings.
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride((error) => {
      throw error.exitCode === 0 ? error : new CommanderError(exitCodes.notABody, error.code, error.message);
    })
    .addHelpText(
      "after",
      "\nEach finding: file:line:column  pointer  provider/rule  the provider's error text  fix.\n" +
        "Exit codes: 0 no errors, 1 findings, 2 not a request body (unreadable, not JSON, or no provider's shape) or a usage mistake.",
    )
    .action(async (file: string, own: Partial<LintOptions>, command: Command) => {
      // Loaded only here: a plain run of the playground should not pay for the rule tables.
      const { runLint } = await import("./run-lint.ts");
      const { provider, json, strict, lang } = withMainOptions(own, command);
      setExitCode(await runLint(file, { ...(provider ? { provider } : {}), json: json === true, strict: strict === true, lang: lang ?? "zh" }, io));
    });
}
