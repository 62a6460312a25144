// serve under load, bounded and on loopback only: `tool-call-playground serve serve-calc --json`
// in a child process, warmed up, then rounds of 1,000 requests, 20 in flight, each checked for
// status 200, rounds interleaved so the machine's load falls on every server alike, the median
// round reported. The targets: serve answers OpenAI Chat at least as many requests per second as
// each mock LLM server from the npm registry given the same requests and told to answer them with
// the same content (bench-serve-peer.ts: @dwmkerr/mock-llm; bench-serve-aimock.ts:
// @copilotkit/aimock), each in a child process of its own. For reference, without a target: serve
// over all four providers against a bare Node http server answering each request with the very
// bytes serve answered it with (bench-serve-bare.ts), in the bench's process and in a child
// process of its own. The serve child is stopped with SIGINT and must exit 130.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ToolRegistry } from "../src/agent/tool-registry.ts";
import type { Context } from "../src/protocol/types.ts";
import { providerIds } from "../src/providers/registry.ts";
import { calc } from "../src/tools/calc.ts";
import { renderWireRequest } from "../src/wire.ts";
import { aimock } from "./bench-serve-aimock.ts";
import { type Answer, type BareServer, bareServer, bareServerChild } from "./bench-serve-bare.ts";
import { answerKey, CONCURRENCY, capture, load, type Work, withCpu } from "./bench-serve-load.ts";
import { mockLlm, type Peer, type PeerSpec, packageVersion } from "./bench-serve-peer.ts";
import { type Mode, type PeerRound, peerRows, type Round, type Row, referenceRows } from "./bench-serve-rows.ts";
import { projectRoot } from "./goldens.ts";

/** Per round, mode and server. */
const REQUESTS = 1_000;
const ROUNDS = 5;
/** serve's warm-up, in windows of WARM_UP_WINDOW: see serveBenchRows. */
const WARM_UP = 40_000;
const WARM_UP_WINDOW = 5_000;
/** The bare servers' (a few dozen lines of JavaScript: they are warm long before this). */
const BARE_WARM_UP = 9_000;
/** Each peer's: its Chat requests, plain and streamed. */
const PEER_WARM_UP = 10_000;
const PEERS: readonly PeerSpec[] = [mockLlm, aimock];
const USER = "What is 7 + 5, and 6 times 7?";

export type Turn = "first" | "results";
export type ServeWork = Work & { provider: string; turn: Turn };

function paths(provider: string, stream: boolean): string {
  if (provider === "openai-chat") return "/v1/chat/completions";
  if (provider === "openai-responses") return "/v1/responses";
  if (provider === "anthropic") return "/v1/messages";
  return `/v1beta/models/fake-model:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`;
}

/** The 16 requests the load cycles through: 4 providers × (first turn, results turn) × (plain, streamed). */
export function requests(): ServeWork[] {
  const tools = new ToolRegistry([calc]).definitions();
  const first: Context = { systemPrompt: "You are a helpful assistant.", messages: [{ role: "user", content: USER, timestamp: 0 }], tools };
  const results: Context = {
    ...first,
    messages: [
      ...first.messages,
      {
        role: "assistant",
        content: [
          { type: "toolCall", id: "call_1", name: "calc", arguments: { a: 7, b: 5, op: "add" } },
          { type: "toolCall", id: "call_2", name: "calc", arguments: { a: 6, b: 7, op: "mul" } },
        ],
        stopReason: "toolUse",
        timestamp: 0,
      },
      { role: "toolResult", toolCallId: "call_1", toolName: "calc", content: [{ type: "text", text: "12" }], isError: false, timestamp: 0 },
      { role: "toolResult", toolCallId: "call_2", toolName: "calc", content: [{ type: "text", text: "42" }], isError: false, timestamp: 0 },
    ],
  };
  const turns: [Turn, Context][] = [
    ["first", first],
    ["results", results],
  ];
  return providerIds.flatMap((provider) =>
    turns.flatMap(([turn, context]) =>
      [false, true].map((stream) => {
        const body: Record<string, unknown> = { ...renderWireRequest(provider, context).body };
        if (stream && provider !== "gemini") body.stream = true;
        return { provider, turn, path: paths(provider, stream), body: JSON.stringify(body), stream };
      }),
    ),
  );
}

