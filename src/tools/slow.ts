// slow: waits, reporting progress first, and stops as soon as its abort signal fires — the tool
// that shows a timeout or Ctrl-C reaching a running call. (A tool must watch its own signal: the
// executor can pass it on, but only the tool can stop its own work.)
import { type Clock, sleep, systemClock } from "../io/clock.ts";
import { text } from "../protocol/text.ts";
import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { describe, numberValue } from "../schema/validator.ts";

/** Longer waits are refused as a domain failure: a fixture typo should not hang a terminal. */
export const SLOW_MAX_MS = 600_000;

/** What the model reads of slow and what slow says, in one language. */
export const slowWords = {
  zh: {
    description: "等待 ms 毫秒后返回，开始时报告进度；收到中止信号就立刻停下。",
    ms: "要等待的毫秒数",
    outOfRange: (ms: number) => `ms 必须在 0 到 ${SLOW_MAX_MS} 之间，收到 ${ms}`,
    started: (ms: number) => `开始等待 ${ms} ms`,
    waited: (ms: number) => `等待了 ${ms} ms`,
  },
  en: {
    description: "Waits ms milliseconds, then returns; reports progress when it starts, and stops at once when aborted.",
    ms: "how many milliseconds to wait",
    outOfRange: (ms: number) => `ms must be between 0 and ${SLOW_MAX_MS}, got ${ms}`,
    started: (ms: number) => `waiting ${ms} ms`,
    waited: (ms: number) => `waited ${ms} ms`,
  },
};

/** `clock`: what it waits on (the system's, unless a test runs it on its own). */
export function slowIn(words: (typeof slowWords)["zh"], clock: Clock = systemClock): Tool<{ ms: number }, { ms: number }> {
  return {
    name: "slow",
    description: words.description,
    schema: objectSchema({ ms: describe(numberValue, words.ms) }),
    async execute({ ms }, { signal, reportProgress }) {
      if (ms < 0 || ms > SLOW_MAX_MS) return { content: [text(words.outOfRange(ms))], details: { ms }, isError: true };
      reportProgress?.([text(words.started(ms))]);
      // Aborted, it stops there with the abort's own reason, as every call the run cut off does.
      if (!(await sleep(clock, ms, signal))) throw signal?.reason;
      return { content: [text(words.waited(ms))], details: { ms } };
    },
  };
}

export const slow = slowIn(slowWords.zh);
