// What the run puts into `--mermaid` stays text: a `%%{init: …}%%` in a title, a message or a
// tool's name is never read by Mermaid as a directive (nor `%%` as a comment), yet still shows; and
// two tools whose names read the same as ids (`get-weather`, `get_weather`) get lanes of their own,
// in the picture and in Mermaid's list of participants.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DiagramRecorder } from "../../src/diagram/diagram-recorder.ts";
import { loadDiagramMessages } from "../../src/diagram/load-diagram-messages.ts";
import { mermaidDiagram } from "../../src/diagram/mermaid-diagram.ts";
import { loadCatalog } from "../../src/narration/load-catalog.ts";
import type { ToolCall } from "../../src/protocol/types.ts";

const directive = '%%{init: {"themeCSS": ".messageText {display: none}"}}%%';

/** A call to `name` that ran and answered `text`. */
function ranTool(recorder: DiagramRecorder, name: string, text: string): void {
  const call: ToolCall = { type: "toolCall", id: `call_${name}`, name, arguments: {} };
  const content = [{ type: "text" as const, text }];
  recorder.onEvent({
    type: "toolEnd",
    call,
    trace: {
      result: { role: "toolResult", toolCallId: call.id, toolName: name, content, isError: false, timestamp: 0 },
      outcome: { stage: "done", parsedArguments: {}, conversions: [], output: { content } },
    },
  });
}

/** Episodes that call the tools named, in order, each answering with a directive. */
function recorded(title: string, episodes: readonly (readonly string[])[]): DiagramRecorder {
  const recorder = new DiagramRecorder(title);
  for (const tools of episodes) {
    recorder.startEpisode({ title });
    for (const name of tools) ranTool(recorder, name, `${directive} from ${name}`);
  }
  return recorder;
}

async function mermaidOf(recorder: DiagramRecorder): Promise<string> {
  const [catalog, say] = await Promise.all([loadCatalog("en"), loadDiagramMessages("en")]);
  return mermaidDiagram(recorder.diagram(), catalog.marks, say);
}

test("--mermaid holds no %%{ from the run: a directive in a title, a message or a tool's name shows as text", async () => {
  const text = await mermaidOf(recorded(`a title ${directive}`, [[`calc${directive}`]]));
  assert.ok(!text.includes("%%{"), text);
  assert.ok(!text.includes("%%"), text);
  const shown = '#37;#37;{init: {"themeCSS": ".messageText {display: none}"}}#37;#37;';
  assert.ok(text.includes(`title a title ${shown}`), text);
  assert.ok(text.includes(`as tool calc${shown}\n`), text);
  assert.ok(text.includes(`-->>app: returned ${shown}`), text);
});

test("tools whose names read the same as ids get lanes of their own, in every episode and in Mermaid", async () => {
  const recorder = recorded("lanes", [
    ["get-weather", "get_weather", "get.weather"],
    ["get_weather", "get_weather_2", "get-weather"],
  ]);
  const episodes = recorder.diagram().episodes;
  const lanes = (index: number) => (episodes[index]?.lanes ?? []).filter((lane) => lane.tool !== undefined).map((lane) => `${lane.tool}=${lane.id}`);
  assert.deepEqual(lanes(0), ["get-weather=tool_get_weather", "get_weather=tool_get_weather_2", "get.weather=tool_get_weather_3"]);
  // The same tool keeps its id from episode to episode; a tool whose own name is a numbered id
  // gets the next free one.
  assert.deepEqual(lanes(1), ["get_weather=tool_get_weather_2", "get_weather_2=tool_get_weather_2_2", "get-weather=tool_get_weather"]);
  const participants = (await mermaidOf(recorder)).split("\n").filter((line) => line.startsWith("  participant tool_"));
  assert.deepEqual(
    participants.map((line) => line.split(" ")[3]),
    ["tool_get_weather", "tool_get_weather_2", "tool_get_weather_3", "tool_get_weather_2_2"],
  );
});
