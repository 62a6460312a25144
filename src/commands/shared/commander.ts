// commander, loaded with `require`. It is CommonJS: an `import` would take it through the ESM
// loader — a round trip to tsx's hooks thread for each of its files, and the CommonJS export
// scanner — which is most of what it costs at start-up. Every module that needs commander takes it
// from here, so it is loaded once and one way.
import { createRequire } from "node:module";
import type * as CommanderModule from "commander";

const commander: typeof CommanderModule = createRequire(import.meta.url)("commander");

export const { Command, CommanderError, InvalidArgumentError, Option } = commander;
export type Command = CommanderModule.Command;
export type CommanderError = CommanderModule.CommanderError;
export type Option = CommanderModule.Option;
