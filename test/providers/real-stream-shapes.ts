// Streams in the exact shapes the real APIs send, written here as the project's own data: event
// order, which fields a continuation chunk leaves out, the usage blocks and the id forms are those
// of real captures recorded by the Vercel AI SDK's test fixtures (vercel/ai, each file named at
// its stream below). The texts, names, ids and signatures are this project's own; no capture is
// copied. Each stream comes with the calls and text it must rebuild to.
import type { SseFrame } from "../../src/providers/shared/sse.ts";

export interface RealShape {
  provider: "openai-chat" | "openai-responses" | "anthropic" | "gemini";
  /** Where the shape was seen. */
  seen: string;
  frames: SseFrame[];
  text: string;
  calls: { name: string; arguments: unknown }[];
  stopReason: "toolUse" | "stop";
}

const data = (value: unknown): SseFrame => ({ data: value });

// Gemini 3: every chunk repeats modelVersion, createTime and responseId; usageMetadata holds only
// trafficType until the last chunk, which has the counts. No functionCall.id anywhere.
const geminiEnvelope = { modelVersion: "gemini-3.1-pro-preview", createTime: "2026-01-01T00:00:00.000000Z", responseId: "resp-shape-1" };
const geminiChunk = (parts: unknown[], extra: Record<string, unknown> = {}, usage: Record<string, unknown> = { trafficType: "ON_DEMAND" }): SseFrame =>
  data({ candidates: [{ content: { role: "model", parts }, ...extra }], usageMetadata: usage, ...geminiEnvelope });
const finalUsage = {
  promptTokenCount: 26,
  candidatesTokenCount: 23,
  totalTokenCount: 181,
  trafficType: "ON_DEMAND",
  promptTokensDetails: [{ modality: "TEXT", tokenCount: 26 }],
  candidatesTokensDetails: [{ modality: "TEXT", tokenCount: 23 }],
  thoughtsTokenCount: 132,
};
/** One streamed string argument, as Gemini 3 sends it: the value with willContinue, then an empty closing entry. */
const streamedString = (path: string, value: string): SseFrame[] => [
  geminiChunk([{ functionCall: { partialArgs: [{ jsonPath: path, stringValue: value, willContinue: true }], willContinue: true } }]),
  geminiChunk([{ functionCall: { partialArgs: [{ jsonPath: path, stringValue: "" }], willContinue: true } }]),
];

