// commander, the command-line parser, loaded with `require` as the CommonJS package it is: through
// `import`, a plain run took ~50 ms more CPU to start on Node 20 (median of 24 interleaved runs),
// and start-up has a budget (`npm run bench:startup`). Every module that needs commander takes it
// from here, so it is loaded once and one way.
import { createRequire } from "node:module";
import type * as CommanderModule from "commander";

const commander: typeof CommanderModule = createRequire(import.meta.url)("commander");

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = CommanderModule.Command;
export type CommanderError = CommanderModule.CommanderError;
export type Option = CommanderModule.Option;
