// Anthropic Messages request body → neutral conversation: the reverse of request.ts. `system` is
// the system prompt; an assistant turn's text and tool_use blocks become one assistant message; a
// user turn's tool_result blocks become toolResult messages (is_error kept) and its text blocks,
// if any, a user message after them. Shapes: @anthropic-ai/sdk/resources/messages MessageParam.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { AssistantMessage, ImageContent, TextContent } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import type { BlockPlace, ImportedConversation } from "../shared/imported-conversation.ts";
import { expectArray, expectId, expectObject, expectString, noteUnusedKeys } from "../shared/request-guards.ts";

export function parseAnthropicRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("anthropic");
  noteUnusedKeys(builder, body, "", ["system", "messages", "tools"]);
  if (body.system !== undefined) {
    if (typeof body.system === "string") builder.systemPrompt = body.system;
    else {
      builder.note("/system", "formChanged", { about: "systemBlocksJoined" });
      builder.systemPrompt = textBlocks(body.system, "/system", builder)
        .map((block) => block.text)
        .join("\n");
    }
  }
  expectArray(body.messages, "/messages", "messages").forEach((raw, index) => readMessage(builder, raw, index));
  if (body.tools !== undefined) expectArray(body.tools, "/tools", "tools").forEach((raw, index) => readTool(builder, raw, index));
  return builder.finish();
}

/** One message, as an assistant turn or a user turn. */
function readMessage(builder: ConversationBuilder, raw: unknown, index: number): void {
  const at = pointer("", "messages", index);
  const message = expectObject(raw, at, `messages[${index}]`);
  const role = expectString(message.role, pointer(at, "role"), "role");
  noteUnusedKeys(builder, message, at, ["role", "content"]);
  if (role === "assistant") return assistantTurn(builder, message.content, at);
  if (role === "user") return userTurn(builder, message.content, at);
  builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
}

/** A client tool (one with an input_schema) is declared; a server tool is noted as dropped. */
function readTool(builder: ConversationBuilder, raw: unknown, index: number): void {
  const at = pointer("", "tools", index);
  const tool = expectObject(raw, at, { thing: "tool" });
  if (tool.input_schema === undefined) {
    builder.note(at, "blockDropped", { about: "droppedServerTool", name: String(JSON.stringify(tool.type ?? tool.name)) });
    return;
  }
  if (tool.description === undefined) builder.note(pointer(at, "description"), "filledIn", { about: "noDescription" });
  builder.declare(
    {
      name: expectString(tool.name, pointer(at, "name"), "name"),
      description: tool.description === undefined ? "" : expectString(tool.description, pointer(at, "description"), "description"),
      parameters: expectObject(tool.input_schema, pointer(at, "input_schema"), "input_schema"),
    },
    pointer(at, "input_schema"),
  );
  noteUnusedKeys(builder, tool, at, ["name", "description", "input_schema"]);
}

/** An assistant turn's text, tool_use and thinking blocks as one assistant message. */
function assistantTurn(builder: ConversationBuilder, content: unknown, at: string): void {
  const contentAt = pointer(at, "content");
  if (typeof content === "string") return builder.assistant([{ type: "text", text: content }], at, [], [{ at: contentAt, fields: { text: "" } }]);
  const blocks: AssistantMessage["content"] = [];
  const callPointers: string[] = [];
  const places: BlockPlace[] = [];
  expectArray(content, contentAt, "content").forEach((rawBlock, index) => {
    const blockAt = pointer(contentAt, index);
    const block = expectObject(rawBlock, blockAt, { thing: "contentBlock" });
    if (block.type === "text") {
      blocks.push({ type: "text", text: expectString(block.text, pointer(blockAt, "text"), "text") });
      places.push({ at: blockAt, fields: TEXT_FIELDS });
      noteUnusedKeys(builder, block, blockAt, ["type", "text"]);
    } else if (block.type === "tool_use") {
      blocks.push({
        type: "toolCall",
        id: expectId(block.id, pointer(blockAt, "id"), "tool_use.id"),
        name: expectString(block.name, pointer(blockAt, "name"), "name"),
        arguments: block.input,
      });
      callPointers.push(blockAt);
      places.push({ at: blockAt, fields: TOOL_USE_FIELDS });
      noteUnusedKeys(builder, block, blockAt, ["type", "id", "name", "input"]);
    } else if (block.type === "thinking") {
      // The signature is what lets Anthropic accept the reasoning back; it is kept with the text.
      const signature = block.signature === undefined ? undefined : expectString(block.signature, pointer(blockAt, "signature"), "signature");
      blocks.push({
        type: "thinking",
        thinking: expectString(block.thinking, pointer(blockAt, "thinking"), "thinking"),
        ...(signature === undefined ? {} : { thinkingSignature: signature }),
      });
      places.push({ at: blockAt, fields: THINKING_FIELDS });
      noteUnusedKeys(builder, block, blockAt, ["type", "thinking", "signature"]);
    } else if (block.type === "redacted_thinking") {
      blocks.push({ type: "thinking", thinking: "", thinkingSignature: expectString(block.data, pointer(blockAt, "data"), "data"), redacted: true });
      places.push({ at: blockAt, fields: REDACTED_FIELDS });
      noteUnusedKeys(builder, block, blockAt, ["type", "data"]);
    } else builder.note(blockAt, "blockDropped", { about: "droppedBlock", type: String(block.type), notBase64: false });
  });
  builder.assistant(blocks, at, callPointers, places);
}

