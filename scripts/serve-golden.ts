// The golden narration of serve runs, one request after another so the narration is
// deterministic, on port 0, in English or Chinese: "sdk-run", serve-calc with each example harness
// (openai Chat and Responses, Anthropic, Gemini) run plain, streamed and with its forgotten result;
// and three runs of the client matrix on its fixture (test/serve/clients-golden-runs.ts): the
// Agents SDK ("agents-sdk-run"), Pi on Gemini ("pi-gemini-run"), the AI SDK's Responses model with
// store: true ("ai-sdk-store-run"); and harnesses that send back what serve did not serve, on
// serve-divergence ("divergence-run", test/serve/divergence-runs.ts).
import { anthropicHarness } from "../examples/anthropic-calc.ts";
import { geminiHarness } from "../examples/gemini-calc.ts";
import { chatHarness, responsesHarness } from "../examples/openai-calc.ts";
import type { Language } from "../src/fixture/fixture-format.ts";
import { CLIENTS_FIXTURE } from "../test/serve/clients-matrix.ts";
import { startServe } from "../test/serve/serve-helpers.ts";
import type { ServeRun } from "./goldens.ts";

async function sdkRun(url: string): Promise<void> {
  for (const harness of [chatHarness, responsesHarness, anthropicHarness, geminiHarness]) {
    await harness(url, { stream: false });
    await harness(url, { stream: true });
    await harness(url, { stream: false, forgetResult: true }).catch(() => undefined);
  }
}

/** Each run: the fixture it serves (as the golden's first line names it) and what drives it. */
async function runOf(run: ServeRun): Promise<{ fixture: string; shown: string; drive: (url: string) => Promise<void> }> {
  if (run === "sdk-run") return { fixture: "serve-calc", shown: "serve-calc", drive: sdkRun };
  if (run === "divergence-run") {
    const { DIVERGENCE_FIXTURE, divergenceRun } = await import("../test/serve/divergence-runs.ts");
    return { fixture: DIVERGENCE_FIXTURE, shown: "serve-divergence", drive: divergenceRun };
  }
  // The client libraries load only for the runs that use them.
  const runs = await import("../test/serve/clients-golden-runs.ts");
  const drive = { "agents-sdk-run": runs.agentsSdkRun, "pi-gemini-run": runs.piGeminiRun, "ai-sdk-store-run": runs.aiSdkStoreRun }[run];
  return { fixture: CLIENTS_FIXTURE, shown: "test/serve/clients-fixture.json", drive };
}

export async function serveGoldenText(lang: Language = "en", run: ServeRun = "sdk-run"): Promise<string> {
  const { fixture, shown, drive } = await runOf(run);
  const server = await startServe(fixture, { lang });
  try {
    await drive(server.url);
  } finally {
    await server.stop();
  }
  // The URL line's port varies from run to run: the golden names the command in its place.
  const urlLine =
    lang === "zh" ? `tool-call-playground serve ${shown}  （第一行：base URL）` : `tool-call-playground serve ${shown}  (first line: the base URL)`;
  return [urlLine, ...server.out().split("\n").slice(1)].join("\n");
}
