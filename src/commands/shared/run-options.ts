// The main command's options, as commander hands them over, and the run settings they make:
// shared by the play command and the interactive one (both run a fixture).
import type { ToolErrorDetail } from "../../agent/execute-tool-call.ts";
import type { Language } from "../../fixture/fixture-format.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { EpisodeSettings } from "../../replay/run-fixture.ts";

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
