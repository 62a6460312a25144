// npm test's type check: TypeScript's build mode over the given tsconfig (noEmit), `tsc --build`.
// The compiler is a native program since TypeScript 7, in a package of its own for each platform;
// this finds it where the `typescript` package's own `tsc` launcher finds it and runs it directly,
// so the check starts no Node process. What it prints is what tsc prints, one diagnostic to a line;
// nothing when all is well.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The native compiler that npm installed for this machine's platform and processor. */
function compilerPath(): string {
  const platformPackage = `@typescript/typescript-${process.platform}-${process.arch}`;
  const folder = dirname(fileURLToPath(import.meta.resolve(`${platformPackage}/package.json`)));
  return join(folder, "lib", process.platform === "win32" ? "tsc.exe" : "tsc");
}

/** The command that builds `config` as `tsc --build` does. On one thread: the test workers keep
 *  the machine's cores busy meanwhile, and the check's own threads only take turns with them. */
export function typeCheckCommand(config: string): { command: string; args: string[] } {
  return { command: compilerPath(), args: ["--build", config, "--pretty", "false", "--singleThreaded"] };
}
