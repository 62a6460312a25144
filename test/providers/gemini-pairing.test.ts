// A Gemini function response may leave out its id ("Optional. The id of the function call this
// response is for", https://ai.google.dev/api/caching#FunctionResponse); the API then pairs it by
// name and order. google-genai's automatic function calling does exactly that: the calls it got
// carry ids, the responses it builds name the function only (`Part.from_function_response(name=…,
// response=…)`). The AI SDK talking to Vertex leaves the ids out of both calls and responses. Such
// a request is paired, not refused, whether or not the calls had ids (issue 44, item 12).
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { generateText, jsonSchema, stepCountIs, tool } from "ai";
import { calcParameters, runCalc } from "../../examples/calc-tool.ts";
import { parseGeminiRequest } from "../../src/providers/gemini/parse-request.ts";
import { ImportError } from "../../src/providers/shared/imported-conversation.ts";
import { startServe } from "../serve/serve-helpers.ts";

const call = (name: string, id?: string) => ({ functionCall: { ...(id ? { id } : {}), name, args: {} } });
const response = (name: string, result: unknown) => ({ functionResponse: { name, response: { result } } });

function resultsOf(body: object): { toolCallId: string; text: string }[] {
  return parseGeminiRequest(body as Record<string, unknown>).context.messages.flatMap((message) =>
    message.role === "toolResult"
      ? [{ toolCallId: message.toolCallId, text: message.content.map((part) => (part.type === "text" ? part.text : "")).join("") }]
      : [],
  );
}

test("responses without ids answer the calls of their name in order, calls with ids included", () => {
  const body = {
    contents: [
      { role: "user", parts: [{ text: "7 + 5, 6 * 7, and hi?" }] },
      { role: "model", parts: [call("calc", "a1"), call("echo", "b2"), call("calc", "c3")] },
      { role: "user", parts: [response("calc", 12), response("echo", "hi"), response("calc", 42)] },
    ],
  };
  assert.deepEqual(
    resultsOf(body).map((result) => result.toolCallId),
    ["a1", "b2", "c3"],
  );
  assert.match(resultsOf(body)[2]?.text ?? "", /42/);
});

test("a response with an id takes its call out of the queue its name waits in", () => {
  const body = {
    contents: [
      { role: "model", parts: [call("calc", "a1"), call("calc", "c3")] },
      { role: "user", parts: [{ functionResponse: { id: "a1", name: "calc", response: { result: 12 } } }, response("calc", 42)] },
    ],
  };
  assert.deepEqual(
    resultsOf(body).map((result) => result.toolCallId),
    ["a1", "c3"],
  );
});

test("a response with no call of its name left waiting is still refused", () => {
  const body = {
    contents: [
      { role: "model", parts: [call("calc", "a1")] },
      { role: "user", parts: [response("calc", 12), response("calc", 13)] },
    ],
  };
  assert.throws(
    () => parseGeminiRequest(body),
    (error) => error instanceof ImportError && error.pointer === "/contents/1/parts/1/functionResponse/name",
  );
});

const server = await startServe("serve-calc", { lang: "en" });
after(() => server.stop());

test("serve answers google-genai's automatic function calling: served calls with ids, responses by name", async () => {
  const url = `${server.url}/v1beta/models/gemini-2.5-flash:generateContent`;
  const post = (body: object) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const tools = [{ functionDeclarations: [{ name: "calc", description: "Arithmetic on two numbers.", parameters: calcParameters }] }];
  const question = { role: "user", parts: [{ text: "What is 7 + 5, and 6 times 7?" }] };
  const first = await post({ contents: [question], tools });
  assert.equal(first.status, 200);
  const reply = (await first.json()) as {
    candidates: { content: { role: string; parts: { functionCall?: { id?: string; name: string; args: Record<string, unknown> } }[] } }[];
  };
  const content = reply.candidates[0]?.content;
  assert.ok(content);
  const calls = content.parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
  assert.equal(calls.length, 2);
  assert.ok(calls.every((served) => typeof served.id === "string" && served.id !== ""));
  // What the SDK appends: the model's content as received, then one user content of responses by name.
  const answers = calls.map((served) => response(served.name, runCalc(served.args as Parameters<typeof runCalc>[0]).text));
  const second = await post({ contents: [question, content, { role: "user", parts: answers }], tools });
  const text = await second.text();
  assert.equal(second.status, 200, text);
  assert.match(text, /7 \+ 5 = 12 and 6 × 7 = 42/);
});

test("serve answers the AI SDK speaking to Vertex, which sends calls and responses without ids", async () => {
  // The SDK leaves the ids out when the provider's name says Vertex (`includeFunctionCallIds: !isVertexProvider`),
  // from the calls it sends back as well: it cannot produce the mixed request above, which the raw body covers.
  const model = createGoogleGenerativeAI({ baseURL: `${server.url}/v1beta`, apiKey: "not-needed", name: "google.vertex.chat" })("gemini-2.5-flash");
  const calc = tool({
    description: "Arithmetic on two numbers.",
    inputSchema: jsonSchema<{ a: number; b: number; op: string }>({ ...calcParameters, required: [...calcParameters.required] }),
    execute: async (args) => runCalc(args).text,
  });
  const result = await generateText({ model, prompt: "What is 7 + 5, and 6 times 7?", tools: { calc }, stopWhen: stepCountIs(5), maxRetries: 0 });
  assert.equal(result.text, "7 + 5 = 12 and 6 × 7 = 42.");
  const sent = result.response.messages.flatMap((message) => (message.role === "tool" ? message.content : []));
  assert.equal(sent.length, 2);
});
