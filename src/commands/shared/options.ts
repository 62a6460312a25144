// The option parsers and the option merge every command uses, so that one option means the same
// wherever it is given (`--chunk 1e3` is refused before `serve` and after it alike), and the run
// settings the main command's options make, shared by the play command and the interactive one.

import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import type { Language } from "../../fixture/fixture-format.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { EpisodeSettings } from "../../replay/run-fixture.ts";
import { type Command, InvalidArgumentError } from "./commander.ts";

/** Plain decimal digits only: Number() would also take "0x10", "1e3" and " 2". */
export function positiveInteger(value: string): number {
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new InvalidArgumentError("expected a whole number of at least 1, in plain decimal digits.");
  return number;
}

/** A TCP port in plain decimal digits; 0 asks the system for a free one. */
export function portNumber(value: string): number {
  const number = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number > 65535) throw new InvalidArgumentError("expected a whole number from 0 to 65535 (0 picks a free port).");
  return number;
}

/**
 * A subcommand's options: the main command's (given before the subcommand's name: --lang, --json,
 * --chunk) with the subcommand's own (given after it) on top, which win. Commander's
 * optsWithGlobals lets the main command's win instead, its default `--lang zh` included.
 */
export function withMainOptions<T extends object>(own: T, command: Command): Partial<T> & T {
  return { ...command.parent?.opts<Partial<T>>(), ...own };
}

export interface PlayOptions {
  lang: Language;
  json?: boolean;
  stream?: boolean;
  chunk?: number;
  list?: boolean;
  maxTurns?: number;
  toolExecution?: EpisodeSettings["toolExecution"];
  validation?: EpisodeSettings["validation"];
  timeout?: number;
  wire?: ProviderId;
  /** --wire-full: every request body whole, not what it adds to the previous one. */
  wireFull?: boolean;
  interactive?: boolean;
  toolErrors?: ToolErrorDetail;
}

export function overridesFrom(options: PlayOptions): Partial<EpisodeSettings> {
  return {
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.toolExecution === undefined ? {} : { toolExecution: options.toolExecution }),
    ...(options.validation === undefined ? {} : { validation: options.validation }),
    ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
  };
}

/** --tool-errors is a setting of the run, not of an episode: the fixture format has no such key. */
export function toolErrorsFrom(options: PlayOptions): { toolErrors?: ToolErrorDetail } {
  return options.toolErrors === "detailed" ? { toolErrors: "detailed" } : {};
}

/** --stream, or --chunk alone (which implies it). */
export function streamFrom(options: PlayOptions): { chunk?: number } | undefined {
  return options.stream || options.chunk !== undefined ? { chunk: options.chunk } : undefined;
}
