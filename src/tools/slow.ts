// slow: waits, reporting progress first, and stops as soon as its abort signal fires — the tool
// that shows a timeout or Ctrl-C reaching a running call. (A tool must watch its own signal: the
// executor can pass it on, but only the tool can stop its own work.)
import { setTimeout as sleep } from "node:timers/promises";
import { text } from "../protocol/text.ts";
import type { Tool } from "../protocol/types.ts";
import { objectSchema } from "../schema/object-schema.ts";
import { describe, numberValue } from "../schema/validator.ts";

/** Longer waits are refused as a domain failure: a fixture typo should not hang a terminal. */
export const SLOW_MAX_MS = 600_000;

export const slow: Tool<{ ms: number }, { ms: number }> = {
  name: "slow",
  description: "等待 ms 毫秒后返回，开始时报告进度；收到中止信号就立刻停下。",
  schema: objectSchema({ ms: describe(numberValue, "要等待的毫秒数") }),
  async execute({ ms }, { signal, reportProgress }) {
    if (ms < 0 || ms > SLOW_MAX_MS) {
      return { content: [text(`ms 必须在 0 到 ${SLOW_MAX_MS} 之间，收到 ${ms}`)], details: { ms }, isError: true };
    }
    reportProgress?.([text(`开始等待 ${ms} ms`)]);
    await sleep(ms, undefined, { signal });
    return { content: [text(`等待了 ${ms} ms`)], details: { ms } };
  },
};