export const realShapes: Record<string, RealShape> = {
  // vercel/ai packages/google/src/__fixtures__/google-stream-tool-call-arguments.chunks.txt:
  // two calls of one function. Only a call's first chunk names it (the first also carries the
  // thoughtSignature beside functionCall); continuation chunks carry partialArgs and willContinue
  // and no name; each call ends with an empty `functionCall: {}`, the last one in the chunk with
  // finishReason STOP and the counted usage.
  "gemini-3 streamed arguments, two calls": {
    provider: "gemini",
    seen: "vercel/ai packages/google/src/__fixtures__/google-stream-tool-call-arguments.chunks.txt",
    frames: [
      geminiChunk([{ functionCall: { name: "lookUp", willContinue: true }, thoughtSignature: "c2lnbmF0dXJlLTE=" }]),
      ...streamedString("$.city", "Lisbon"),
      geminiChunk([{ functionCall: {} }]),
      geminiChunk([{ functionCall: { name: "lookUp", willContinue: true } }]),
      ...streamedString("$.city", "Porto"),
      geminiChunk([{ functionCall: {} }], { finishReason: "STOP" }, finalUsage),
    ],
    text: "",
    calls: [
      { name: "lookUp", arguments: { city: "Lisbon" } },
      { name: "lookUp", arguments: { city: "Porto" } },
    ],
    stopReason: "toolUse",
  },
  // vercel/ai packages/google/src/__fixtures__/google-stream-no-args-tool-call.chunks.txt: a
  // thought summary first, a call without arguments sent whole (name only, no willContinue), then
  // streamed calls, and a last chunk with an empty text part and finishReason STOP.
  "gemini-3 a call without arguments among streamed ones": {
    provider: "gemini",
    seen: "vercel/ai packages/google/src/__fixtures__/google-stream-no-args-tool-call.chunks.txt",
    frames: [
      geminiChunk([{ text: "**Planning**\n\nFirst the list, then each entry.\n\n", thought: true }]),
      geminiChunk([{ functionCall: { name: "list_items" }, thoughtSignature: "c2lnbmF0dXJlLTI=" }]),
      geminiChunk([{ functionCall: { name: "open_item", willContinue: true } }]),
      ...streamedString("$.id", "X"),
      geminiChunk([{ functionCall: {} }]),
      geminiChunk([{ functionCall: { name: "open_item", willContinue: true } }]),
      ...streamedString("$.id", "Y"),
      geminiChunk([{ functionCall: {} }]),
      geminiChunk([{ text: "" }], { finishReason: "STOP" }, finalUsage),
    ],
    text: "",
    calls: [
      { name: "list_items", arguments: {} },
      { name: "open_item", arguments: { id: "X" } },
      { name: "open_item", arguments: { id: "Y" } },
    ],
    stopReason: "toolUse",
  },
  // vercel/ai packages/google/src/__fixtures__/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt:
  // nested paths into an array of objects; between two elements a chunk of only `willContinue: true`.
  "gemini-3 streamed arguments, nested paths": {
    provider: "gemini",
    seen: "vercel/ai packages/google/src/__fixtures__/google-vertex-stream-tool-call-arguments-nested.1.chunks.txt",
    frames: [
      geminiChunk([{ functionCall: { name: "pack", willContinue: true }, thoughtSignature: "c2lnbmF0dXJlLTM=" }]),
      ...streamedString("$.box.items[0].size", "small"),
      ...streamedString("$.box.items[0].name", "cup"),
      geminiChunk([{ functionCall: { willContinue: true } }]),
      ...streamedString("$.box.items[1].size", "large"),
      ...streamedString("$.box.items[1].name", "pot"),
      geminiChunk([{ functionCall: { willContinue: true } }]),
      geminiChunk([{ functionCall: {} }], { finishReason: "STOP" }, finalUsage),
    ],
    text: "",
    calls: [
      {
        name: "pack",
        arguments: {
          box: {
            items: [
              { size: "small", name: "cup" },
              { size: "large", name: "pot" },
            ],
          },
        },
      },
    ],
    stopReason: "toolUse",
  },
  // vercel/ai packages/anthropic/src/__fixtures__/anthropic-tool-no-args.chunks.txt: message_start
  // with the input usage, a text block, pings between blocks, a tool_use block whose start carries
  // `input: {}` and one empty input_json_delta, message_delta with stop_reason and usage, message_stop.
  "anthropic text then a call without arguments": {
    provider: "anthropic",
    seen: "vercel/ai packages/anthropic/src/__fixtures__/anthropic-tool-no-args.chunks.txt",
    frames: [
      {
        event: "message_start",
        data: {
          type: "message_start",
          message: {
            model: "claude-sonnet-4-5",
            id: "msg_01ShapeShapeShapeShape01",
            type: "message",
            role: "assistant",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: {
              input_tokens: 50,
              cache_creation_input_tokens: 0,
              cache_read_input_tokens: 0,
              cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
              output_tokens: 7,
              service_tier: "standard",
            },
          },
        },
      },
      { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } },
      { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Refreshing the" } } },
      { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: " list." } } },
      { event: "ping", data: { type: "ping" } },
      { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
      { event: "ping", data: { type: "ping" } },
      {
        event: "content_block_start",
        data: { type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_01ShapeShapeShape0001", name: "refresh", input: {} } },
      },
      { event: "ping", data: { type: "ping" } },
      { event: "content_block_delta", data: { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "" } } },
      { event: "content_block_stop", data: { type: "content_block_stop", index: 1 } },
      {
        event: "message_delta",
        data: {
          type: "message_delta",
          delta: { stop_reason: "tool_use", stop_sequence: null },
          usage: { input_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 30 },
        },
      },
      { event: "message_stop", data: { type: "message_stop" } },
    ],
    text: "Refreshing the list.",
    calls: [{ name: "refresh", arguments: {} }],
    stopReason: "toolUse",
  },
  // vercel/ai packages/openai-compatible/src/chat/__fixtures__/issue-15789-step-1.chunks.txt (gpt-4o
  // through the OpenAI API): every chunk repeats id, created, model, service_tier,
  // system_fingerprint and an obfuscation string; the first delta has role, empty content and
  // refusal null; a call's first delta has index, id, type and name with empty arguments, the next
  // only index and arguments; finish_reason tool_calls on an empty delta; then a chunk with no
  // choices and the usage.
  "openai-chat text then a call": {
    provider: "openai-chat",
    seen: "vercel/ai packages/openai-compatible/src/chat/__fixtures__/issue-15789-step-1.chunks.txt",
    frames: chatFrames(),
    text: "Checking.",
    calls: [{ name: "weather", arguments: { city: "Oslo" } }],
    stopReason: "toolUse",
  },
  // vercel/ai packages/openai/src/responses/__fixtures__/issue-20047-openai-responses.chunks.txt: a
  // message item added with empty content, an output_text part added (annotations and logprobs
  // empty), text deltas and done events carrying logprobs, the part and the item done, then
  // response.completed with the whole output and the usage.
  "openai-responses text": {
    provider: "openai-responses",
    seen: "vercel/ai packages/openai/src/responses/__fixtures__/issue-20047-openai-responses.chunks.txt",
    frames: responsesTextFrames(),
    text: "All done.",
    calls: [],
    stopReason: "stop",
  },
  // vercel/ai packages/openai/src/responses/__fixtures__/issue-19493-gpt-5.1-tool-call.chunks.txt:
  // response.created and response.in_progress with the whole response object, output_item.added
  // with an in-progress function_call (empty arguments), argument deltas carrying item_id and an
  // obfuscation string, arguments.done, output_item.done, response.completed with the usage;
  // sequence_number on every event.
  "openai-responses a call": {
    provider: "openai-responses",
    seen: "vercel/ai packages/openai/src/responses/__fixtures__/issue-19493-gpt-5.1-tool-call.chunks.txt",
    frames: responsesFrames(),
    text: "",
    calls: [{ name: "weather", arguments: { city: "Oslo" } }],
    stopReason: "toolUse",
  },
};

