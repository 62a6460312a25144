// The streaming flags as a learner uses them: Ctrl-C in the middle of a stream still answers the
// half-arrived call and exits 130, replay-stream reads stdin (once from a real pipe: replay-stream's
// one run as a process), --chunk changes the fragments and every provider's streamed wire view
// prints. The rest in this process, through runCli.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";
import { projectRoot } from "../../scripts/goldens.ts";
import { clip } from "../../src/narration/display-text.ts";
import { providerIds } from "../../src/providers/registry.ts";
import { writeScratch } from "./big-fixture.ts";
import { cli } from "./in-process.ts";

const bin = join(projectRoot, "bin", "tool-call-playground");

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { code, out, err } = await cli(args);
  return { code, stdout: out, stderr: err };
}

test("Ctrl-C mid-stream: the half call gets a paired result and the exit code is 130", async () => {
  // The fixture's own timeout is pushed far out, so only the interrupt can end the stall; the
  // stream has stalled inside the call's arguments when it comes.
  const { code, out, err } = await cli(
    ["stream-interrupted", "--stream", "--timeout", "60000", "--lang", "en"],
    {},
    { interruptWhen: (soFar) => soFar.includes("toolcall_delta") },
  );
  assert.equal(code, 130, err);
  assert.match(out, /error reason=aborted/);
  assert.match(out, /slow#call_1 never finished/);
  assert.match(out, /\[toolResult\] slow#call_1 isError=true/);
});

test("--chunk sets the fragment size and implies --stream", async () => {
  const one = await run(["stream-error-midstream", "--chunk", "1", "--lang", "en"]);
  const deltas = one.stdout.split("\n").filter((line) => line.includes("text_delta")).length;
  assert.equal(one.code, 0, one.stderr);
  assert.equal(deltas, 3, "the cut comes after 3 one-character fragments");
  assert.match(one.stdout, /text_delta +\[0\] \+"S"/);
});

test("--wire <provider> --stream prints each provider's events, and --json --stream the stream lines", async () => {
  for (const provider of providerIds) {
    const result = await run(["stream-interleaved-calls", "--stream", "--wire", provider, "--lang", "en"]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`${provider} would stream this reply`));
  }
  const json = await run(["stream-cut-length", "--json", "--stream", "--wire", "openai-chat"]);
  const types = json.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line).type);
  assert.ok(types.includes("streamEvent") && types.includes("wireStream"));
});

test("replay-stream on the command line: from stdin, --json and --lang wherever they stand", async () => {
  const capture = [
    'event: message_start\ndata: {"type":"message_start","message":{}}\n',
    'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n',
    'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n',
  ].join("\n");
  const viaStdin = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(bin, args, { cwd: projectRoot, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk));
      child.on("close", (code) => resolve({ code, stdout }));
      child.stdin.end(capture);
    });
  const narrated = await viaStdin(["replay-stream", "-", "--lang", "en"]);
  assert.equal(narrated.code, 0);
  assert.match(narrated.stdout, /the stream ended early, after event 3 \(content_block_delta\)/);
  const json = await cli(["--json", "replay-stream", "-"], {}, { stdin: capture });
  assert.equal(json.code, 0, json.err);
  assert.deepEqual(JSON.parse(json.out).content, [{ type: "text", text: "Hi" }]);
});

test("--stream: a long argument's text so far is shown clipped, exactly as clip shows the whole text, fragment after fragment", async () => {
  const value = `${"x".repeat(900)}é"\\${"y".repeat(300)}`;
  const argumentsText = JSON.stringify({ value });
  const fixture = writeScratch(
    "long-argument.json",
    JSON.stringify({
      title: "long",
      episodes: [
        {
          user: "u",
          tools: ["echo"],
          script: [{ content: [{ type: "toolCall", id: "c1", name: "echo", arguments: { value } }] }, { content: [{ type: "text", text: "ok" }] }],
        },
      ],
    }),
  );
  const chunk = 37;
  const { code, stdout, stderr } = await run([fixture, "--stream", "--chunk", String(chunk), "--lang", "en"]);
  assert.equal(code, 0, stderr);
  const shown = stdout
    .split("\n")
    .filter((line) => line.includes("argument text so far "))
    .map((line) => line.slice(line.indexOf("argument text so far ") + "argument text so far ".length, line.indexOf("  →  ")));
  // The fragments are the argument text cut every `chunk` characters; after each, the text so far.
  const expected = Array.from({ length: Math.ceil(argumentsText.length / chunk) }, (_, index) => clip(argumentsText.slice(0, (index + 1) * chunk)));
  assert.ok(
    expected.some((text) => text.includes("…(+")),
    "the argument is long enough to be clipped",
  );
  assert.deepEqual(shown, expected);
});
