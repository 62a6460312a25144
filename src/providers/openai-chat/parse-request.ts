// OpenAI Chat Completions request body → neutral conversation: the reverse of request.ts. System
// (and developer) messages become the system prompt, `tool_calls` become toolCall blocks with
// their JSON-string arguments parsed, and each `role: "tool"` message becomes a toolResult. Chat
// carries no error flag, so every imported result has isError false (the report says so once).
// Shapes: openai/resources/chat/completions ChatCompletionMessageParam (SDK in devDependencies).

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { ImageContent, TextContent, ToolCall } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import type { BlockPlace, ImportedConversation } from "../shared/imported-conversation.ts";
import { dataUrlImage, expectArray, expectId, expectObject, expectString, noteUnusedKeys, parseArgumentsString } from "../shared/request-guards.ts";

export function parseOpenAIChatRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("openai-chat");
  noteUnusedKeys(builder, body, "", ["messages", "tools"]);
  const systemTexts: string[] = [];
  expectArray(body.messages, "/messages", "messages").forEach((raw, index) => readMessage(builder, raw, index, systemTexts));
  if (systemTexts.length > 0) builder.systemPrompt = systemTexts.join("\n");
  if (body.tools !== undefined) expectArray(body.tools, "/tools", "tools").forEach((raw, index) => readTool(builder, raw, index));
  if (builder.messages.some((message) => message.role === "toolResult")) builder.note("/messages", "filledIn", { about: "noErrorFlag", api: "Chat" });
  return builder.finish();
}

/** One message by its role; system and developer texts are gathered into `systemTexts`. */
function readMessage(builder: ConversationBuilder, raw: unknown, index: number, systemTexts: string[]): void {
  const at = pointer("", "messages", index);
  const message = expectObject(raw, at, `messages[${index}]`);
  const role = expectString(message.role, pointer(at, "role"), "role");
  switch (role) {
    case "system":
    case "developer": {
      if (builder.messages.length > 0) builder.note(at, "formChanged", { about: "systemJoined", role, api: "chat" });
      if (role === "developer") builder.note(pointer(at, "role"), "formChanged", { about: "developerAsSystem" });
      systemTexts.push(joinedText(message.content, pointer(at, "content"), builder));
      noteUnusedKeys(builder, message, at, ["role", "content"]);
      return;
    }
    case "user": {
      builder.user(userContent(message.content, pointer(at, "content"), builder), at);
      noteUnusedKeys(builder, message, at, ["role", "content"]);
      return;
    }
    case "assistant": {
      const places: BlockPlace[] = [];
      const content: (TextContent | ToolCall)[] =
        message.content === null || message.content === undefined ? [] : texts(message.content, pointer(at, "content"), builder, places);
      const callPointers: string[] = [];
      if (message.tool_calls !== undefined) {
        expectArray(message.tool_calls, pointer(at, "tool_calls"), "tool_calls").forEach((rawCall, callIndex) => {
          const callAt = pointer(at, "tool_calls", callIndex);
          content.push(readCall(builder, rawCall, callAt));
          callPointers.push(callAt);
          places.push({ at: callAt, fields: CALL_FIELDS });
        });
      }
      builder.assistant(content, at, callPointers, places);
      noteUnusedKeys(builder, message, at, ["role", "content", "tool_calls"]);
      return;
    }
    case "tool": {
      const id = expectId(message.tool_call_id, pointer(at, "tool_call_id"), "tool_call_id");
      const text = joinedText(message.content, pointer(at, "content"), builder);
      builder.result(id, [{ type: "text", text }], false, at, pointer(at, "tool_call_id"));
      noteUnusedKeys(builder, message, at, ["role", "content", "tool_call_id"]);
      return;
    }
    default:
      builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
  }
}

/** One entry of tool_calls as a toolCall block, its arguments string parsed. */
function readCall(builder: ConversationBuilder, raw: unknown, at: string): ToolCall {
  const call = expectObject(raw, at, { thing: "toolCall" });
  const fn = expectObject(call.function, pointer(at, "function"), "function");
  const args = expectString(fn.arguments, pointer(at, "function", "arguments"), "function.arguments");
  const id = expectId(call.id, pointer(at, "id"), "tool_calls[].id");
  const name = expectString(fn.name, pointer(at, "function", "name"), "function.name");
  const block: ToolCall = { type: "toolCall", id, name, arguments: parseArgumentsString(args, builder, pointer(at, "function", "arguments")) };
  noteUnusedKeys(builder, call, at, ["id", "type", "function"]);
  return block;
}

/** A function tool is declared; any other kind of tool is noted as dropped. */
function readTool(builder: ConversationBuilder, raw: unknown, index: number): void {
  const at = pointer("", "tools", index);
  const tool = expectObject(raw, at, { thing: "tool" });
  if (tool.type !== "function" || !isRecord(tool.function)) {
    builder.note(at, "blockDropped", { about: "droppedToolType", type: JSON.stringify(tool.type) });
    return;
  }
  const fn = tool.function;
  const fnAt = pointer(at, "function");
  const name = expectString(fn.name, pointer(fnAt, "name"), "function.name");
  if (fn.description === undefined) builder.note(pointer(fnAt, "description"), "filledIn", { about: "noDescription" });
  const parameters = fn.parameters === undefined ? {} : expectObject(fn.parameters, pointer(fnAt, "parameters"), "function.parameters");
  noteUnusedKeys(builder, fn, fnAt, ["name", "description", "parameters"]);
  const description = fn.description === undefined ? "" : expectString(fn.description, pointer(fnAt, "description"), "description");
  builder.declare({ name, description, parameters }, pointer(fnAt, "parameters"));
  noteUnusedKeys(builder, tool, at, ["type", "function"]);
}

/** A string, or the texts of a part list joined by lines (what a system or tool message carries). */
function joinedText(content: unknown, at: string, builder: ConversationBuilder): string {
  return texts(content, at, builder)
    .map((block) => block.text)
    .join("\n");
}

const CALL_FIELDS = { id: "/id", name: "/function/name", arguments: "/function/arguments" };

/** A string, or a list of parts of which only text parts can be kept; `places`, when given, gets
 *  where each kept text came from. */
function texts(content: unknown, at: string, builder: ConversationBuilder, places?: BlockPlace[]): TextContent[] {
  if (typeof content === "string") {
    places?.push({ at, fields: { text: "" } });
    return [{ type: "text", text: content }];
  }
  return expectArray(content, at, "content").flatMap((rawPart, index) => {
    const part = expectObject(rawPart, pointer(at, index), { thing: "contentPart" });
    if (part.type === "text" || part.type === "output_text") {
      places?.push({ at: pointer(at, index), fields: { text: "/text" } });
      return [{ type: "text" as const, text: expectString(part.text, pointer(at, index, "text"), "text") }];
    }
    builder.note(pointer(at, index), "blockDropped", { about: "droppedPart", type: String(part.type) });
    return [];
  });
}

/** One string stays a string; a part list stays a list (text and data-URL images), so the renderer gives back the same form. */
function userContent(content: unknown, at: string, builder: ConversationBuilder): string | (TextContent | ImageContent)[] {
  if (typeof content === "string") return content;
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
