// A provider's answer body (not streamed) back to the neutral reply, for serve's recorder. No
// provider has a reader of its own answers, but each answer carries the model's turn in the very
// shape the next request sends it back in (Chat's `choices[0].message`, the Messages API's
// `content`, Gemini's `candidates[0].content`, the Responses API's `output` items), so the turn is
// read by the provider's own request reader, behind one opening user message.
import { isRecord, type JsonObject } from "../json/is-record.ts";
import type { AssistantMessage } from "../protocol/types.ts";
import type { ProviderId } from "./registry.ts";
import type { ProviderParts } from "./shared/provider.ts";

/** The request body that holds `answer`'s turn after one user message, or undefined when the answer holds none. */
const asHistory: { [P in ProviderId]: (answer: JsonObject) => JsonObject | undefined } = {
  // https://platform.openai.com/docs/api-reference/chat/object ("choices[].message")
  "openai-chat": (answer) => {
    const choice = Array.isArray(answer.choices) ? answer.choices[0] : undefined;
    if (!isRecord(choice) || !isRecord(choice.message)) return undefined;
    const { refusal: _refusal, annotations: _annotations, audio: _audio, ...message } = choice.message;
    return { messages: [opening(), message] };
  },
  // https://platform.openai.com/docs/api-reference/responses/object ("output")
  "openai-responses": (answer) => (Array.isArray(answer.output) ? { input: [opening(), ...answer.output.map(withoutStatus)] } : undefined),
  // https://docs.anthropic.com/en/api/messages ("content" of the response)
  anthropic: (answer) => (Array.isArray(answer.content) ? { messages: [opening(), { role: "assistant", content: answer.content }] } : undefined),
  // https://ai.google.dev/api/generate-content#generatecontentresponse ("candidates[].content")
  gemini: (answer) => {
    const candidate = Array.isArray(answer.candidates) ? answer.candidates[0] : undefined;
    if (!isRecord(candidate) || !isRecord(candidate.content)) return undefined;
    return {
      contents: [
        { role: "user", parts: [{ text: "." }] },
        { role: "model", ...candidate.content },
      ],
    };
  },
};

/** The user message a read answer is put behind: a request reader needs one to start from. */
function opening(): JsonObject {
  return { role: "user", content: "." };
}

/** An output item as an input item: the answer's `status` is not part of what a request sends back. */
function withoutStatus(item: unknown): unknown {
  if (!isRecord(item)) return item;
  const { status: _status, ...rest } = item;
  return rest;
}

/** Assistant messages in a row as the one reply they are (a harness may split a reply, and a
 *  reader may return one message per block): the first's fields, every message's content. */
export function oneReply(replies: readonly AssistantMessage[]): AssistantMessage | undefined {
  const first = replies[0];
  return first === undefined ? undefined : { ...first, content: replies.flatMap((reply) => reply.content) };
}

/** The model's reply an answer body holds, or undefined when it holds none the reader accepts. */
export function readAnswer(provider: ProviderId, parts: ProviderParts, answer: unknown): AssistantMessage | undefined {
  const body = isRecord(answer) ? asHistory[provider](answer) : undefined;
  if (body === undefined) return undefined;
  try {
    return oneReply(parts.readRequest(body).context.messages.filter((message) => message.role === "assistant"));
  } catch {
    return undefined;
  }
}
