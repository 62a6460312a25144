// Biome's own binary, run directly: the `biome` npm installs in node_modules/.bin is a Node script
// that starts a Node process (and asks `ldd` whether the C library is musl) only to start this
// binary in turn. npm installs the one platform package that fits the machine, so the first of
// these that is installed is it; where none is (an unknown platform), the Node script is used.
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const executable = process.platform === "win32" ? "biome.exe" : "biome";

/** The command to run Biome with, and the arguments that come before Biome's own. */
export function biomeCommand(projectRoot: string): { command: string; args: string[] } {
  for (const suffix of ["", "-musl"]) {
    try {
      return { command: require.resolve(`@biomejs/cli-${process.platform}-${process.arch}${suffix}/${executable}`), args: [] };
    } catch {
      // Not installed here: the next candidate.
    }
  }
  return { command: process.execPath, args: [join(projectRoot, "node_modules", "@biomejs", "biome", "bin", "biome")] };
}
