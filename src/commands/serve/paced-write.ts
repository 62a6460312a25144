// Writing an answer over time, as its reply's `delay` and `stall` say (paced-answer.ts): wait
// before the headers, before the first event and between events; a stall sends its headers and
// its first events, then nothing — until the client gives up (closes the connection), the stall's
// `forMs` passes (the connection is dropped, as a server that never finishes), or the server
// closes. Each wait ends at once when the client leaves. What ended a stall, and after how long,
// is returned for the narration.
import type { ServerResponse } from "node:http";
import { type Clock, sleep } from "../../io/clock.ts";
import type { Answer } from "./answer.ts";
import type { Timing } from "./paced-answer.ts";
import type { StallEnd } from "./serve-events.ts";

export interface StallEnded {
  by: StallEnd;
  afterMs: number;
}

/** What a paced answer needs of the server: whether it is closing (a stall it ends says so), and
 *  the clock its waits run on. */
export interface PaceContext {
  closing: () => boolean;
  clock: Clock;
}

/** True once `ms` have passed before the answer's headers; false when the client left first. */
export async function waitBeforeHeaders(response: ServerResponse, ms: number, clock: Clock): Promise<boolean> {
  const gone = clientGone(response);
  try {
    return (await sleep(clock, ms, gone.signal)) && !response.destroyed;
  } finally {
    gone.stop();
  }
}

/** A streamed answer's events with their pauses, or an answer that stalls; its headers' wait is
 *  over (waitBeforeHeaders). */
export async function writePaced(
  response: ServerResponse,
  answer: Answer,
  timing: Timing,
  headers: Record<string, string | number>,
  context: PaceContext,
): Promise<StallEnded | undefined> {
  const gone = clientGone(response);
  try {
    const pieces = answer.streamed ? eventPieces(answer.body, answer.contentType) : [answer.body];
    const stall = timing.stall;
    // A plain answer's headers come with its whole body (the API sends them once the reply is
    // made), so a plain answer that stalls sends nothing at all: the client's own timeout ends it.
    if (stall && !answer.streamed) return await stalled(response, stall.forMs, gone.signal, context);
    if (!answer.streamed) headers["content-length"] = Buffer.byteLength(answer.body);
    response.writeHead(answer.status, headers);
    const sent = stall ? Math.min(stall.afterEvents, pieces.length) : pieces.length;
    for (let index = 0; index < sent; index++) {
      const pause = index === 0 ? timing.beforeFirstEventMs : timing.betweenEventsMs;
      if (answer.streamed && !(await sleep(context.clock, pause, gone.signal))) return undefined;
      response.write(pieces[index] ?? "");
    }
    if (stall) return await stalled(response, stall.forMs, gone.signal, context);
    if (answer.drop) response.destroy();
    else response.end();
    return undefined;
  } finally {
    gone.stop();
  }
}

/** Nothing more is sent: the first of the client leaving, `forMs` passing, the server closing. */
async function stalled(response: ServerResponse, forMs: number | undefined, gone: AbortSignal, { closing, clock }: PaceContext): Promise<StallEnded> {
  const start = clock.now();
  const timedOut = forMs === undefined ? await untilAborted(gone) : await sleep(clock, forMs, gone);
  const afterMs = Math.max(0, clock.now() - start);
  if (timedOut) {
    response.destroy();
    return { by: "script", afterMs };
  }
  return { by: leftBy(closing), afterMs };
}

/** A stall whose client left before it began (while serve was busy, or in the reply's delay) ended
 *  then, after 0 s: its narration promised "nothing, until the client gives up", and says so. An
 *  answer with no stall ended with nothing to say. */
export function stallEndedBeforeItBegan(timing: Timing | undefined, { closing }: PaceContext): StallEnded | undefined {
  return timing?.stall ? { by: leftBy(closing), afterMs: 0 } : undefined;
}

/** Who ended a stall that did not time out: serve, when it is stopping; else the client, by leaving. */
function leftBy(closing: () => boolean): StallEnd {
  return closing() ? "server" : "client";
}

function untilAborted(signal: AbortSignal): Promise<false> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(false);
    else signal.addEventListener("abort", () => resolve(false), { once: true });
  });
}

/** Aborts when the connection closes before the answer is whole. */
function clientGone(response: ServerResponse): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const onClose = () => controller.abort();
  response.once("close", onClose);
  return { signal: controller.signal, stop: () => response.off("close", onClose) };
}

/** A stream's body as its events, each written on its own: server-sent events end with a blank
 *  line; any other body (Gemini's JSON array) is one piece. */
function eventPieces(body: string, contentType: string): string[] {
  if (contentType !== "text/event-stream") return body === "" ? [] : [body];
  return body.split(/(?<=\n\n)/).filter((piece) => piece !== "");
}
