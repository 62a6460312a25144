// Gemini generateContent request body → neutral conversation: the reverse of request.ts.
// `systemInstruction` is the system prompt; a `model` content's text and functionCall parts become
// one assistant message; a `user` content's functionResponse parts become toolResult messages and
// its text parts a user message after them. Gemini may leave a call's id out (pairing is by name
// and order); import then fills one in and says so. `response.error` marks a failed result.
// Shapes: @google/genai Content / Part / FunctionDeclaration (SDK in devDependencies), read as the
// API reads them (body-fields.ts): proto field names, a single object for a list, and a
// `role: "function"` content of function responses, as Google's cookbook sends them.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { AssistantMessage, ImageContent, TextContent } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import { ImportError, type ImportedConversation } from "../shared/imported-conversation.ts";
import { expectArray, expectObject, expectString, noteUnusedKeys, preview } from "../shared/request-guards.ts";
import { type Element, field, keyOf, repeated } from "./body-fields.ts";

/** The keys `object` writes these fields under (JSON or proto names): what a reader used. */
function used(object: JsonObject, names: readonly string[]): string[] {
  return names.flatMap((name) => keyOf(object, name) ?? []);
}

/** A repeated field that must be there: its elements, or the guard's error when it is neither a list nor an object. */
function requiredList(object: JsonObject, name: string, at: string, what: string): Element[] {
  const value = field(object, name);
  // Neither: refused as the list it should be.
  if (!Array.isArray(value) && !isRecord(value)) expectArray(value, pointer(at, keyOf(object, name) ?? name), what);
  return repeated(object, name, at);
}

export function parseGeminiRequest(body: JsonObject): ImportedConversation {
  const builder = new ConversationBuilder("gemini");
  noteUnusedKeys(builder, body, "", used(body, ["systemInstruction", "contents", "tools"]));
  const instruction = field(body, "systemInstruction");
  if (instruction !== undefined) {
    const instructionAt = pointer("", keyOf(body, "systemInstruction") ?? "systemInstruction");
    builder.systemPrompt =
      typeof instruction === "string"
        ? instruction
        : textParts(expectObject(instruction, instructionAt, "systemInstruction"), instructionAt, builder).join("\n");
  }
  /** Calls without an id wait here, by name, for a functionResponse without one. */
  const unnamedCalls = new Map<string, string[]>();
  let filled = 0;
  requiredList(body, "contents", "", "contents").forEach(({ at, value: raw }, index) => {
    const content = expectObject(raw, at, `contents[${index}]`);
    const role = content.role ?? "user";
    const parts = requiredList(content, "parts", at, "parts");
    noteUnusedKeys(builder, content, at, used(content, ["role", "parts"]));
    if (role === "model") {
      const blocks: AssistantMessage["content"] = [];
      const callPointers: string[] = [];
      for (const { at: partAt, value: rawPart } of parts) {
        const part = expectObject(rawPart, partAt, { thing: "part" });
        if (typeof part.text === "string" && part.thought !== true) {
          blocks.push({ type: "text", text: part.text });
          noteUnusedKeys(builder, part, partAt, ["text"]);
        } else if (typeof part.text === "string") {
          // A thought summary; its signature is what Gemini needs to accept the reasoning back.
          const signature = typeof part.thoughtSignature === "string" ? part.thoughtSignature : undefined;
          blocks.push({ type: "thinking", thinking: part.text, ...(signature === undefined ? {} : { thinkingSignature: signature }) });
          noteUnusedKeys(builder, part, partAt, used(part, ["text", "thought", "thoughtSignature"]));
        } else if (isRecord(field(part, "functionCall"))) {
          const callAt = pointer(partAt, keyOf(part, "functionCall") ?? "functionCall");
          const call = expectObject(field(part, "functionCall"), callAt, "functionCall");
          const name = expectString(call.name, pointer(callAt, "name"), "functionCall.name");
          let id: string;
          if (typeof call.id === "string" && call.id !== "") id = call.id;
          else {
            id = `${name}_${++filled}`;
            builder.note(callAt, "filledIn", { about: "callIdFilled", id });
            unnamedCalls.set(name, [...(unnamedCalls.get(name) ?? []), id]);
          }
          blocks.push({ type: "toolCall", id, name, arguments: call.args ?? {} });
          if (call.args === undefined) builder.note(callAt, "filledIn", { about: "noArgs" });
          callPointers.push(partAt);
          noteUnusedKeys(builder, call, callAt, ["name", "id", "args"]);
          noteUnusedKeys(builder, part, partAt, used(part, ["functionCall"]));
        } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
      }
      builder.assistant(blocks, at, callPointers);
      return;
    }
    // "function": the role Google's cookbook gives a content of function responses (answered 200).
    if (role !== "user" && role !== "function") {
      builder.note(at, "blockDropped", { about: "droppedRole", role: String(JSON.stringify(role)), container: "content" });
      return;
    }
    const texts: (TextContent | ImageContent)[] = [];
    for (const { at: partAt, value: rawPart } of parts) {
      const part = expectObject(rawPart, partAt, { thing: "part" });
      const inlineData = field(part, "inlineData");
      const functionResponse = field(part, "functionResponse");
      if (typeof part.text === "string") {
        texts.push({ type: "text", text: part.text });
        noteUnusedKeys(builder, part, partAt, ["text"]);
      } else if (isRecord(inlineData)) {
        texts.push(inlineImage(inlineData, pointer(partAt, keyOf(part, "inlineData") ?? "inlineData")));
        noteUnusedKeys(builder, part, partAt, used(part, ["inlineData"]));
      } else if (isRecord(functionResponse)) {
        const response = functionResponse;
        const responseAt = pointer(partAt, keyOf(part, "functionResponse") ?? "functionResponse");
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
            : requiredList(response, "parts", responseAt, "functionResponse.parts").flatMap(({ at: imageAt, value: rawImagePart }): ImageContent[] => {
                const imagePart = expectObject(rawImagePart, imageAt, { thing: "part" });
                const imageData = field(imagePart, "inlineData");
                if (isRecord(imageData)) return [inlineImage(imageData, pointer(imageAt, keyOf(imagePart, "inlineData") ?? "inlineData"))];
                builder.note(imageAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(imagePart) });
                return [];
              });
        builder.result(id, [{ type: "text", text }, ...images], isError, partAt, pointer(responseAt, typeof response.id === "string" ? "id" : "name"));
        noteUnusedKeys(builder, response, responseAt, ["name", "id", "response", "parts"]);
        noteUnusedKeys(builder, part, partAt, used(part, ["functionResponse"]));
      } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
    }
    if (texts.length > 0) builder.user(texts.length === 1 && texts[0] ? [texts[0]] : texts, at);
  });
  if (body.tools !== undefined) {
    requiredList(body, "tools", "", "tools").forEach(({ at, value: rawTool }) => {
      const tool = expectObject(rawTool, at, { thing: "tool" });
      noteUnusedKeys(builder, tool, at, used(tool, ["functionDeclarations"]));
      if (field(tool, "functionDeclarations") === undefined) return;
      requiredList(tool, "functionDeclarations", at, "functionDeclarations").forEach(({ at: declarationAt, value: rawDeclaration }) => {
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

/** The texts of a content's parts (`at`: the content's pointer). */
function textParts(content: JsonObject, at: string, builder: ConversationBuilder): string[] {
  return requiredList(content, "parts", at, "parts").flatMap(({ at: partAt, value: rawPart }) => {
    const part = expectObject(rawPart, partAt, { thing: "part" });
    if (typeof part.text === "string") return [part.text];
    builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
    return [];
  });
}
