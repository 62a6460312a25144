// The golden narration of an SDK-driven serve run: serve-calc on port 0, each example harness
// (openai Chat and Responses, Anthropic, Gemini) run plain, streamed and with its forgotten result,
// one after another so the narration is deterministic; in English or Chinese.
import { anthropicHarness } from "../examples/anthropic-calc.ts";
import { geminiHarness } from "../examples/gemini-calc.ts";
import { chatHarness, responsesHarness } from "../examples/openai-calc.ts";
import type { Language } from "../src/fixture/fixture-format.ts";
import { startServe } from "../test/serve/serve-helpers.ts";

export async function serveGoldenText(lang: Language = "en"): Promise<string> {
  const server = await startServe("serve-calc", { lang });
  try {
    for (const harness of [chatHarness, responsesHarness, anthropicHarness, geminiHarness]) {
      await harness(server.url, { stream: false });
      await harness(server.url, { stream: true });
      await harness(server.url, { stream: false, forgetResult: true }).catch(() => undefined);
    }
  } finally {
    await server.stop();
  }
  // The URL line's port varies from run to run: the golden names the command in its place.
  const urlLine =
    lang === "zh" ? "tool-call-playground serve serve-calc  （第一行：base URL）" : "tool-call-playground serve serve-calc  (first line: the base URL)";
  return [urlLine, ...server.out().split("\n").slice(1)].join("\n");
}
