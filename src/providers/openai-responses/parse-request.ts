// OpenAI Responses request body → neutral conversation: the reverse of request.ts. `instructions`
// is the system prompt; `input` is a string (one user message) or a flat item list in which the
// assistant's message and function_call items of one reply sit side by side until a
// function_call_output or a user message ends that reply. Like Chat, results carry no error flag.
// Shapes: openai/resources/responses/responses ResponseInputItem (SDK in devDependencies).

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { ImageContent, TextContent, ToolCall } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import type { BlockPlace, ImportedConversation } from "../shared/imported-conversation.ts";
import { dataUrlImage, expectArray, expectId, expectObject, expectString, noteUnusedKeys, parseArgumentsString } from "../shared/request-guards.ts";

export function parseOpenAIResponsesRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("openai-responses");
  noteUnusedKeys(builder, body, "", ["instructions", "input", "tools"]);
  if (body.instructions !== undefined && body.instructions !== null) builder.systemPrompt = expectString(body.instructions, "/instructions", "instructions");
  if (typeof body.input === "string") builder.user(body.input, "/input");
  else readInput(builder, expectArray(body.input, "/input", "input"));
  if (body.tools !== undefined) expectArray(body.tools, "/tools", "tools").forEach((raw, index) => readTool(builder, raw, index));
  if (builder.messages.some((message) => message.role === "toolResult")) builder.note("/input", "filledIn", { about: "noErrorFlag", api: "Responses" });
  return builder.finish();
}

/** The assistant's message and function_call items of one reply, gathered until an item of another kind ends it. */
interface GatheredReply {
  content: (TextContent | ToolCall)[];
  at: string;
  callPointers: string[];
  places: BlockPlace[];
}

/** The input items in order: each reply's items become one assistant message. */
function readInput(builder: ConversationBuilder, input: unknown[]): void {
  let reply: GatheredReply | undefined;
  const endReply = () => {
    if (reply) builder.assistant(reply.content, reply.at, reply.callPointers, reply.places);
    reply = undefined;
  };
  input.forEach((raw, index) => {
    const at = pointer("", "input", index);
    const item = expectObject(raw, at, `input[${index}]`);
    const type = item.type ?? "message";
    if (type === "message") {
      const role = expectString(item.role, pointer(at, "role"), "role");
      const content = messageContent(item.content, pointer(at, "content"), builder);
      noteUnusedKeys(builder, item, at, ["type", "role", "content"]);
      if (role === "assistant") {
        reply ??= { content: [], at, callPointers: [], places: [] };
        reply.content.push(...textsOf(content));
        reply.places.push(...textPlaces(item.content, pointer(at, "content")));
        return;
      }
      endReply();
      readMessage(builder, role, content, at);
    } else if (type === "function_call") {
      reply ??= { content: [], at, callPointers: [], places: [] };
      reply.content.push(readCall(builder, item, at));
      reply.callPointers.push(at);
      reply.places.push({ at, fields: CALL_FIELDS });
    } else if (type === "function_call_output") {
      endReply();
      readCallOutput(builder, item, at);
    } else builder.note(at, "blockDropped", { about: "droppedInputItem", type: JSON.stringify(type) });
  });
  endReply();
}

/** A message item of any role but the assistant's. */
function readMessage(builder: ConversationBuilder, role: string, content: string | (TextContent | ImageContent)[], at: string): void {
  if (role === "user") builder.user(content, at);
  else if (role === "system" || role === "developer") {
    builder.note(at, "formChanged", { about: "systemJoined", role, api: "responses" });
    const text = typeof content === "string" ? content : joinedText(content);
    builder.systemPrompt = builder.systemPrompt === undefined ? text : `${builder.systemPrompt}\n${text}`;
  } else builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
}

/** A function_call item as a toolCall block, its arguments string parsed. */
function readCall(builder: ConversationBuilder, item: JsonObject, at: string): ToolCall {
  const args = expectString(item.arguments, pointer(at, "arguments"), "arguments");
  const block: ToolCall = {
    type: "toolCall",
    id: expectId(item.call_id, pointer(at, "call_id"), "function_call.call_id"),
    name: expectString(item.name, pointer(at, "name"), "name"),
    arguments: parseArgumentsString(args, builder, pointer(at, "arguments")),
  };
  noteUnusedKeys(builder, item, at, ["type", "call_id", "name", "arguments"]);
  return block;
}

