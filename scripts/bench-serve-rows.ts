// The rows scripts/bench-serve.ts prints: for each mode, serve against each peer on OpenAI Chat
// (the targets), then serve against the bare servers over all four providers (reference, no
// target). A mode's rows show the round whose ratio is the median, and every round's ratio beside
// it, with the CPU per request each server's process spent over all rounds.

import { median } from "./bench-harness.ts";
import type { Answer } from "./bench-serve-bare.ts";
import { chatContent, contentLine } from "./bench-serve-content.ts";
import { answerKey, cpuPerRequest, type Load, type Measured, rate, timing, type Work } from "./bench-serve-load.ts";
import type { PeerSpec } from "./bench-serve-peer.ts";

export type Row = [section: string, subject: string, measured: string, ratio: string, target: string];
export type Mode = "plain" | "streamed";

export interface Round {
  /** serve over all 16 requests of the mode. */
  served: Measured;
  bare: Load;
  bareChild: Measured;
}

/** serve and a peer over the peer's share of the mode's OpenAI Chat requests. */
export interface PeerRound {
  served: Measured;
  peer: Measured;
}

/** What a peer and serve answered, to check that they gave the same reply. */
export interface Replies {
  work: readonly Work[];
  served: ReadonlyMap<string, Answer>;
  peer: ReadonlyMap<string, Answer>;
}

/** A peer's rounds of one mode, one per round run (undefined where it could not run). */
export interface PeerRun {
  spec: PeerSpec;
  label: string;
  trouble: string;
  rounds: readonly (PeerRound | undefined)[];
  replies: Replies;
}

const cpu = (ms: number | undefined) => (ms === undefined ? "" : `, ${ms.toFixed(3)} ms CPU per request`);

/** The round whose ratio is the median, and every round's ratio in the order run. */
function middleRound<R>(rounds: readonly R[], ratioOf: (round: R) => number): { ratio: number; middle: R | undefined; spread: string } {
  const middle = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)];
  const spread = rounds.map((round) => ratioOf(round).toFixed(2)).join(", ");
  return { ratio: median(rounds.map(ratioOf)), middle, spread };
}

const oneLine = (body: Uint8Array) => Buffer.from(body).toString("utf8").replace(/\s+/g, " ").slice(0, 80);

/** "" when the peer answered every request as serve did — the same body bytes, or the same
 *  content (text, calls' names and arguments) as its spec says — else what differed. */
function differences({ work, served, peer }: Replies, plain: PeerSpec["plain"]): string {
  for (const item of work) {
    const ours = served.get(answerKey(item));
    const theirs = peer.get(answerKey(item));
    if (!ours || !theirs) return `no answer to ${item.path}`;
    if (theirs.status !== 200) return `status ${theirs.status}`;
    if (!item.stream && plain === "bytes") {
      if (!Buffer.from(ours.body).equals(Buffer.from(theirs.body))) return `its answer differs: ${oneLine(theirs.body)}`;
      continue;
    }
    const [want, got] = [ours, theirs].map((answer) => contentLine(chatContent(answer.body, item.stream)));
    if (want !== got) return `it said ${got}, serve ${want}`;
  }
  return "";
}

/** serve against a peer on the same Chat requests: the target, at least as many requests a second. */
export function peerRows(mode: Mode, { spec, label, trouble, rounds, replies }: PeerRun): Row[] {
  const serveLabel = `serve serve-calc --json, ${spec.subjects[mode].serve}`;
  const peered = rounds.filter((round) => round !== undefined);
  if (trouble !== "" || peered.length !== rounds.length) {
    return [["", serveLabel, "", "", `≥ 1.00× ${label}: NOT met (the peer could not run: ${trouble})`]];
  }
  const { ratio, middle, spread } = middleRound(peered, (round) => rate(round.served) / rate(round.peer));
  if (!middle) return [];
  const peerErrors = peered.reduce((sum, round) => sum + round.peer.errors, 0);
  const differs = differences(replies, spec.plain);
  const verdict =
    differs !== "" ? `NOT met (${differs})` : peerErrors > 0 ? `NOT met (the peer answered ${peerErrors} with errors)` : ratio >= 1 ? "met" : "NOT met";
  return [
    [
      "",
      serveLabel,
      `${timing(middle.served)}, ${middle.served.errors} errors${cpu(cpuPerRequest(peered.map((round) => round.served)))}`,
      `${ratio.toFixed(2)}× the peer's req/s (rounds: ${spread})`,
      `≥ 1.00× ${label}: ${verdict}`,
    ],
    ["", `${label}, ${spec.subjects[mode].peer}`, `${timing(middle.peer)}${cpu(cpuPerRequest(peered.map((round) => round.peer)))}`, "1.00×", ""],
  ];
}

/** serve over all four providers against the bare servers: for scale, without a target. */
export function referenceRows(mode: Mode, rounds: readonly Round[]): Row[] {
  const { ratio, middle, spread } = middleRound(rounds, (round) => rate(round.served) / rate(round.bare));
  if (!middle) return [];
  const childRatio = median(rounds.map((round) => rate(round.bareChild) / rate(round.bare)));
  const servedCpu = cpuPerRequest(rounds.map((round) => round.served));
  const bareCpu = cpuPerRequest(rounds.map((round) => round.bareChild));
  const work = servedCpu === undefined || bareCpu === undefined ? "" : `; serve spends ${(servedCpu / bareCpu).toFixed(2)}× its CPU per request`;
  return [
    [
      "",
      `serve serve-calc --json, ${mode}: 4 providers × 2 turns`,
      `${timing(middle.served)}, ${middle.served.errors} errors${cpu(servedCpu)}`,
      `${ratio.toFixed(2)}× bare req/s (rounds: ${spread})`,
      "",
    ],
    ["", `bare node:http, the same answers, ${mode} (reference)`, timing(middle.bare), "1.00×", ""],
    [
      "",
      `bare node:http in a child process, ${mode} (reference: across a process boundary, as serve runs)`,
      `${timing(middle.bareChild)}${cpu(bareCpu)}`,
      `${childRatio.toFixed(2)}× bare req/s${work}`,
      "",
    ],
  ];
}