/** A peer's share of the work: the OpenAI Chat requests of the mode, on the turns it is measured on. */
function peerWork(work: readonly ServeWork[], spec: PeerSpec, mode: Mode): ServeWork[] {
  const stream = mode === "streamed";
  return work.filter((item) => item.provider === "openai-chat" && item.stream === stream && spec.turns[mode].includes(item.turn));
}

const bothModes = (work: readonly ServeWork[], spec: PeerSpec) => [...peerWork(work, spec, "plain"), ...peerWork(work, spec, "streamed")];

interface Serve {
  url: string;
  pid: number | undefined;
  stop(): Promise<number | null>;
}

async function startServe(): Promise<Serve> {
  const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "src/main.ts"), "serve", "serve-calc", "--json"], {
    cwd: projectRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr.resume();
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`serve exited ${code} before listening`)));
    child.stdout.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8").split("\n")[0] ?? ""));
  });
  // The narration is read and dropped, as a terminal would take it.
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    url,
    pid: child.pid,
    stop: () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}

/** serve's answer to a request, as the peer is told to give it. */
function answerBody(answers: ReadonlyMap<string, Answer>, work: readonly ServeWork[], turn: Turn): string {
  const item = work.find((candidate) => candidate.provider === "openai-chat" && !candidate.stream && candidate.turn === turn);
  const answer = item && answers.get(answerKey(item));
  if (!answer) throw new Error(`serve gave no answer to the Chat ${turn} turn`);
  return Buffer.from(answer.body).toString("utf8");
}

/** A peer, started, warmed up and its answers captured; or why it could not be. */
interface RunningPeer {
  spec: PeerSpec;
  label: string;
  peer: Peer | undefined;
  trouble: string;
  answers: Map<string, Answer>;
}

async function startWarmPeer(spec: PeerSpec, answers: ReadonlyMap<string, Answer>, work: readonly ServeWork[]): Promise<RunningPeer> {
  const label = `${spec.name} ${packageVersion(spec.name)}`;
  let peer: Peer | undefined;
  try {
    peer = await spec.start({ calls: answerBody(answers, work, "first"), answer: answerBody(answers, work, "results") });
    await load(peer.url, bothModes(work, spec), PEER_WARM_UP);
    return { spec, label, peer, trouble: "", answers: await capture(peer.url, bothModes(work, spec)) };
  } catch (error) {
    await peer?.close();
    return { spec, label, peer: undefined, trouble: error instanceof Error ? error.message : String(error), answers: new Map() };
  }
}

interface Servers {
  serve: Serve;
  bare: BareServer;
  bareChild: BareServer;
  peers: readonly RunningPeer[];
}

/** A round of one mode: the reference, and serve against each peer. */
interface ModeRound {
  reference: Round;
  peers: (PeerRound | undefined)[];
}

/** serve and a peer on the peer's share, the one or the other going first. */
async function measurePeer(serve: Serve, peer: Peer | undefined, chat: readonly ServeWork[], peerFirst: boolean): Promise<PeerRound | undefined> {
  if (!peer) return undefined;
  const serveOnChat = () => withCpu(serve.pid, () => load(serve.url, chat, REQUESTS));
  const peerOnChat = () => withCpu(peer.pid, () => load(peer.url, chat, REQUESTS));
  if (peerFirst) {
    const first = await peerOnChat();
    return { served: await serveOnChat(), peer: first };
  }
  const first = await serveOnChat();
  return { served: first, peer: await peerOnChat() };
}

/** One round of a mode: serve and the bare servers over all four providers, then serve and each
 *  peer over its OpenAI Chat share, taking turns going first so that neither always follows the other. */
async function measureRound({ serve, bare, bareChild, peers }: Servers, work: readonly ServeWork[], mode: Mode, peerFirst: boolean): Promise<ModeRound> {
  const items = work.filter((item) => item.stream === (mode === "streamed"));
  const served = await withCpu(serve.pid, () => load(serve.url, items, REQUESTS));
  const bareRun = await load(bare.url, items, REQUESTS);
  const bareChildRun = await withCpu(bareChild.pid, () => load(bareChild.url, items, REQUESTS));
  const peerRounds: (PeerRound | undefined)[] = [];
  for (const { spec, peer } of peers) peerRounds.push(await measurePeer(serve, peer, peerWork(work, spec, mode), peerFirst));
  return { reference: { served, bare: bareRun, bareChild: bareChildRun }, peers: peerRounds };
}

