// What stops serve, recording or not: a signal (Ctrl-C, SIGTERM, SIGHUP), or stdout's reader
// going away; and the exit code each one ends the process with.
import { type StopSignal, stopSignalOf } from "../../agent/call-policy.ts";
import { exitCodes } from "../shared/exit-codes.ts";

export type Stop = StopSignal | "outputClosed";

export const stopExitCodes: Record<Stop, number> = {
  SIGINT: exitCodes.interrupted,
  SIGTERM: exitCodes.terminated,
  SIGHUP: exitCodes.hangup,
  outputClosed: exitCodes.badInput,
};

/** The aborts the process gives a command: the interrupt (its reason names the signal: SIGTERM
 *  and SIGHUP abort it too, not only Ctrl-C), SIGTERM where the command took it over, and stdout
 *  closing. */
export interface StopSignals {
  interrupt?: AbortSignal | undefined;
  terminate?: AbortSignal | undefined;
  outputClosed?: AbortSignal | undefined;
}

/** Resolves with the first stop to come. */
export function whenStopped({ interrupt, terminate, outputClosed }: StopSignals): Promise<Stop> {
  return new Promise<Stop>((resolve) => {
    const on = (abort: AbortSignal | undefined, stop: () => Stop) => {
      if (abort?.aborted) resolve(stop());
      else abort?.addEventListener("abort", () => resolve(stop()), { once: true });
    };
    on(interrupt, () => stopSignalOf(interrupt?.reason) ?? "SIGINT");
    on(terminate, () => "SIGTERM");
    on(outputClosed, () => "outputClosed");
  });
}
