// The stage of an exchange where a person answers in the model's place (serve --interactive). A
// request whose history reached a point of the script — read, no rule broken — is shown to them,
// and they choose: the script's reply as it is, that reply changed, a reply of their own, or one of
// the fixture format's faults. Their answer is put into the working script (working-script.ts) at
// that point, so the rest of the exchange answers it exactly as plain serve answers a fixture that
// holds it, and the file saved at the end answers the same harness the same way. A fault is kept
// as the reply's `fail`, counted as serve counts attempts: the person's fault at attempt n makes
// `times` n, and their answer where the script would still fail makes it the attempts before.
import type { Fixture, Language } from "../../fixture/fixture-format.ts";
import type { JsonObject } from "../../json/is-record.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { FaultKind } from "../../providers/shared/fault-kind.ts";
import type { ProviderParts } from "../../providers/shared/provider.ts";
import type { AttemptBook } from "./attempt-book.ts";
import { type Checked, type FixtureReply, type RequestPoint, requestPoint } from "./check-request.ts";
import { attemptPoint } from "./fault-answer.ts";
import { blankReply, type WorkingScript } from "./working-script.ts";

/** A request shown to the person. */
export interface StandInRequest {
  number: number;
  provider: ProviderId;
  stream: boolean;
  point: RequestPoint;
  /** The script's reply at this point as the script holds it; undefined past the script's end. */
  scripted: FixtureReply | undefined;
  /** Aborts when the client gives up waiting. */
  gone: AbortSignal;
}

/** What the person answered: the script's reply as it is, a reply to put at the point (the
 *  script's changed, or their own), a fault, or nothing (the client had gone). */
export type StandInDecision = { kind: "script" } | { kind: "reply"; reply: FixtureReply } | { kind: "fault"; fault: FaultKind } | { kind: "gone" };

/** The person's seat, as the exchange sees it. */
export interface StandIn {
  script: WorkingScript;
  decide(request: StandInRequest): Promise<StandInDecision>;
}

/** What the stage reads a request with. */
export interface StandInInput {
  number: number;
  provider: ProviderId;
  stream: boolean;
  body: JsonObject;
  parts: ProviderParts;
  lang: Language;
  storedTurns: number;
  gone: AbortSignal;
}

/** A fault whose count is settled once the attempt's number is known (settleFailures). */
const UNSETTLED = Number.MAX_SAFE_INTEGER;

/** Asks the person about a request that reached a point of the script, and puts their answer
 *  there; undefined for a request the script refuses anyway (a broken rule, an unreadable body). */
export async function askStandIn(standIn: StandIn, input: StandInInput): Promise<StandInDecision | undefined> {
  const { script } = standIn;
  const point = requestPoint(input.body, input.parts, input.provider, script.fixture, input.lang, input.storedTurns);
  if (point.readError || point.findings.some((finding) => finding.severity === "error")) return undefined;
  const scripted = script.replyAt(point.episode, point.replyIndex);
  const decision = await standIn.decide({ number: input.number, provider: input.provider, stream: input.stream, point, scripted, gone: input.gone });
  if (decision.kind === "reply") script.place(point.episode, point.replyIndex, decision.reply);
  if (decision.kind === "fault") {
    const reply = scripted ?? blankReply();
    const fail = { ...sameKind(reply.fail, decision.fault), kind: decision.fault, times: UNSETTLED };
    // As with a reply of their own, the script's `expect` goes: the person has taken this point over.
    script.place(point.episode, point.replyIndex, { ...reply, expect: undefined, fail });
  }
  return decision;
}

/** After the request was checked against the working script: a fault's `times` becomes this
 *  attempt's number, and a reply the person gave where the script would still fail lowers it to
 *  the attempts before. True when the script changed (the request is to be checked again). */
export function settleFailures(script: WorkingScript, decision: StandInDecision, checked: Checked, provider: string, attempts: AttemptBook): boolean {
  const episode = checked.conversation?.episode ?? 0;
  const reply = script.replyAt(episode, checked.turn - 1);
  const fail = reply?.fail;
  if (!reply || !fail || decision.kind === "script" || decision.kind === "gone") return false;
  const number = attempts.next(attemptPoint(checked, provider));
  if (decision.kind === "fault") {
    script.place(episode, checked.turn - 1, { ...reply, fail: { ...fail, times: number } });
    return true;
  }
  if (number > (fail.times ?? 1)) return false;
  const times = number - 1;
  script.place(episode, checked.turn - 1, times === 0 ? { ...reply, fail: undefined } : { ...reply, fail: { ...fail, times } });
  return true;
}

/** What a fault keeps of the script's: its wait and message, where the kind is the same. */
function sameKind(fail: FixtureReply["fail"], kind: FaultKind): { retryAfter?: number; message?: string } {
  if (!fail || fail.kind !== kind) return {};
  return { ...(fail.retryAfter === undefined ? {} : { retryAfter: fail.retryAfter }), ...(fail.message === undefined ? {} : { message: fail.message }) };
}

/** The script the exchange checks a request against: the person's as it stands, or the fixture. */
export function scriptOf(standIn: StandIn | undefined, fixture: Fixture): Fixture {
  return standIn?.script.fixture ?? fixture;
}
