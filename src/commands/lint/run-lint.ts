// What `tool-call-playground lint` does once its arguments are parsed: read the body, tell which
// provider it is for, run that provider's table, locate and print the findings, and pick the exit
// code (0 no errors, 1 findings, 2 not a request body). Loaded on demand by src/commands/lint.ts.
import type { Readable } from "node:stream";
import { visible } from "../../io/sanitize.ts";
import type { WireProvider } from "../../providers/shared/wire-request.ts";
import { detectProvider } from "../../providers/detect-provider.ts";
import { findingLine, findingsJson, locateFindings, summaryLine } from "./format-findings.ts";
import { lintBody } from "../../providers/shared/lint-body.ts";
import { readBody } from "../../io/read-input.ts";

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

export async function runLint(file: string, options: LintOptions, io: LintIO): Promise<number> {
  const read = await readBody(file, io.stdin ?? process.stdin);
  const name = file === "-" ? "<stdin>" : file;
  if (!read.ok) {
    io.err(`${visible(`${name}: not a request body: ${read.why}`)}\n`);
    return lintExitCodes.notABody;
  }
  // A body of no provider's shape is refused even with --provider, which only settles between shapes.
  const detected = detectProvider(read.body);
  if (detected.provider === undefined) {
    io.err(`${visible(`${name}: not a request body of any provider: ${detected.why}`)}\n`);
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
