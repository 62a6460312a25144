// Harnesses that send back a model turn other than the one serve served, on fixtures/serve-divergence.json,
// each with the official SDK of its provider: one tool turn, its result, and the turn after it, with
// `edit` applied to the served turn before it goes back. Used by the divergence tests
// (divergence.test.ts) and by the golden run "divergence-run" (scripts/serve-golden.ts), which
// drives them one after another so the narration is the same every time.
import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, ContentBlockParam, MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import { type Content, GoogleGenAI, type Part } from "@google/genai";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { calcDescription, calcParameters, SYSTEM } from "../../examples/calc-tool.ts";

export const DIVERGENCE_FIXTURE = "fixtures/serve-divergence.json";
/** The episode whose tool turn thinks first, and the one whose tool turn says something first. */
export const THINKS = "Think first, then add 7 and 5.";
export const SAYS = "Say what you will do, then add 6 and 7.";

const parameters = { ...calcParameters, required: [...calcParameters.required] };

/** An Anthropic harness with thinking on (unless told): the served tool turn goes back through `edit`. */
export async function anthropicTurns(
  url: string,
  edit: (content: ContentBlock[]) => ContentBlockParam[],
  options: { stream?: boolean; user?: string; thinking?: boolean } = {},
) {
  const client = new Anthropic({ baseURL: url, apiKey: "not-needed", maxRetries: 0 });
  const request: MessageCreateParamsNonStreaming = {
    model: "fake-model",
    max_tokens: 2048,
    ...(options.thinking === false ? {} : { thinking: { type: "enabled", budget_tokens: 1024 } }),
    system: SYSTEM,
    tools: [{ name: "calc", description: calcDescription, input_schema: parameters }],
    messages: [{ role: "user", content: options.user ?? THINKS }],
  };
  const first = options.stream ? await client.messages.stream(request).finalMessage() : await client.messages.create(request);
  const calls = first.content.flatMap((block) => (block.type === "tool_use" ? [block] : []));
  const results: ContentBlockParam[] = calls.map((call) => ({ type: "tool_result", tool_use_id: call.id, content: "12" }));
  const messages = [...request.messages, { role: "assistant" as const, content: edit(first.content) }, { role: "user" as const, content: results }];
  const second = await client.messages.create({ ...request, messages });
  return { first, second };
}

/** An OpenAI Chat harness: the served tool turn goes back through `edit`. */
export async function chatTurns(url: string, edit: (message: ChatCompletionMessageParam & { role: "assistant" }) => ChatCompletionMessageParam) {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "not-needed", maxRetries: 0 });
  const tools = [{ type: "function" as const, function: { name: "calc", description: calcDescription, parameters } }];
  const messages: ChatCompletionMessageParam[] = [
    { role: "system", content: SYSTEM },
    { role: "user", content: SAYS },
  ];
  const first = await client.chat.completions.create({ model: "fake-model", messages, tools });
  const served = first.choices[0]?.message;
  if (!served) throw new Error("no choice in the first answer");
  const sentBack = edit({ role: "assistant", content: served.content, ...(served.tool_calls ? { tool_calls: served.tool_calls } : {}) });
  const calls = "tool_calls" in sentBack ? (sentBack.tool_calls ?? []) : [];
  const results: ChatCompletionMessageParam[] = calls.map((call) => ({ role: "tool", tool_call_id: call.id, content: "13" }));
  return client.chat.completions.create({ model: "fake-model", messages: [...messages, sentBack, ...results], tools });
}

/** An OpenAI Responses harness (store: false, the history sent whole): the served items go back through `edit`. */
export async function responsesTurns(url: string, edit: (items: ResponseInputItem[]) => ResponseInputItem[]) {
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: "not-needed", maxRetries: 0 });
  const tools = [{ type: "function" as const, name: "calc", description: calcDescription, parameters, strict: false }];
  const input: ResponseInputItem[] = [{ role: "user", content: SAYS }];
  const first = await client.responses.create({ model: "fake-model", instructions: SYSTEM, input, tools, store: false });
  const served: ResponseInputItem[] = first.output.flatMap((item): ResponseInputItem[] => {
    if (item.type === "function_call") return [{ type: "function_call", call_id: item.call_id, name: item.name, arguments: item.arguments }];
    if (item.type === "message")
      return [
        {
          role: "assistant",
          content: item.content.flatMap((part) => (part.type === "output_text" ? [{ type: "output_text" as const, text: part.text, annotations: [] }] : [])),
          type: "message",
          id: item.id,
          status: "completed",
        },
      ];
    return [];
  });
  const sentBack = edit(served);
  const outputs: ResponseInputItem[] = sentBack.flatMap((item) =>
    "type" in item && item.type === "function_call" ? [{ type: "function_call_output" as const, call_id: item.call_id, output: "13" }] : [],
  );
  return client.responses.create({ model: "fake-model", instructions: SYSTEM, input: [...input, ...sentBack, ...outputs], tools, store: false });
}

