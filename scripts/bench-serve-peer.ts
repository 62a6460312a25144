// The peer of scripts/bench-serve.ts: `@dwmkerr/mock-llm`, a mock OpenAI server people put in front
// of their agents' tests, from the npm registry (an exact-version devDependency). It runs as its
// own bin does, in a child process on 127.0.0.1, and is told by its YAML config to answer the
// OpenAI Chat requests with the bodies serve answered them with: the calc calls to the first turn,
// the text answer to the results turn (a rule matching a last message of role "tool"). It streams
// only a message's text, in chunks of `chunkSize` characters `chunkIntervalMs` apart; it is given
// serve's chunk size (8) and no pause (0 ms, which a Node timer rounds up to 1 ms).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "./goldens.ts";

export const peerPackage = "@dwmkerr/mock-llm";
const packageDirectory = join(projectRoot, "node_modules", peerPackage);

export interface PeerAnswers {
  /** serve's plain answer body to the first turn: text and the two calc calls. */
  calls: string;
  /** serve's plain answer body to the results turn: the text that ends the episode. */
  answer: string;
}

export interface Peer {
  label: string;
  url: string;
  pid: number | undefined;
  close(): Promise<void>;
}

/** The installed version, for the row's label. */
export function peerVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));
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

export async function startPeer(answers: PeerAnswers): Promise<Peer> {
  const directory = mkdtempSync(join(tmpdir(), "tcp-bench-peer-"));
  const config = join(directory, "mock-llm.yaml");
  writeFileSync(config, peerConfig(answers));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(packageDirectory, "dist", "main.js"), "--config", config], {
    cwd: directory,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
  return {
    label: `${peerPackage} ${peerVersion()}`,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
