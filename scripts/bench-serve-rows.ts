// The rows scripts/bench-serve.ts prints: for each mode, serve against the peer on OpenAI Chat (the
// target), then serve against the bare servers over all four providers (reference, no target). A
// mode's rows show the round whose ratio is the median, and every round's ratio beside it.

import { median } from "./bench-harness.ts";
import type { Answer } from "./bench-serve-bare.ts";
import { answerKey, cpuPerRequest, type Load, type Measured, rate, timing, type Work } from "./bench-serve-load.ts";

export type Row = [section: string, subject: string, measured: string, ratio: string, target: string];
export type Mode = "plain" | "streamed";

export interface Round {
  /** serve over all 16 requests of the mode. */
  served: Measured;
  bare: Load;
  bareChild: Measured;
  /** serve and the peer over the peer's share of the mode: OpenAI Chat. */
  chatServed: Measured;
  chatPeer: Measured | undefined;
}

/** What the peer and serve answered, to check that they gave the same reply. */
export interface Replies {
  work: readonly Work[];
  served: ReadonlyMap<string, Answer>;
  peer: ReadonlyMap<string, Answer>;
}

const cpu = (ms: number | undefined) => (ms === undefined ? "" : `, ${ms.toFixed(3)} ms CPU per request`);

/** The round whose ratio is the median, and every round's ratio in the order run. */
function middleRound<R extends Round>(rounds: readonly R[], ratioOf: (round: R) => number): { ratio: number; middle: R | undefined; spread: string } {
  const middle = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b))[Math.floor(rounds.length / 2)];
  const spread = rounds.map((round) => ratioOf(round).toFixed(2)).join(", ");
  return { ratio: median(rounds.map(ratioOf)), middle, spread };
}

/** The text a stream of OpenAI Chat chunks carries, its deltas joined. */
function streamedText(body: Uint8Array): string {
  let text = "";
  for (const line of Buffer.from(body).toString("utf8").split("\n")) {
    if (!line.startsWith("data: {")) continue;
    const chunk: unknown = JSON.parse(line.slice("data: ".length));
    const choices = typeof chunk === "object" && chunk !== null && "choices" in chunk && Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) {
      const delta: unknown = typeof choice === "object" && choice !== null && "delta" in choice ? choice.delta : undefined;
      if (typeof delta === "object" && delta !== null && "content" in delta && typeof delta.content === "string") text += delta.content;
    }
  }
  return text;
}

/** "" when the peer answered every request as serve did: the same body bytes, or for a stream the
 *  same text; else what differed. */
function differences({ work, served, peer }: Replies, mode: Mode): string {
  for (const item of work) {
    const ours = served.get(answerKey(item));
    const theirs = peer.get(answerKey(item));
    if (!ours || !theirs) return `no answer to ${item.path}`;
    if (theirs.status !== 200) return `status ${theirs.status}`;
    const alike = mode === "plain" ? Buffer.from(ours.body).equals(Buffer.from(theirs.body)) : streamedText(ours.body) === streamedText(theirs.body);
    if (!alike) return `its answer differs: ${Buffer.from(theirs.body).toString("utf8").replace(/\s+/g, " ").slice(0, 80)}`;
  }
  return "";
}

const subjects: Record<Mode, { serve: string; peer: string }> = {
  plain: { serve: "OpenAI Chat, plain: first turn + results turn", peer: "the same bodies, byte for byte, plain" },
  streamed: {
    serve: "OpenAI Chat, streamed: results turn (the peer streams a message's text, not tool calls)",
    peer: "the same text in 8-character chunks, streamed",
  },
};

/** serve against the peer on the same Chat requests: the target, at least as many requests a second. */
export function peerRows(mode: Mode, rounds: readonly Round[], peerLabel: string, trouble: string, replies: Replies): Row[] {
  const serveLabel = `serve serve-calc --json, ${subjects[mode].serve}`;
  const peered = rounds.filter((round): round is Round & { chatPeer: Measured } => round.chatPeer !== undefined);
  if (trouble !== "" || peered.length !== rounds.length) {
    return [["", serveLabel, "", "", `≥ 1.00× ${peerLabel}: NOT met (the peer could not run: ${trouble})`]];
  }
  const { ratio, middle, spread } = middleRound(peered, (round) => rate(round.chatServed) / rate(round.chatPeer));
  if (!middle) return [];
  const peerErrors = peered.reduce((sum, round) => sum + round.chatPeer.errors, 0);
  const differs = differences(replies, mode);
  const verdict =
    differs !== "" ? `NOT met (${differs})` : peerErrors > 0 ? `NOT met (the peer answered ${peerErrors} with errors)` : ratio >= 1 ? "met" : "NOT met";
  return [
    [
      "",
      serveLabel,
      `${timing(middle.chatServed)}, ${middle.chatServed.errors} errors${cpu(cpuPerRequest(peered.map((round) => round.chatServed)))}`,
      `${ratio.toFixed(2)}× the peer's req/s (rounds: ${spread})`,
      `≥ 1.00× ${peerLabel}: ${verdict}`,
    ],
    ["", `${peerLabel}, ${subjects[mode].peer}`, `${timing(middle.chatPeer)}${cpu(cpuPerRequest(peered.map((round) => round.chatPeer)))}`, "1.00×", ""],
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
