// The peers of scripts/bench-serve.ts, mock LLM servers from the npm registry (exact-version
// devDependencies), each in a child process of its own on 127.0.0.1 and told to answer the OpenAI
// Chat requests as serve answered them; what every peer declares (PeerSpec); and the first of
// them, `@dwmkerr/mock-llm`, a mock OpenAI server people put in front of their agents' tests. It
// runs as its own bin does and is told by its YAML config to answer with the bodies serve answered
// with: the calc calls to the first turn, the text answer to the results turn (a rule matching a
// last message of role "tool"). It streams only a message's text, in chunks of `chunkSize`
// characters `chunkIntervalMs` apart; it is given serve's chunk size (8) and no pause (0 ms, which
// a Node timer rounds up to 1 ms). The second peer is in bench-serve-aimock.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Turn } from "./bench-serve.ts";
import { childServer } from "./bench-serve-load.ts";
import type { Mode } from "./bench-serve-rows.ts";
import { projectRoot } from "./goldens.ts";

const peerPackage = "@dwmkerr/mock-llm";

export interface PeerAnswers {
  /** serve's plain answer body to the first turn: text and the two calc calls. */
  calls: string;
  /** serve's plain answer body to the results turn: the text that ends the episode. */
  answer: string;
}

export interface Peer {
  url: string;
  pid: number | undefined;
  close(): Promise<void>;
}

export interface PeerSpec {
  /** Its npm package. */
  name: string;
  /** The OpenAI Chat turns it is measured on (serve on the same), plain and streamed. */
  turns: Record<Mode, readonly Turn[]>;
  /** How its plain answers are checked against serve's: the same bytes, or the same content
   *  (bench-serve-content.ts: text, calls' names and arguments). Streams: the same content. */
  plain: "bytes" | "content";
  /** What its rows say of serve's share and of its own. */
  subjects: Record<Mode, { serve: string; peer: string }>;
  start(answers: PeerAnswers): Promise<Peer>;
}

/** The installed version of a package, for the rows' labels. */
export function packageVersion(name: string): string {
  const manifest: unknown = JSON.parse(readFileSync(join(projectRoot, "node_modules", name, "package.json"), "utf8"));
  const version = typeof manifest === "object" && manifest !== null && "version" in manifest ? manifest.version : undefined;
  return typeof version === "string" ? version : "?";
}

/** mock-llm's config: JSON is YAML, so the bodies go in as JSON strings, unchanged. */
function peerConfig({ calls, answer }: PeerAnswers): string {
  const path = "^/v1/chat/completions$";
  return JSON.stringify({
    streaming: { chunkSize: 8, chunkIntervalMs: 0 },
    // The last rule that matches wins.
    rules: [
      { path, method: "POST", match: "@", response: { status: 200, content: calls } },
      { path, method: "POST", match: "body.messages[-1].role == 'tool'", response: { status: 200, content: answer } },
    ],
  });
}

/** mock-llm takes its port from the environment and prints the one it was given, so the bench
 *  asks the system for a free one first. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no free port on 127.0.0.1");
  return address.port;
}

async function startMockLlm(answers: PeerAnswers): Promise<Peer> {
  const directory = mkdtempSync(join(tmpdir(), "tcp-bench-peer-"));
  const config = join(directory, "mock-llm.yaml");
  writeFileSync(config, peerConfig(answers));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(projectRoot, "node_modules", peerPackage, "dist", "main.js"), "--config", config], {
    cwd: directory,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let said = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${peerPackage} did not listen within 30 s: ${said}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`${peerPackage} exited ${code} before listening: ${said}`)));
    const listen = (chunk: Buffer) => {
      said += chunk.toString("utf8");
      if (!said.includes("server running on")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on("data", listen);
    child.stderr?.on("data", listen);
  });
  // It logs a line per request, read and dropped as serve's narration is.
  child.stdout?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.removeAllListeners("data");
  child.stderr?.resume();
  return childServer(child, `http://127.0.0.1:${port}`);
}

export const mockLlm: PeerSpec = {
  name: peerPackage,
  turns: { plain: ["first", "results"], streamed: ["results"] },
  plain: "bytes",
  subjects: {
    plain: { serve: "OpenAI Chat, plain: first turn + results turn", peer: "the same bodies, byte for byte, plain" },
    streamed: {
      serve: "OpenAI Chat, streamed: results turn (the peer streams a message's text, not tool calls)",
      peer: "the same text in 8-character chunks, streamed",
    },
  },
  start: startMockLlm,
};