function chatFrames(): SseFrame[] {
  const envelope = {
    id: "chatcmpl-ShapeShapeShapeShape0001",
    object: "chat.completion.chunk",
    created: 1700000000,
    model: "gpt-4o-2024-08-06",
    service_tier: "default",
    system_fingerprint: "fp_0000000000",
  };
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, obfuscation = "x"): SseFrame =>
    data({ ...envelope, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], obfuscation });
  return [
    chunk({ role: "assistant", content: "", refusal: null }),
    chunk({ content: "Check" }),
    chunk({ content: "ing." }),
    chunk({ tool_calls: [{ index: 0, id: "call_ShapeShapeShapeShape0001", type: "function", function: { name: "weather", arguments: "" } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city"' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: ':"Oslo"}' } }] }),
    chunk({}, "tool_calls"),
    data({
      ...envelope,
      choices: [],
      usage: {
        prompt_tokens: 58,
        completion_tokens: 12,
        total_tokens: 70,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      obfuscation: "y",
    }),
    { data: "[DONE]" },
  ];
}

function responsesFrames(): SseFrame[] {
  const response = (status: string, output: unknown[], usage: unknown) => ({
    id: "resp_ShapeShapeShapeShape0001",
    object: "response",
    created_at: 1700000000,
    status,
    error: null,
    incomplete_details: null,
    model: "gpt-5.1-2025-11-13",
    output,
    parallel_tool_calls: true,
    tool_choice: "required",
    usage,
  });
  const item = (status: string, args: string) => ({
    id: "fc_ShapeShapeShapeShape0001",
    type: "function_call",
    status,
    arguments: args,
    call_id: "call_ShapeShapeShapeShape0001",
    name: "weather",
  });
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): SseFrame => ({ event: type, data: { type, ...fields, sequence_number: sequence++ } });
  const done = '{"city":"Oslo"}';
  return [
    event("response.created", { response: response("in_progress", [], null) }),
    event("response.in_progress", { response: response("in_progress", [], null) }),
    event("response.output_item.added", { item: item("in_progress", ""), output_index: 0 }),
    ...['{"', "city", '":"', "Os", "lo", '"}'].map((delta) =>
      event("response.function_call_arguments.delta", { delta, item_id: "fc_ShapeShapeShapeShape0001", obfuscation: "z", output_index: 0 }),
    ),
    event("response.function_call_arguments.done", { arguments: done, item_id: "fc_ShapeShapeShapeShape0001", output_index: 0 }),
    event("response.output_item.done", { item: item("completed", done), output_index: 0 }),
    event("response.completed", {
      response: response("completed", [item("completed", done)], {
        input_tokens: 45,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 25,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 70,
      }),
    }),
  ];
}

function responsesTextFrames(): SseFrame[] {
  const item = "msg_ShapeShapeShapeShape0001";
  const part = (text: string) => ({ type: "output_text", annotations: [], logprobs: [], text });
  const message = (status: string, content: unknown[]) => ({ id: item, type: "message", status, content, role: "assistant" });
  const response = (status: string, output: unknown[], usage: unknown) => ({
    id: "resp_ShapeShapeShapeShape0002",
    object: "response",
    created_at: 1700000000,
    status,
    error: null,
    incomplete_details: null,
    model: "gpt-4o-mini-2024-07-18",
    output,
    usage,
  });
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): SseFrame => ({ event: type, data: { type, ...fields, sequence_number: sequence++ } });
  const at = { content_index: 0, item_id: item, output_index: 0 };
  return [
    event("response.created", { response: response("in_progress", [], null) }),
    event("response.in_progress", { response: response("in_progress", [], null) }),
    event("response.output_item.added", { item: message("in_progress", []), output_index: 0 }),
    event("response.content_part.added", { ...at, part: part("") }),
    event("response.output_text.delta", { ...at, delta: "All", logprobs: [] }),
    event("response.output_text.delta", { ...at, delta: " done.", logprobs: [] }),
    event("response.output_text.done", { ...at, logprobs: [], text: "All done." }),
    event("response.content_part.done", { ...at, part: part("All done.") }),
    event("response.output_item.done", { item: message("completed", [part("All done.")]), output_index: 0 }),
    event("response.completed", {
      response: response("completed", [message("completed", [part("All done.")])], {
        input_tokens: 12,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 2,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 14,
      }),
    }),
  ];
}
