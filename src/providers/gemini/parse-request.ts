// Gemini generateContent request body → neutral conversation: the reverse of request.ts.
// `systemInstruction` is the system prompt; a `model` content's text and functionCall parts become
// one assistant message; a `user` content's functionResponse parts become toolResult messages and
// its text parts a user message after them. Gemini may leave a call's id out (pairing is by name
// and order); import then fills one in and says so. `response.error` marks a failed result.
// Shapes: @google/genai Content / Part / FunctionDeclaration (SDK in devDependencies).

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { AssistantMessage, ImageContent, TextContent } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import { ImportError, type ImportedConversation } from "../shared/imported-conversation.ts";
import { expectArray, expectObject, expectString, noteUnusedKeys, preview } from "../shared/request-guards.ts";

export function parseGeminiRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("gemini");
  noteUnusedKeys(builder, body, "", ["systemInstruction", "contents", "tools"]);
  if (body.systemInstruction !== undefined) {
    const instruction = body.systemInstruction;
    builder.systemPrompt =
      typeof instruction === "string"
        ? instruction
        : textParts(expectObject(instruction, "/systemInstruction", "systemInstruction").parts, "/systemInstruction/parts", builder).join("\n");
  }
  /** Calls without an id wait here, by name, for a functionResponse without one. */
  const unnamedCalls = new Map<string, string[]>();
  let filled = 0;
  expectArray(body.contents, "/contents", "contents").forEach((raw, index) => {
    const at = pointer("", "contents", index);
    const content = expectObject(raw, at, `contents[${index}]`);
    const role = content.role ?? "user";
    const partsAt = pointer(at, "parts");
    const parts = expectArray(content.parts, partsAt, "parts");
    noteUnusedKeys(builder, content, at, ["role", "parts"]);
    if (role === "model") {
      const blocks: AssistantMessage["content"] = [];
      const callPointers: string[] = [];
      parts.forEach((rawPart, partIndex) => {
        const partAt = pointer(partsAt, partIndex);
        const part = expectObject(rawPart, partAt, { thing: "part" });
        if (typeof part.text === "string" && part.thought !== true) {
          blocks.push({ type: "text", text: part.text });
          noteUnusedKeys(builder, part, partAt, ["text"]);
        } else if (typeof part.text === "string") {
          // A thought summary; its signature is what Gemini needs to accept the reasoning back.
          const signature = typeof part.thoughtSignature === "string" ? part.thoughtSignature : undefined;
          blocks.push({ type: "thinking", thinking: part.text, ...(signature === undefined ? {} : { thinkingSignature: signature }) });
          noteUnusedKeys(builder, part, partAt, ["text", "thought", "thoughtSignature"]);
        } else if (isRecord(part.functionCall)) {
          const call = part.functionCall;
          const name = expectString(call.name, pointer(partAt, "functionCall", "name"), "functionCall.name");
          let id: string;
          if (typeof call.id === "string" && call.id !== "") id = call.id;
          else {
            id = `${name}_${++filled}`;
            builder.note(pointer(partAt, "functionCall"), "filledIn", { about: "callIdFilled", id });
            unnamedCalls.set(name, [...(unnamedCalls.get(name) ?? []), id]);
          }
          blocks.push({ type: "toolCall", id, name, arguments: call.args ?? {} });
          if (call.args === undefined) builder.note(pointer(partAt, "functionCall"), "filledIn", { about: "noArgs" });
          callPointers.push(partAt);
          noteUnusedKeys(builder, call, pointer(partAt, "functionCall"), ["name", "id", "args"]);
          noteUnusedKeys(builder, part, partAt, ["functionCall"]);
        } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
      });
      builder.assistant(blocks, at, callPointers);
      return;
    }
    if (role !== "user") {
      builder.note(at, "blockDropped", { about: "droppedRole", role: String(JSON.stringify(role)), container: "content" });
      return;
    }
    const texts: (TextContent | ImageContent)[] = [];
    parts.forEach((rawPart, partIndex) => {
      const partAt = pointer(partsAt, partIndex);
      const part = expectObject(rawPart, partAt, { thing: "part" });
      if (typeof part.text === "string") {
        texts.push({ type: "text", text: part.text });
        noteUnusedKeys(builder, part, partAt, ["text"]);
      } else if (isRecord(part.inlineData)) {
        texts.push(inlineImage(part.inlineData, pointer(partAt, "inlineData")));
        noteUnusedKeys(builder, part, partAt, ["inlineData"]);
      } else if (isRecord(part.functionResponse)) {
        const response = part.functionResponse;
        const responseAt = pointer(partAt, "functionResponse");
        const name = expectString(response.name, pointer(responseAt, "name"), "functionResponse.name");
        let id: string;
        if (typeof response.id === "string" && response.id !== "") id = response.id;
        else {
          const waiting = unnamedCalls.get(name) ?? [];
          const next = waiting.shift();
          if (next === undefined) throw new ImportError(pointer(responseAt, "name"), { kind: "noWaitingCall", name: JSON.stringify(name) });
          id = next;
        }
        const { text, isError } = responseText(response.response, pointer(responseAt, "response"), builder);
        const images =
          response.parts === undefined
            ? []
            : expectArray(response.parts, pointer(responseAt, "parts"), "functionResponse.parts").flatMap((rawImagePart, imageIndex): ImageContent[] => {
                const imageAt = pointer(responseAt, "parts", imageIndex);
                const imagePart = expectObject(rawImagePart, imageAt, { thing: "part" });
                if (isRecord(imagePart.inlineData)) return [inlineImage(imagePart.inlineData, pointer(imageAt, "inlineData"))];
                builder.note(imageAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(imagePart) });
                return [];
              });
        builder.result(id, [{ type: "text", text }, ...images], isError, partAt, pointer(responseAt, typeof response.id === "string" ? "id" : "name"));
        noteUnusedKeys(builder, response, responseAt, ["name", "id", "response", "parts"]);
        noteUnusedKeys(builder, part, partAt, ["functionResponse"]);
      } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
    });
    if (texts.length > 0) builder.user(texts.length === 1 && texts[0] ? [texts[0]] : texts, at);
  });
  if (body.tools !== undefined) {
    expectArray(body.tools, "/tools", "tools").forEach((rawTool, index) => {
      const at = pointer("", "tools", index);
      const tool = expectObject(rawTool, at, { thing: "tool" });
      noteUnusedKeys(builder, tool, at, ["functionDeclarations"]);
      if (tool.functionDeclarations === undefined) return;
      expectArray(tool.functionDeclarations, pointer(at, "functionDeclarations"), "functionDeclarations").forEach((rawDeclaration, declarationIndex) => {
        const declarationAt = pointer(at, "functionDeclarations", declarationIndex);
        const declaration = expectObject(rawDeclaration, declarationAt, { thing: "functionDeclaration" });
        const schema = declaration.parametersJsonSchema ?? declaration.parameters;
        if (declaration.parametersJsonSchema === undefined && declaration.parameters !== undefined) {
          builder.note(pointer(declarationAt, "parameters"), "formChanged", { about: "parametersAsJsonSchema" });
        }
        if (declaration.description === undefined) builder.note(pointer(declarationAt, "description"), "filledIn", { about: "noDescription" });
        builder.declare(
          {
            name: expectString(declaration.name, pointer(declarationAt, "name"), "name"),
            description:
              declaration.description === undefined ? "" : expectString(declaration.description, pointer(declarationAt, "description"), "description"),
            parameters: schema === undefined ? {} : expectObject(schema, pointer(declarationAt, "parametersJsonSchema"), "parametersJsonSchema"),
          },
          pointer(declarationAt, declaration.parametersJsonSchema === undefined ? "parameters" : "parametersJsonSchema"),
        );
        noteUnusedKeys(builder, declaration, declarationAt, ["name", "description", "parametersJsonSchema", "parameters"]);
      });
    });
  }
  return builder.finish();
}

/** `{output: text}` and `{error: text}` are what the renderer writes; any other response is kept as its JSON text. */
function responseText(response: unknown, at: string, builder: ConversationBuilder): { text: string; isError: boolean } {
  if (isRecord(response)) {
    const keys = Object.keys(response);
    if (keys.length === 1 && typeof response.output === "string") return { text: response.output, isError: false };
    if (keys.length === 1 && typeof response.error === "string") return { text: response.error, isError: true };
  }
  builder.note(at, "formChanged", { about: "responseAsText", preview: preview(response) });
  return { text: JSON.stringify(response) ?? "", isError: isRecord(response) && "error" in response };
}

function inlineImage(data: Record<string, unknown>, at: string): ImageContent {
  return {
    type: "image",
    mimeType: expectString(data.mimeType, pointer(at, "mimeType"), "mimeType"),
    data: expectString(data.data, pointer(at, "data"), "data"),
  };
}

function textParts(parts: unknown, at: string, builder: ConversationBuilder): string[] {
  return expectArray(parts, at, "parts").flatMap((rawPart, index) => {
    const part = expectObject(rawPart, pointer(at, index), { thing: "part" });
    if (typeof part.text === "string") return [part.text];
    builder.note(pointer(at, index), "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
    return [];
  });
}
