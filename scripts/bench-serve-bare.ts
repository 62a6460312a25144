// The reference of scripts/bench-serve.ts, without a target: a bare Node http server that reads
// each request whole and answers it with the bytes serve answered it with (status, content type
// and body, captured first). It runs in the bench's own process and as a child process of its own,
// the way serve runs: a child's every answer wakes the other process, which the in-process server
// never has to do, but it has a core of its own when one is free — its rate and its CPU per request
// say how much of serve's time is the process boundary and how much is serve's own work.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { childServer } from "./bench-serve-load.ts";

export interface Answer {
  status: number;
  contentType: string;
  body: Uint8Array;
}

export interface BareServer {
  url: string;
  /** The child's, for its CPU time; undefined in process. */
  pid?: number;
  close(): Promise<void>;
}

/** Answers keyed by `${path}\n${body}`, as bench-serve.ts captures them. */
export async function bareServer(answers: ReadonlyMap<string, Answer>): Promise<BareServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = answers.get(`${req.url}\n${Buffer.concat(chunks).toString("utf8")}`);
      if (!answer) return res.writeHead(404).end();
      res.writeHead(answer.status, { "content-type": answer.contentType }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The same server in a child process (Node with tsx, as serve is started), given the answers over IPC. */
export async function bareServerChild(answers: ReadonlyMap<string, Answer>): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    serialization: "advanced",
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the bare child exited ${code} before listening`)));
    child.once("message", (message) => resolve(String(message)));
    child.send([...answers]);
  });
  return childServer(child, url);
}

function isAnswerList(value: unknown): value is [string, Answer][] {
  return Array.isArray(value);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  process.once("message", async (message: unknown) => {
    if (!isAnswerList(message)) throw new Error("the bare child expects the list of answers");
    const server = await bareServer(new Map(message));
    process.send?.(server.url);
  });
}