const TEXT_FIELDS = { text: "/text" };
const TOOL_USE_FIELDS = { id: "/id", name: "/name", arguments: "/input" };
const THINKING_FIELDS = { thinking: "/thinking", signature: "/signature" };
/** A redacted block's payload is its signature's place: `data`. */
const REDACTED_FIELDS = { thinking: "/data", signature: "/data" };

/** Results first (the API requires them first), then the user's own text as a message of its own. */
function userTurn(builder: ConversationBuilder, content: unknown, at: string): void {
  const contentAt = pointer(at, "content");
  if (typeof content === "string") return builder.user(content, at);
  const texts: (TextContent | ImageContent)[] = [];
  expectArray(content, contentAt, "content").forEach((rawBlock, index) => {
    const blockAt = pointer(contentAt, index);
    const block = expectObject(rawBlock, blockAt, { thing: "contentBlock" });
    if (block.type === "tool_result") {
      if (texts.length > 0) builder.note(blockAt, "formChanged", { about: "resultAfterText" });
      const id = expectId(block.tool_use_id, pointer(blockAt, "tool_use_id"), "tool_result.tool_use_id");
      const resultContent =
        block.content === undefined
          ? []
          : typeof block.content === "string"
            ? [{ type: "text" as const, text: block.content }]
            : contentBlocks(block.content, pointer(blockAt, "content"), builder);
      const textParts = resultContent.flatMap((part) => (part.type === "text" ? [part.text] : []));
      const images = resultContent.filter((part): part is ImageContent => part.type === "image");
      const joined = textParts.length === 0 ? [] : [{ type: "text" as const, text: textParts.join("\n") }];
      builder.result(id, [...joined, ...images], block.is_error === true, blockAt, pointer(blockAt, "tool_use_id"));
      noteUnusedKeys(builder, block, blockAt, ["type", "tool_use_id", "content", "is_error"]);
    } else if (block.type === "text" || block.type === "image") {
      texts.push(...contentBlocks([block], contentAt, builder, index));
    } else builder.note(blockAt, "blockDropped", { about: "droppedBlock", type: String(block.type), notBase64: false });
  });
  if (texts.length > 0) builder.user(texts, at);
}

/** Text and base64 image blocks (a tool result's or a user turn's); `offset` numbers the pointers of a slice. */
function contentBlocks(content: unknown, at: string, builder: ConversationBuilder, offset = 0): (TextContent | ImageContent)[] {
  return expectArray(content, at, "content").flatMap((rawBlock, position): (TextContent | ImageContent)[] => {
    const index = position + offset;
    const block = expectObject(rawBlock, pointer(at, index), { thing: "contentBlock" });
    if (block.type === "text") {
      noteUnusedKeys(builder, block, pointer(at, index), ["type", "text"]);
      return [{ type: "text", text: expectString(block.text, pointer(at, index, "text"), "text") }];
    }
    if (block.type === "image" && isRecord(block.source) && block.source.type === "base64") {
      noteUnusedKeys(builder, block, pointer(at, index), ["type", "source"]);
      return [
        {
          type: "image",
          data: expectString(block.source.data, pointer(at, index, "source", "data"), "data"),
          mimeType: expectString(block.source.media_type, pointer(at, index, "source", "media_type"), "media_type"),
        },
      ];
    }
    builder.note(pointer(at, index), "blockDropped", { about: "droppedBlock", type: String(block.type), notBase64: block.type === "image" });
    return [];
  });
}

function textBlocks(content: unknown, at: string, builder: ConversationBuilder): TextContent[] {
  return expectArray(content, at, "content").flatMap((rawBlock, index) => {
    const block = expectObject(rawBlock, pointer(at, index), { thing: "contentBlock" });
    if (block.type === "text") {
      noteUnusedKeys(builder, block, pointer(at, index), ["type", "text"]);
      return [{ type: "text" as const, text: expectString(block.text, pointer(at, index, "text"), "text") }];
    }
    builder.note(pointer(at, index), "blockDropped", { about: "droppedBlock", type: String(block.type), notBase64: false });
    return [];
  });
}