/** A function_call_output item as the result of the call it names. */
function readCallOutput(builder: ConversationBuilder, item: JsonObject, at: string): void {
  const id = expectId(item.call_id, pointer(at, "call_id"), "function_call_output.call_id");
  const output = messageContent(item.output, pointer(at, "output"), builder);
  const text = typeof output === "string" ? output : joinedText(output);
  const images = typeof output === "string" ? [] : output.filter((part): part is ImageContent => part.type === "image");
  builder.result(
    id,
    [...(typeof output === "string" || text.length > 0 ? [{ type: "text" as const, text }] : []), ...images],
    false,
    at,
    pointer(at, "call_id"),
  );
  noteUnusedKeys(builder, item, at, ["type", "call_id", "output"]);
}

/** A function tool is declared; any other kind of tool is noted as dropped. */
function readTool(builder: ConversationBuilder, raw: unknown, index: number): void {
  const at = pointer("", "tools", index);
  const tool = expectObject(raw, at, { thing: "tool" });
  if (tool.type !== "function") {
    builder.note(at, "blockDropped", { about: "droppedToolType", type: JSON.stringify(tool.type) });
    return;
  }
  if (tool.strict !== false) builder.note(pointer(at, "strict"), "formChanged", { about: "strictFalse", strict: String(JSON.stringify(tool.strict)) });
  if (tool.description === undefined || tool.description === null) builder.note(pointer(at, "description"), "filledIn", { about: "noDescription" });
  builder.declare(
    {
      name: expectString(tool.name, pointer(at, "name"), "name"),
      description: tool.description === undefined || tool.description === null ? "" : expectString(tool.description, pointer(at, "description"), "description"),
      parameters: tool.parameters === undefined || tool.parameters === null ? {} : expectObject(tool.parameters, pointer(at, "parameters"), "parameters"),
    },
    pointer(at, "parameters"),
  );
  noteUnusedKeys(builder, tool, at, ["type", "name", "description", "parameters", "strict"]);
}

const CALL_FIELDS = { id: "/call_id", name: "/name", arguments: "/arguments" };

/** Where each of textsOf's blocks came from (`content` already read by messageContent). */
function textPlaces(content: unknown, at: string): BlockPlace[] {
  if (!Array.isArray(content)) return [{ at, fields: { text: "" } }];
  return content.flatMap((part, index) =>
    isRecord(part) && (part.type === "input_text" || part.type === "output_text" || part.type === "text")
      ? [{ at: pointer(at, index), fields: { text: "/text" } }]
      : [],
  );
}

/** A message's text blocks: its string as one, or its text parts. */
function textsOf(content: string | readonly (TextContent | ImageContent)[]): TextContent[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.filter((part): part is TextContent => part.type === "text");
}

function joinedText(content: readonly (TextContent | ImageContent)[]): string {
  return content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** A string stays a string; a part list keeps its text parts (input_text, output_text) and data-URL images. */
function messageContent(content: unknown, at: string, builder: ConversationBuilder): string | (TextContent | ImageContent)[] {
  if (typeof content === "string") return content;
  return expectArray(content, at, "content").flatMap((rawPart, index): (TextContent | ImageContent)[] => {
    const part = expectObject(rawPart, pointer(at, index), { thing: "contentPart" });
    if (part.type === "input_text" || part.type === "output_text" || part.type === "text") {
      noteUnusedKeys(builder, part, pointer(at, index), ["type", "text"]);
      return [{ type: "text" as const, text: expectString(part.text, pointer(at, index, "text"), "text") }];
    }
    if (part.type === "input_image" && typeof part.image_url === "string") {
      const image = dataUrlImage(part.image_url);
      if (image) {
        if (part.detail !== "auto")
          builder.note(pointer(at, index, "detail"), "formChanged", { about: "imageDetailAuto", detail: String(JSON.stringify(part.detail)) });
        noteUnusedKeys(builder, part, pointer(at, index), ["type", "image_url", "detail"]);
        return [image];
      }
    }
    builder.note(pointer(at, index), "blockDropped", { about: "droppedPart", type: String(part.type) });
    return [];
  });
}