/** A Gemini harness: the served model content's parts (streamed: every chunk's, the closing empty
 *  text left out) go back through `edit`; it returns the served parts and the second answer. */
export async function geminiTurns(url: string, edit: (parts: Part[]) => Part[], options: { stream?: boolean; user?: string } = {}) {
  const ai = new GoogleGenAI({ apiKey: "not-needed", httpOptions: { baseUrl: url } });
  const config = {
    systemInstruction: SYSTEM,
    tools: [{ functionDeclarations: [{ name: "calc", description: calcDescription, parametersJsonSchema: parameters }] }],
  };
  const contents: Content[] = [{ role: "user", parts: [{ text: options.user ?? SAYS }] }];
  const served: Part[] = [];
  if (options.stream) {
    for await (const chunk of await ai.models.generateContentStream({ model: "fake-model", contents, config }))
      served.push(...(chunk.candidates?.[0]?.content?.parts ?? []).filter((part) => part.text !== ""));
  } else served.push(...((await ai.models.generateContent({ model: "fake-model", contents, config })).candidates?.[0]?.content?.parts ?? []));
  const parts = edit(served);
  const results: Part[] = parts.flatMap((part) =>
    part.functionCall ? [{ functionResponse: { id: part.functionCall.id, name: part.functionCall.name, response: { result: "13" } } }] : [],
  );
  const second = await ai.models.generateContent({
    model: "fake-model",
    contents: [...contents, { role: "model", parts }, { role: "user", parts: results }],
    config,
  });
  return { served, second };
}

/** What the golden run shows, one exchange after another: a faithful Anthropic tool loop (no
 *  divergence); one that drops the thinking block (streamed first turn), one that edits it and one
 *  that edits its signature (each Anthropic's 400); then warnings that are answered all the same:
 *  Chat with its text edited, Chat with a call id of its own, Responses with a call's arguments
 *  edited. */
export async function divergenceRun(url: string): Promise<void> {
  await anthropicTurns(url, (content) => content);
  await anthropicTurns(url, dropThinking, { stream: true }).catch(() => undefined);
  await anthropicTurns(url, editThinking).catch(() => undefined);
  await anthropicTurns(url, editSignature).catch(() => undefined);
  await chatTurns(url, editText);
  await chatTurns(url, ownCallIds);
  await responsesTurns(url, editArguments);
}

export function dropThinking(content: ContentBlock[]): ContentBlockParam[] {
  return content.filter((block) => block.type !== "thinking");
}

export function editThinking(content: ContentBlock[]): ContentBlockParam[] {
  return content.map((block) => (block.type === "thinking" ? { ...block, thinking: `${block.thinking} (summarised)` } : block));
}

export function editSignature(content: ContentBlock[]): ContentBlockParam[] {
  return content.map((block) => (block.type === "thinking" ? { ...block, signature: "EqQBCkgIARABGAIiQForged" } : block));
}

/** The calls renamed `call_mine_1`, … (chatTurns answers them by the ids sent back). */
export function ownCallIds(message: ChatCompletionMessageParam & { role: "assistant" }): ChatCompletionMessageParam {
  return { ...message, ...(message.tool_calls ? { tool_calls: message.tool_calls.map((call, index) => ({ ...call, id: `call_mine_${index + 1}` })) } : {}) };
}

export function editText(message: ChatCompletionMessageParam & { role: "assistant" }): ChatCompletionMessageParam {
  return { ...message, content: "I'll add 6 and 7." };
}

export function editArguments(items: ResponseInputItem[]): ResponseInputItem[] {
  return items.map((item) => ("type" in item && item.type === "function_call" ? { ...item, arguments: JSON.stringify({ a: 6, b: 7, op: "mul" }) } : item));
}

/** Each call's arguments written again with their keys in reverse order, as a harness that parses
 *  them and writes them back may: the same arguments. */
export function reorderArguments(items: ResponseInputItem[]): ResponseInputItem[] {
  const reversed = (text: string): string => {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse())) : text;
  };
  return items.map((item) => ("type" in item && item.type === "function_call" ? { ...item, arguments: reversed(item.arguments) } : item));
}

/** The assistant message items' text replaced by `text`. */
export function editResponseText(text: string): (items: ResponseInputItem[]) => ResponseInputItem[] {
  return (items) =>
    items.map((item): ResponseInputItem => {
      if (!("type" in item) || item.type !== "message" || item.role !== "assistant") return item;
      const id = "id" in item && typeof item.id === "string" ? item.id : "msg";
      return { role: "assistant", content: [{ type: "output_text", text, annotations: [] }], type: "message", id, status: "completed" };
    });
}
