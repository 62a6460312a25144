// OpenAI Chat Completions request body → neutral conversation: the reverse of request.ts. System
// (and developer) messages become the system prompt, `tool_calls` become toolCall blocks with
// their JSON-string arguments parsed, and each `role: "tool"` message becomes a toolResult. Chat
// carries no error flag, so every imported result has isError false (the report says so once).
// Shapes: openai/resources/chat/completions ChatCompletionMessageParam (SDK in devDependencies).

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { ImageContent, TextContent, ToolCall } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import type { ImportedConversation } from "../shared/imported-conversation.ts";
import {
  dataUrlImage,
  expectArray,
  expectId,
  expectObject,
  expectString,
  noteUnusedKeys,
  parseArgumentsString,
  pointerOf,
  type Where,
} from "../shared/request-guards.ts";

export function parseOpenAIChatRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("openai-chat");
  noteUnusedKeys(builder, body, "", ["messages", "tools"]);
  const messages = expectArray(body.messages, "/messages", "messages");
  const systemTexts: string[] = [];
  // A plain loop, and each pointer spelled out only where it is kept or an error needs it: a long
  // log has hundreds of thousands of messages, and a closure per checked field cost more than the check.
  for (let index = 0; index < messages.length; index++) readMessage(builder, messages[index], index, systemTexts);
  if (systemTexts.length > 0) builder.systemPrompt = systemTexts.join("\n");
  if (body.tools !== undefined) {
    expectArray(body.tools, "/tools", "tools").forEach((rawTool, index) => {
      const at = pointer("", "tools", index);
      const tool = expectObject(rawTool, at, { thing: "tool" });
      if (tool.type !== "function" || !isRecord(tool.function)) {
        builder.note(at, "blockDropped", { about: "droppedToolType", type: JSON.stringify(tool.type) });
        return;
      }
      const fn = tool.function;
      builder.declare(declaredTool(fn, pointer(at, "function"), builder), pointer(at, "function", "parameters"));
      noteUnusedKeys(builder, tool, at, ["type", "function"]);
    });
  }
  if (builder.messages.some((message) => message.role === "toolResult")) builder.note("/messages", "filledIn", { about: "noErrorFlag", api: "Chat" });
  return builder.finish();
}

// The keys each kind of message is read from: every other key is noted as dropped.
const TEXT_MESSAGE_KEYS = ["role", "content"];
const ASSISTANT_KEYS = ["role", "content", "tool_calls"];
const TOOL_KEYS = ["role", "content", "tool_call_id"];
const CALL_KEYS = ["id", "type", "function"];

function readMessage(builder: ConversationBuilder, raw: unknown, index: number, systemTexts: string[]): void {
  // Built as text: an index and a fixed key need no escaping, and every message needs its pointer.
  const at = `/messages/${index}`;
  const message = isRecord(raw) ? raw : expectObject(raw, at, `messages[${index}]`);
  const role = typeof message.role === "string" ? message.role : expectString(message.role, pointer(at, "role"), "role");
  switch (role) {
    case "system":
    case "developer": {
      if (builder.messages.length > 0) builder.note(at, "formChanged", { about: "systemJoined", role, api: "chat" });
      if (role === "developer") builder.note(pointer(at, "role"), "formChanged", { about: "developerAsSystem" });
      systemTexts.push(
        texts(message.content, pointer(at, "content"), builder)
          .map((block) => block.text)
          .join("\n"),
      );
      noteUnusedKeys(builder, message, at, TEXT_MESSAGE_KEYS);
      return;
    }
    case "user": {
      builder.user(typeof message.content === "string" ? message.content : userContent(message.content, pointer(at, "content"), builder), at);
      noteUnusedKeys(builder, message, at, TEXT_MESSAGE_KEYS);
      return;
    }
    case "assistant": {
      const textBlocks: TextContent[] =
        message.content === null || message.content === undefined ? [] : texts(message.content, () => pointer(at, "content"), builder);
      if (message.tool_calls !== undefined) {
        const rawCalls = Array.isArray(message.tool_calls) ? message.tool_calls : expectArray(message.tool_calls, pointer(at, "tool_calls"), "tool_calls");
        // Sized once, not grown by a push per call: a grown array keeps room for 16 more blocks, and
        // every reply of a long log is kept whole in the conversation.
        const content = new Array<TextContent | ToolCall>(textBlocks.length + rawCalls.length);
        let next = 0;
        for (const block of textBlocks) content[next++] = block;
        const callPointers = new Array<string>(rawCalls.length);
        for (let callIndex = 0; callIndex < rawCalls.length; callIndex++) {
          const callAt = `${at}/tool_calls/${callIndex}`;
          content[next++] = readCall(builder, rawCalls[callIndex], callAt);
          callPointers[callIndex] = callAt;
        }
        builder.assistant(content, at, callPointers);
      } else builder.assistant(textBlocks, at, []);
      noteUnusedKeys(builder, message, at, ASSISTANT_KEYS);
      return;
    }
    case "tool": {
      const id = expectId(message.tool_call_id, () => pointer(at, "tool_call_id"), "tool_call_id");
      const text =
        typeof message.content === "string"
          ? message.content
          : texts(message.content, pointer(at, "content"), builder)
              .map((block) => block.text)
              .join("\n");
      builder.result(id, [{ type: "text", text }], false, at, () => pointer(at, "tool_call_id"));
      noteUnusedKeys(builder, message, at, TOOL_KEYS);
      return;
    }
    default:
      builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
  }
}

