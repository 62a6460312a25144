// `--interactive` (`npm run play`): needs a terminal, then hands the run to the session. Loaded
// only when asked for: the prompt library is the heaviest import, and a plain run never needs it.

import { colorLevel, terminalStyle } from "../../narration/terminal-style.ts";
import type { CliIO } from "../shared/command-io.ts";
import { exitCodes } from "../shared/exit-codes.ts";
import { overridesFrom, type PlayOptions, streamFrom, toolErrorsFrom } from "../shared/options.ts";

export async function interactive(fixtureArgument: string | undefined, options: PlayOptions, io: CliIO): Promise<number> {
  // Loaded only here: the prompt library is the heaviest import, and a plain run never needs it.
  const [{ playInteractive }, { createInquirerUI }, { loadSessionCatalogs }] = await Promise.all([
    import("./play-interactive.ts"),
    import("./inquirer-ui.ts"),
    import("./session-catalogs.ts"),
  ]);
  const catalogs = await loadSessionCatalogs();
  if (!io.stdinIsTTY) {
    io.err(`${catalogs.prompts[options.lang].needsTerminal}\n`);
    return exitCodes.noTerminal;
  }
  return playInteractive({
    fixtureArgument,
    lang: options.lang,
    style: await terminalStyle(colorLevel(io.env, io.isTTY, io.colorDepth)),
    ui: createInquirerUI(options.lang, catalogs),
    write: (line) => io.out(`${line}\n`),
    err: (line) => io.err(`${line}\n`),
    overrides: overridesFrom(options),
    signal: io.interrupt,
    stream: streamFrom(options),
    ...toolErrorsFrom(options),
  });
}
