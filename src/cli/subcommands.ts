// The subcommands (lint, import, replay-stream, serve), in the order help lists them, and the one
// decision of whether a command line needs them at all. A plain run — `npm start`, a fixture, any
// transcript option — names none of them, and each module loaded through tsx costs start-up time
// (about a millisecond apiece on Node 20, where tsx's hooks run on a thread of their own).
// Commander only ever reaches a subcommand through an argument that is exactly its name, or
// through a help flag that lists them (the program has an action of its own, so commander adds no
// `help` command: `help` is read as a fixture name). So when no argument is one of those, leaving
// the subcommands out changes nothing the user can see.

import type { CliIO } from "../commands/shared/command-io.ts";
import type { Command } from "../commands/shared/commander.ts";

type AddCommand = (program: Command, io: CliIO, setExitCode: (code: number) => void) => void;

const subcommands: Record<string, () => Promise<AddCommand>> = {
  lint: async () => (await import("../commands/lint/lint-command.ts")).addLintCommand,
  import: async () => (await import("../commands/import/import-command.ts")).addImportCommand,
  "replay-stream": async () => (await import("../commands/replay-stream/replay-stream-command.ts")).registerReplayStream,
  serve: async () => (await import("../commands/serve/serve-command.ts")).addServeCommand,
};

/** A short-flag cluster (`-h`, `-ih`): commander splits it, so an `h` anywhere in it asks for help. */
function isShortHelpCluster(argument: string): boolean {
  return /^-[^-]/.test(argument) && argument.includes("h");
}

/** Whether any argument could reach a subcommand or the help that lists them. */
export function mayReachSubcommand(argv: readonly string[]): boolean {
  return argv.some((argument) => Object.hasOwn(subcommands, argument) || argument === "--help" || isShortHelpCluster(argument));
}

/** Registers every subcommand on the program, loading their modules together. */
export async function addSubcommands(program: Command, io: CliIO, setExitCode: (code: number) => void): Promise<void> {
  const adders = await Promise.all(Object.values(subcommands).map((load) => load()));
  for (const add of adders) add(program, io, setExitCode);
}
