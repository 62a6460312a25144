// `tool-call-playground lint <file|->`: checks a logged request body against its provider's rule
// table and prints why the API would answer 400, at file:line:column. Exit 0 when the body keeps
// every rule (warnings are printed but do not fail it, unless --strict), 1 with findings, 2 when
// the input is not a request body of any provider.
import type { Readable } from "node:stream";
import { Command, Option } from "commander";
import { detectProvider } from "../lint/detect-provider.ts";
import { findingLine, findingsJson, locateFindings, summaryLine } from "../lint/format-findings.ts";
import { lintBody } from "../lint/lint-body.ts";
import { readBody } from "../lint/read-body.ts";
import { wireProviders, type WireProvider } from "../wire/wire-request.ts";

export const lintExitCodes = { clean: 0, findings: 1, notABody: 2 } as const;

export interface LintIO {
  out: (text: string) => void;
  err: (text: string) => void;
  stdin?: Readable;
}

export interface LintOptions {
  provider?: WireProvider;
  json?: boolean;
  strict?: boolean;
}

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
    .addOption(new Option("--provider <provider>", "which API the body is for (default: detected from its shape)").choices(wireProviders))
    .option("--json", "print the findings as one JSON document")
    .option("--strict", "fail (exit 1) on warnings too")
    .addHelpText(
      "after",
      "\nEach finding: file:line:column  pointer  provider/rule  the provider's error text  fix.\n" +
        "Exit codes: 0 no errors, 1 findings, 2 not a request body (unreadable, not JSON, or no provider's shape).",
    )
    .action(async (file: string, options: LintOptions) => setExitCode(await lint(file, options, io)));
}

export async function lint(file: string, options: LintOptions, io: LintIO): Promise<number> {
  const read = await readBody(file, io.stdin ?? process.stdin);
  const name = file === "-" ? "<stdin>" : file;
  if (!read.ok) {
    io.err(`${name}: not a request body: ${read.why}\n`);
    return lintExitCodes.notABody;
  }
  // A body of no provider's shape is refused even with --provider, which only settles between shapes.
  const detected = detectProvider(read.body);
  if (detected.provider === undefined) {
    io.err(`${name}: not a request body of any provider: ${detected.why}\n`);
    return lintExitCodes.notABody;
  }
  const provider = options.provider ?? detected.provider;
  const findings = locateFindings(read.text, lintBody(read.body, provider));
  if (options.json) io.out(`${findingsJson(name, provider, findings)}\n`);
  else {
    for (const finding of findings) io.out(`${findingLine(name, finding)}\n`);
    io.out(`${summaryLine(name, provider, findings)}\n`);
  }
  const failing = findings.filter((finding) => options.strict || finding.severity === "error");
  return failing.length > 0 ? lintExitCodes.findings : lintExitCodes.clean;
}
