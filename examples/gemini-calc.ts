// A tiny harness of your own, written with `@google/genai`: the same calc loop, in Gemini's
// shape (functionCall parts in, functionResponse parts back in a user turn, matched by id and name).
// Against `tool-call-playground serve serve-calc`:
//   node --import tsx examples/gemini-calc.ts http://127.0.0.1:PORT [--stream] [--forget-result]
// --forget-result sends fewer function responses than the model made calls: Gemini's 400.
import { pathToFileURL } from "node:url";
import { ApiError, type Content, type FunctionCall, GoogleGenAI, type Part } from "@google/genai";
import { calcDescription, calcParameters, exampleArgs, QUESTION, runCalc, SYSTEM } from "./calc-tool.ts";
import type { HarnessOptions } from "./openai-calc.ts";

const MAX_TURNS = 5;

export async function geminiHarness(baseUrl: string, options: HarnessOptions = {}): Promise<string> {
  const ai = new GoogleGenAI({ apiKey: "not-needed", httpOptions: { baseUrl } });
  const config = {
    systemInstruction: SYSTEM,
    tools: [{ functionDeclarations: [{ name: "calc", description: calcDescription, parametersJsonSchema: calcParameters }] }],
  };
  const contents: Content[] = [{ role: "user", parts: [{ text: QUESTION }] }];
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const parts: Part[] = [];
    if (options.stream) {
      for await (const chunk of await ai.models.generateContentStream({ model: "fake-model", contents, config })) {
        parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
      }
    } else {
      const response = await ai.models.generateContent({ model: "fake-model", contents, config });
      parts.push(...(response.candidates?.[0]?.content?.parts ?? []));
    }
    const text = parts.flatMap((part) => (part.text ? [part.text] : [])).join("");
    const calls = parts.flatMap((part): FunctionCall[] => (part.functionCall ? [part.functionCall] : []));
    options.log?.(`model: ${text}${calls.length > 0 ? ` (+${calls.length} call(s))` : ""}`);
    if (calls.length === 0) return text;
    contents.push({ role: "model", parts: parts.filter((part) => part.text !== "" || part.functionCall) });
    const answered = options.forgetResult ? calls.slice(0, -1) : calls;
    contents.push({
      role: "user",
      parts: answered.map((call) => {
        const result = runCalc(call.args);
        return { functionResponse: { id: call.id, name: call.name, response: result.isError ? { error: result.text } : { result: result.text } } };
      }),
    });
  }
  throw new Error(`no answer after ${MAX_TURNS} turns`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { baseUrl, stream, forgetResult } = exampleArgs(process.argv.slice(2));
  try {
    console.log(await geminiHarness(baseUrl, { stream, forgetResult, log: console.log }));
  } catch (error) {
    // ApiError's message is the body alone: the status goes before it.
    console.error(error instanceof ApiError ? `${error.status} ${error.message}` : error);
    process.exitCode = 1;
  }
}
