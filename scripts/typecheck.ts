// npm test's type check: TypeScript's build mode over the given tsconfig (noEmit), run through the
// compiler's own API in the test runner's process, as `tsc --build` would run it in a process of
// its own. What it prints is what tsc prints, one diagnostic to a line; nothing when all is well.
import ts from "typescript";

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  getNewLine: () => "\n",
};

/** Builds `config` as `tsc --build` does: whether it passed, and what the compiler reported. */
export function typeCheck(config: string): { passed: boolean; output: string } {
  let output = "";
  const report = (diagnostic: ts.Diagnostic) => void (output += ts.formatDiagnostic(diagnostic, formatHost));
  const host = ts.createSolutionBuilderHost(ts.sys, undefined, report, report);
  const status = ts.createSolutionBuilder(host, [config], {}).build();
  return { passed: status === ts.ExitStatus.Success, output };
}
