// What `tool-call-playground lint` does once its arguments are parsed: read the body, tell which
// provider it is for, run that provider's table, locate and print the findings, and pick the exit
// code (0 no errors, 1 findings, 2 not a request body). Loaded on demand by lint-command.ts.
import type { Readable } from "node:stream";
import { visible } from "../../io/sanitize.ts";
import { findingLine, findingsJson, locateFindings, summaryLine } from "./finding-lines.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import { readBody } from "../../io/read-input.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { detectBodyProvider, providers, type ProviderId } from "../../providers/registry.ts";

export interface LintIO {
  out: (text: string) => void;
  err: (text: string) => void;
  stdin?: Readable;
}

export interface LintOptions {
  provider?: ProviderId;
  json?: boolean;
  strict?: boolean;
}

export async function runLint(file: string, options: LintOptions, io: LintIO): Promise<number> {
  const read = await readBody(file, io.stdin ?? process.stdin);
  const name = file === "-" ? "<stdin>" : file;
  if (!read.ok) {
    io.err(`${visible(`${name}: not a request body: ${read.why}`)}\n`);
    return exitCodes.notABody;
  }
  // A body of no provider's shape is refused even with --provider, which only settles between shapes.
  const detected = detectBodyProvider(read.body);
  if (detected.provider === undefined) {
    io.err(`${visible(`${name}: not a request body of any provider: ${detected.why}`)}\n`);
    return exitCodes.notABody;
  }
  const provider = options.provider ?? detected.provider;
  const findings = locateFindings(read.text, lintBody(read.body, (await providers[provider].load()).rules));
  if (options.json) io.out(`${findingsJson(name, provider, findings)}\n`);
  else {
    for (const finding of findings) io.out(`${findingLine(name, finding)}\n`);
    io.out(`${summaryLine(name, provider, findings)}\n`);
  }
  const failing = findings.filter((finding) => options.strict || finding.severity === "error");
  return failing.length > 0 ? exitCodes.findings : exitCodes.ok;
}
