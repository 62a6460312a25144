// What `tool-call-playground lint` does once its arguments are parsed: read the body, tell which
// provider it is for, run that provider's table, locate and print the findings, and pick the exit
// code (0 no errors, 1 findings, 2 not a request body). Loaded on demand by lint-command.ts.
// Every line of its own is in the run's language (lint-messages.ts, input-messages.ts).
import type { Readable } from "node:stream";
import type { Language } from "../../fixture/fixture-format.ts";
import { readBody } from "../../io/read-input.ts";
import { visible } from "../../io/sanitize.ts";
import { detectBodyProvider, type ProviderId, providers } from "../../providers/registry.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { loadInputMessages } from "../shared/load-input-messages.ts";
import { findingLine, findingsJson, locateFindings, summaryLine } from "./finding-lines.ts";
import { loadLintMessages } from "./load-lint-messages.ts";

export interface LintIO {
  out: (text: string) => void;
  err: (text: string) => void;
  stdin?: Readable;
  /** Ctrl-C: a read under way stops. */
  interrupt?: AbortSignal;
}

export interface LintOptions {
  provider?: ProviderId;
  json?: boolean;
  strict?: boolean;
  lang: Language;
}

export async function runLint(file: string, options: LintOptions, io: LintIO): Promise<number> {
  const [read, say, input] = await Promise.all([
    readBody(file, io.stdin ?? process.stdin, { signal: io.interrupt }),
    loadLintMessages(options.lang),
    loadInputMessages(options.lang),
  ]);
  const name = file === "-" ? "<stdin>" : file;
  if (!read.ok && read.problem.kind === "interrupted") return exitCodes.interrupted;
  if (!read.ok) {
    io.err(`${visible(say.notABody(name, input.readProblem(read.problem)))}\n`);
    return exitCodes.notABody;
  }
  // A body of no provider's shape is refused even with --provider, which only settles between shapes.
  const detected = detectBodyProvider(read.body);
  if (detected.provider === undefined) {
    io.err(`${visible(say.notAnyProvidersBody(name, input.detectionProblem(detected.problem)))}\n`);
    return exitCodes.notABody;
  }
  const provider = options.provider ?? detected.provider;
  // --json is data for programs, the same document whatever --lang says (its fixes in English);
  // the lines are for a reader, in the run's language.
  const findings = locateFindings(read.text, lintBody(read.body, (await providers[provider].load()).rules, options.json ? "en" : options.lang));
  if (options.json) io.out(`${findingsJson(name, provider, findings)}\n`);
  else {
    for (const finding of findings) io.out(`${findingLine(name, finding, say)}\n`);
    io.out(`${summaryLine(name, provider, findings, say)}\n`);
  }
  const failing = findings.filter((finding) => options.strict || finding.severity === "error");
  return failing.length > 0 ? exitCodes.findings : exitCodes.ok;
}
