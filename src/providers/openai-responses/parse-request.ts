// OpenAI Responses request body → neutral conversation: the reverse of request.ts. `instructions`
// is the system prompt; `input` is a string (one user message) or a flat item list in which the
// assistant's message and function_call items of one reply sit side by side until a
// function_call_output or a user message ends that reply. Like Chat, results carry no error flag.
// Shapes: openai/resources/responses/responses ResponseInputItem (SDK in devDependencies).

import type { JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { ImageContent, TextContent, ToolCall } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import type { ImportedConversation } from "../shared/imported-conversation.ts";
import { dataUrlImage, expectArray, expectId, expectObject, expectString, noteUnusedKeys, parseArgumentsString } from "../shared/request-guards.ts";

function textOf(content: readonly (TextContent | ImageContent)[]): string {
  return content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
}

/** The reply being gathered, handed to the builder; what is gathered next starts afresh. A module
 *  function, not a closure made per body: under tsx a named closure costs a property write when made. */
function endReply(builder: ConversationBuilder, reply: GatheredReply | undefined): undefined {
  if (reply) builder.assistant(reply.content, reply.at, reply.callPointers);
  return undefined;
}

interface GatheredReply {
  content: (TextContent | ToolCall)[];
  at: string;
  callPointers: string[];
}

export function parseOpenAIResponsesRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("openai-responses");
  noteUnusedKeys(builder, body, "", ["instructions", "input", "tools"]);
  if (body.instructions !== undefined && body.instructions !== null) builder.systemPrompt = expectString(body.instructions, "/instructions", "instructions");
  if (typeof body.input === "string") {
    builder.user(body.input, "/input");
  } else {
    let reply: GatheredReply | undefined;
    expectArray(body.input, "/input", "input").forEach((raw, index) => {
      const at = pointer("", "input", index);
      const item = expectObject(raw, at, `input[${index}]`);
      const type = item.type ?? "message";
      if (type === "message") {
        const role = expectString(item.role, pointer(at, "role"), "role");
        const content = messageContent(item.content, pointer(at, "content"), builder);
        noteUnusedKeys(builder, item, at, ["type", "role", "content"]);
        if (role === "assistant") {
          reply ??= { content: [], at, callPointers: [] };
          if (typeof content === "string") reply.content.push({ type: "text", text: content });
          else for (const part of content) if (part.type === "text") reply.content.push(part);
          return;
        }
        reply = endReply(builder, reply);
        if (role === "user") builder.user(content, at);
        else if (role === "system" || role === "developer") {
          builder.note(at, "formChanged", { about: "systemJoined", role, api: "responses" });
          const text = typeof content === "string" ? content : textOf(content);
          builder.systemPrompt = builder.systemPrompt === undefined ? text : `${builder.systemPrompt}\n${text}`;
        } else builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
        return;
      }
      if (type === "function_call") {
        reply ??= { content: [], at, callPointers: [] };
        const args = expectString(item.arguments, pointer(at, "arguments"), "arguments");
        reply.content.push({
          type: "toolCall",
          id: expectId(item.call_id, pointer(at, "call_id"), "function_call.call_id"),
          name: expectString(item.name, pointer(at, "name"), "name"),
          arguments: parseArgumentsString(args, builder, pointer(at, "arguments")),
        });
        reply.callPointers.push(at);
        noteUnusedKeys(builder, item, at, ["type", "call_id", "name", "arguments"]);
        return;
      }
      if (type === "function_call_output") {
        reply = endReply(builder, reply);
        const id = expectId(item.call_id, pointer(at, "call_id"), "function_call_output.call_id");
        const output = messageContent(item.output, pointer(at, "output"), builder);
        const text = typeof output === "string" ? output : textOf(output);
        const images = typeof output === "string" ? [] : output.filter((part): part is ImageContent => part.type === "image");
        builder.result(
          id,
          [...(typeof output === "string" || text.length > 0 ? [{ type: "text" as const, text }] : []), ...images],
          false,
          at,
          pointer(at, "call_id"),
        );
        noteUnusedKeys(builder, item, at, ["type", "call_id", "output"]);
        return;
      }
      builder.note(at, "blockDropped", { about: "droppedInputItem", type: JSON.stringify(type) });
    });
    reply = endReply(builder, reply);
  }
  if (body.tools !== undefined) {
    expectArray(body.tools, "/tools", "tools").forEach((rawTool, index) => {
      const at = pointer("", "tools", index);
      const tool = expectObject(rawTool, at, { thing: "tool" });
      if (tool.type !== "function") {
        builder.note(at, "blockDropped", { about: "droppedToolType", type: JSON.stringify(tool.type) });
        return;
      }
      if (tool.strict !== false) builder.note(pointer(at, "strict"), "formChanged", { about: "strictFalse", strict: String(JSON.stringify(tool.strict)) });
      if (tool.description === undefined || tool.description === null) builder.note(pointer(at, "description"), "filledIn", { about: "noDescription" });
      builder.declare(
        {
          name: expectString(tool.name, pointer(at, "name"), "name"),
          description:
            tool.description === undefined || tool.description === null ? "" : expectString(tool.description, pointer(at, "description"), "description"),
          parameters: tool.parameters === undefined || tool.parameters === null ? {} : expectObject(tool.parameters, pointer(at, "parameters"), "parameters"),
        },
        pointer(at, "parameters"),
      );
      noteUnusedKeys(builder, tool, at, ["type", "name", "description", "parameters", "strict"]);
    });
  }
  if (builder.messages.some((message) => message.role === "toolResult")) builder.note("/input", "filledIn", { about: "noErrorFlag", api: "Responses" });
  return builder.finish();
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