/** serve's warm-up, not counted: its CPU per request in each window. */
async function warmUpServe(serve: Serve, work: readonly ServeWork[]): Promise<number[]> {
  // A server answers for hours, and the target is what it sustains; its first tens of thousands
  // of requests run while its code is still being compiled. Measured in process (the exchange and
  // its --json line, 10,000 requests a window, all 16 requests, three runs): 185–216 µs in the
  // first window, 55–76 in the second, 35–60 from the third on; in the child, 5,000 a window: 380,
  // 186, 104, then 80–102. The windows' CPU per request is printed with the rows, so a reader sees
  // it level off — or not.
  const warmUp: number[] = [];
  for (let done = 0; done < WARM_UP; done += WARM_UP_WINDOW) {
    const run = await withCpu(serve.pid, () => load(serve.url, work, WARM_UP_WINDOW));
    if (run.cpuMs !== undefined) warmUp.push((run.cpuMs * 1000) / WARM_UP_WINDOW);
  }
  return warmUp;
}

/** The rows, from the rounds measured. */
function rowsOf(rounds: Record<Mode, ModeRound[]>, peers: readonly RunningPeer[], work: readonly ServeWork[], answers: ReadonlyMap<string, Answer>): Row[] {
  const rows: Row[] = [];
  for (const mode of ["plain", "streamed"] as const) {
    for (const [index, { spec, label, trouble, answers: peerAnswers }] of peers.entries()) {
      const replies = { work: peerWork(work, spec, mode), served: answers, peer: peerAnswers };
      rows.push(...peerRows(mode, { spec, label, trouble, rounds: rounds[mode].map((round) => round.peers[index]), replies }));
    }
  }
  for (const mode of ["plain", "streamed"] as const)
    rows.push(
      ...referenceRows(
        mode,
        rounds[mode].map((round) => round.reference),
      ),
    );
  return rows;
}

export async function serveBenchRows(progress: (text: string) => void): Promise<Row[]> {
  progress("serve load");
  const work = requests();
  const serve = await startServe();
  const warmUp = await warmUpServe(serve, work);
  const answers = await capture(serve.url, work);
  const bare = await bareServer(answers);
  const bareChild = await bareServerChild(answers);
  await load(bare.url, work, BARE_WARM_UP);
  await load(bareChild.url, work, BARE_WARM_UP);
  const peers: RunningPeer[] = [];
  for (const spec of PEERS) {
    progress(`serve load, ${spec.name}`);
    peers.push(await startWarmPeer(spec, answers, work));
  }
  const servers: Servers = { serve, bare, bareChild, peers };
  const rounds: Record<Mode, ModeRound[]> = { plain: [], streamed: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ["plain", "streamed"] as const) rounds[mode].push(await measureRound(servers, work, mode, round % 2 === 1));
  }
  const code = await serve.stop();
  await bare.close();
  await bareChild.close();
  for (const { peer } of peers) await peer?.close();
  const section = `serve, ${REQUESTS.toLocaleString("en")} requests × ${ROUNDS} rounds (median), ${CONCURRENCY} in flight (loopback), after ${WARM_UP.toLocaleString("en")} warm-up`;
  const rows: Row[] = [[section, "", "", "", ""]];
  const curve = warmUp.map((us) => us.toFixed(0)).join(", ");
  rows.push(["", `serve's warm-up, CPU per request, each ${WARM_UP_WINDOW.toLocaleString("en")} requests (all 16)`, `${curve} µs`, "", ""]);
  rows.push(...rowsOf(rounds, peers, work, answers));
  const all = [...rounds.plain, ...rounds.streamed];
  const errors = all.reduce((sum, round) => sum + round.reference.served.errors + round.peers.reduce((more, peer) => more + (peer?.served.errors ?? 0), 0), 0);
  const ok = errors === 0 && code === 130;
  rows.push(["", "serve: every answer 200, exit 130 on SIGINT", "", "", ok ? "met" : `NOT met (${errors} errors, exit ${code})`]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await serveBenchRows((text) => process.stderr.write(`${text}\n`))) console.log(row.join("  "));
}
