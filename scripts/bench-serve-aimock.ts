// The second peer of scripts/bench-serve.ts: `@copilotkit/aimock`, the mock LLM server AG-UI's
// end-to-end tests put in front of their agents (an exact-version devDependency). It runs in a
// child process of its own, as serve does: this file, started with Node and tsx, builds aimock's
// `LLMock` on 127.0.0.1 from what it is sent over IPC and sends back its URL. It is told, by two
// fixtures matched by turn, to answer the OpenAI Chat requests with what serve answered them with:
// the text and the two calc calls (names and argument strings) to the first turn, the text to the
// results turn (`hasToolResult`). Its ids, timestamps and usage figures are its own, so its answers
// are checked by content, not bytes. It streams text and tool calls alike, in chunks of
// `chunkSize` characters; it is given serve's (8). Its logging stays at its programmatic default
// (silent) and its request journal at its default (the last 1,000 requests, in memory).
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { LLMock } from "@copilotkit/aimock";
import { chatContent } from "./bench-serve-content.ts";
import { childServer } from "./bench-serve-load.ts";
import type { Peer, PeerAnswers, PeerSpec } from "./bench-serve-peer.ts";

const aimockPackage = "@copilotkit/aimock";
const CHUNK_SIZE = 8;

/** aimock told to answer as serve did: its fixtures from serve's plain answer bodies. */
async function aimockServer(answers: PeerAnswers): Promise<string> {
  const calls = chatContent(Buffer.from(answers.calls), false);
  const answer = chatContent(Buffer.from(answers.answer), false);
  const mock = new LLMock({ host: "127.0.0.1", port: 0, chunkSize: CHUNK_SIZE });
  mock.addFixture({ match: { hasToolResult: false }, response: { content: calls.text, toolCalls: calls.calls } });
  mock.addFixture({ match: { hasToolResult: true }, response: { content: answer.text } });
  return mock.start();
}

async function startAimock(answers: PeerAnswers): Promise<Peer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${aimockPackage} did not listen within 30 s`)), 30_000);
    child.once("exit", (code) => reject(new Error(`${aimockPackage} exited ${code} before listening`)));
    child.once("message", (message) => {
      clearTimeout(timer);
      resolve(String(message));
    });
    child.send(answers);
  });
  return childServer(child, url);
}

export const aimock: PeerSpec = {
  name: aimockPackage,
  turns: { plain: ["first", "results"], streamed: ["first", "results"] },
  plain: "content",
  subjects: {
    plain: { serve: "OpenAI Chat, plain: first turn + results turn", peer: "the same text and calls (its own ids and usage), plain" },
    streamed: { serve: "OpenAI Chat, streamed: first turn + results turn", peer: "the same text and calls in 8-character chunks (its own ids), streamed" },
  },
  start: startAimock,
};

function isPeerAnswers(value: unknown): value is PeerAnswers {
  return (
    typeof value === "object" && value !== null && "calls" in value && typeof value.calls === "string" && "answer" in value && typeof value.answer === "string"
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once("message", async (message: unknown) => {
    if (!isPeerAnswers(message)) throw new Error("the aimock child expects serve's two answer bodies");
    process.send?.(await aimockServer(message));
  });
}
