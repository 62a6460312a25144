// A reply's `delay` and `stall`, attached to its answer for write-answer.ts to keep: how long to
// hold back the headers, the first streamed event and each event after it, and where a stream
// stops sending (then nothing, until the client gives up or the stall's `forMs` passes). The
// record says so, so the narration can tell a slow or stalled answer from a plain one.

import type { Delay, Stall } from "../../fixture/fault-format.ts";
import type { Answer } from "./answer.ts";
import type { FixtureReply } from "./check-request.ts";

/** How an answer is written over time (absent, it is written at once): the reply's delays, each 0
 *  when not given, and its stall (events sent before the stream stops, 0 the headers only, and for
 *  how long nothing comes). */
export type Timing = Required<Delay> & { stall?: Stall };

/** The answer with the reply's timing, when it has one. A failure (status 400 and up) is only
 *  delayed: a stall is of a reply's stream. */
export function paced(answer: Answer, reply: FixtureReply): Answer {
  const { delay, stall } = reply;
  if (!delay && !stall) return answer;
  const failed = answer.status >= 400;
  const timing: Timing = {
    beforeHeadersMs: delay?.beforeHeadersMs ?? 0,
    beforeFirstEventMs: delay?.beforeFirstEventMs ?? 0,
    betweenEventsMs: delay?.betweenEventsMs ?? 0,
    ...(stall && !failed && answer.status !== 0 ? { stall } : {}),
  };
  const delayedMs = timing.beforeHeadersMs + (answer.streamed ? timing.beforeFirstEventMs : 0);
  const outcome = {
    ...answer.record.outcome,
    ...(delayedMs > 0 ? { delayedMs } : {}),
    ...(timing.stall ? { stallsAfter: timing.stall.afterEvents } : {}),
  };
  return { ...answer, timing, record: { ...answer.record, outcome } };
}
