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
  messages.forEach((raw, index) => {
    // Built as text: an index and a fixed key need no escaping, and every message needs its pointer.
    const at = `/messages/${index}`;
    const message = expectObject(raw, at, `messages[${index}]`);
    const role = expectString(message.role, () => pointer(at, "role"), "role");
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
        noteUnusedKeys(builder, message, at, ["role", "content"]);
        return;
      }
      case "user": {
        builder.user(
          userContent(message.content, () => pointer(at, "content"), builder),
          at,
        );
        noteUnusedKeys(builder, message, at, ["role", "content"]);
        return;
      }
      case "assistant": {
        const content: (TextContent | ToolCall)[] =
          message.content === null || message.content === undefined ? [] : texts(message.content, () => pointer(at, "content"), builder);
        const callPointers: string[] = [];
        if (message.tool_calls !== undefined) {
          expectArray(message.tool_calls, () => pointer(at, "tool_calls"), "tool_calls").forEach((rawCall, callIndex) => {
            const callAt = `${at}/tool_calls/${callIndex}`;
            const call = expectObject(rawCall, callAt, { thing: "toolCall" });
            const fn = expectObject(call.function, () => pointer(callAt, "function"), "function");
            const args = expectString(fn.arguments, () => pointer(callAt, "function", "arguments"), "function.arguments");
            content.push({
              type: "toolCall",
              id: expectId(call.id, () => pointer(callAt, "id"), "tool_calls[].id"),
              name: expectString(fn.name, () => pointer(callAt, "function", "name"), "function.name"),
              arguments: parseArgumentsString(args, builder, () => pointer(callAt, "function", "arguments")),
            });
            callPointers.push(callAt);
            noteUnusedKeys(builder, call, callAt, ["id", "type", "function"]);
          });
        }
        builder.assistant(content, at, callPointers);
        noteUnusedKeys(builder, message, at, ["role", "content", "tool_calls"]);
        return;
      }
      case "tool": {
        const id = expectId(message.tool_call_id, () => pointer(at, "tool_call_id"), "tool_call_id");
        const text = texts(message.content, () => pointer(at, "content"), builder)
          .map((block) => block.text)
          .join("\n");
        builder.result(id, [{ type: "text", text }], false, at, () => pointer(at, "tool_call_id"));
        noteUnusedKeys(builder, message, at, ["role", "content", "tool_call_id"]);
        return;
      }
      default:
        builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
    }
  });
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