/** One entry of tool_calls as a toolCall block, its arguments string parsed. */
function readCall(builder: ConversationBuilder, rawCall: unknown, callAt: string): ToolCall {
  const call = isRecord(rawCall) ? rawCall : expectObject(rawCall, callAt, { thing: "toolCall" });
  const fn = isRecord(call.function) ? call.function : expectObject(call.function, pointer(callAt, "function"), "function");
  const args = typeof fn.arguments === "string" ? fn.arguments : expectString(fn.arguments, pointer(callAt, "function", "arguments"), "function.arguments");
  const id = typeof call.id === "string" && call.id !== "" ? call.id : expectId(call.id, pointer(callAt, "id"), "tool_calls[].id");
  const name = typeof fn.name === "string" ? fn.name : expectString(fn.name, pointer(callAt, "function", "name"), "function.name");
  const block: ToolCall = { type: "toolCall", id, name, arguments: parseArgumentsString(args, builder, () => pointer(callAt, "function", "arguments")) };
  noteUnusedKeys(builder, call, callAt, CALL_KEYS);
  return block;
}

function declaredTool(fn: JsonObject, at: string, builder: ConversationBuilder) {
  const name = expectString(fn.name, pointer(at, "name"), "function.name");
  if (fn.description === undefined) builder.note(pointer(at, "description"), "filledIn", { about: "noDescription" });
  const parameters = fn.parameters === undefined ? {} : expectObject(fn.parameters, pointer(at, "parameters"), "function.parameters");
  noteUnusedKeys(builder, fn, at, ["name", "description", "parameters"]);
  return { name, description: fn.description === undefined ? "" : expectString(fn.description, pointer(at, "description"), "description"), parameters };
}

/** A string, or a list of parts of which only text parts can be kept. */
function texts(content: unknown, where: Where, builder: ConversationBuilder): TextContent[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  const at = pointerOf(where);
  return expectArray(content, at, "content").flatMap((rawPart, index) => {
    const part = expectObject(rawPart, pointer(at, index), { thing: "contentPart" });
    if (part.type === "text" || part.type === "output_text")
      return [{ type: "text" as const, text: expectString(part.text, pointer(at, index, "text"), "text") }];
    builder.note(pointer(at, index), "blockDropped", { about: "droppedPart", type: String(part.type) });
    return [];
  });
}

/** One string stays a string; a part list stays a list (text and data-URL images), so the renderer gives back the same form. */
function userContent(content: unknown, where: Where, builder: ConversationBuilder): string | (TextContent | ImageContent)[] {
  if (typeof content === "string") return content;
  const at = pointerOf(where);
  return expectArray(content, at, "content").flatMap((rawPart, index): (TextContent | ImageContent)[] => {
    const part = expectObject(rawPart, pointer(at, index), { thing: "contentPart" });
    if (part.type === "text") return [{ type: "text", text: expectString(part.text, pointer(at, index, "text"), "text") }];
    if (part.type === "image_url" && isRecord(part.image_url) && typeof part.image_url.url === "string") {
      const image = dataUrlImage(part.image_url.url);
      if (image) {
        noteUnusedKeys(builder, part.image_url, pointer(at, index, "image_url"), ["url"]);
        return [image];
      }
      builder.note(pointer(at, index), "blockDropped", { about: "imageByUrl" });
      return [];
    }
    builder.note(pointer(at, index), "blockDropped", { about: "droppedPart", type: String(part.type) });
    return [];
  });
}
