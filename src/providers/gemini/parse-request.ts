// Gemini generateContent request body → neutral conversation: the reverse of request.ts.
// `systemInstruction` is the system prompt; a `model` content's text and functionCall parts become
// one assistant message; a `user` content's functionResponse parts become toolResult messages and
// its text parts a user message after them. Gemini may leave a call's id out, and a response's
// (`FunctionResponse.id` is "Optional. The id of the function call this response is for",
// https://ai.google.dev/api/caching#FunctionResponse): a response without one answers the oldest
// unanswered call of its name, whether or not that call had an id — google-genai's automatic
// function calling answers calls that carry ids with responses built by name alone. Import fills
// in a missing call id and says so. `response.error` marks a failed result.
// Shapes: @google/genai Content / Part / FunctionDeclaration (SDK in devDependencies), read as the
// API reads them (body-fields.ts): proto field names, a single object for a list, and a
// `role: "function"` content of function responses, as Google's cookbook sends them.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import type { AssistantMessage, ImageContent, TextContent, ToolCall } from "../../protocol/types.ts";
import { ConversationBuilder } from "../shared/conversation-builder.ts";
import { type BlockPlace, ImportError, type ImportedConversation } from "../shared/imported-conversation.ts";
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
  const calls: WaitingCalls = { byName: new Map(), answered: new Set(), filled: 0 };
  requiredList(body, "contents", "", "contents").forEach(({ at, value }, index) => readContent(builder, value, at, index, calls));
  if (body.tools !== undefined) requiredList(body, "tools", "", "tools").forEach(({ at, value }) => readTool(builder, value, at));
  return builder.finish();
}

/** Every call so far, waiting by name in order for a functionResponse without an id; the ids
 *  already answered (by id), skipped when their name's turn comes; and how many ids import filled in. */
interface WaitingCalls {
  byName: Map<string, { ids: string[]; next: number }>;
  answered: Set<string>;
  filled: number;
}

function waitFor(calls: WaitingCalls, name: string, id: string): void {
  const queue = calls.byName.get(name);
  if (queue) queue.ids.push(id);
  else calls.byName.set(name, { ids: [id], next: 0 });
}

/** The oldest call of `name` not yet answered; each call is passed over at most once, so pairing stays linear. */
function oldestWaiting(calls: WaitingCalls, name: string): string | undefined {
  const queue = calls.byName.get(name);
  if (!queue) return undefined;
  while (queue.next < queue.ids.length) {
    const id = queue.ids[queue.next++];
    if (id !== undefined && !calls.answered.has(id)) return id;
  }
  return undefined;
}

/** One content, as a model turn or a user turn. */
function readContent(builder: ConversationBuilder, raw: unknown, at: string, index: number, calls: WaitingCalls): void {
  const content = expectObject(raw, at, `contents[${index}]`);
  const role = content.role ?? "user";
  const parts = requiredList(content, "parts", at, "parts");
  noteUnusedKeys(builder, content, at, used(content, ["role", "parts"]));
  if (role === "model") return modelTurn(builder, parts, at, calls);
  // "function": the role Google's cookbook gives a content of function responses (answered 200).
  if (role === "user" || role === "function") return userTurn(builder, parts, at, calls);
  builder.note(at, "blockDropped", { about: "droppedRole", role: String(JSON.stringify(role)), container: "content" });
}

/** A model content's text, thought and functionCall parts as one assistant message. */
function modelTurn(builder: ConversationBuilder, parts: Element[], at: string, calls: WaitingCalls): void {
  const blocks: AssistantMessage["content"] = [];
  const callPointers: string[] = [];
  const places: BlockPlace[] = [];
  for (const { at: partAt, value: rawPart } of parts) {
    const part = expectObject(rawPart, partAt, { thing: "part" });
    if (typeof part.text === "string" && part.thought !== true) {
      blocks.push({ type: "text", text: part.text });
      places.push({ at: partAt, fields: TEXT_FIELDS });
      noteUnusedKeys(builder, part, partAt, ["text"]);
    } else if (typeof part.text === "string") {
      // A thought summary; its signature is what Gemini needs to accept the reasoning back.
      const signature = typeof part.thoughtSignature === "string" ? part.thoughtSignature : undefined;
      blocks.push({ type: "thinking", thinking: part.text, ...(signature === undefined ? {} : { thinkingSignature: signature }) });
      places.push({ at: partAt, fields: { thinking: "/text", signature: `/${keyOf(part, "thoughtSignature") ?? "thoughtSignature"}` } });
      noteUnusedKeys(builder, part, partAt, used(part, ["text", "thought", "thoughtSignature"]));
    } else if (isRecord(field(part, "functionCall"))) {
      const key = keyOf(part, "functionCall") ?? "functionCall";
      blocks.push(readCall(builder, field(part, "functionCall"), pointer(partAt, key), calls));
      callPointers.push(partAt);
      places.push({ at: partAt, fields: key === "functionCall" ? CALL_FIELDS : callFields(key) });
      noteUnusedKeys(builder, part, partAt, used(part, ["functionCall"]));
    } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
  }
  builder.assistant(blocks, at, callPointers, places);
}

const TEXT_FIELDS = { text: "/text" };
/** A functionCall part's fields, below the part (the call under either of its names). */
function callFields(key: string) {
  return { id: `/${key}/id`, name: `/${key}/name`, arguments: `/${key}/args` };
}
const CALL_FIELDS = callFields("functionCall");

/** A functionCall as a toolCall block; a call without an id is given one. Every call waits by name, for a response that names no id. */
function readCall(builder: ConversationBuilder, raw: unknown, at: string, calls: WaitingCalls): ToolCall {
  const call = expectObject(raw, at, "functionCall");
  const name = expectString(call.name, pointer(at, "name"), "functionCall.name");
  let id: string;
  if (typeof call.id === "string" && call.id !== "") id = call.id;
  else {
    id = `${name}_${++calls.filled}`;
    builder.note(at, "filledIn", { about: "callIdFilled", id });
  }
  waitFor(calls, name, id);
  if (call.args === undefined) builder.note(at, "filledIn", { about: "noArgs" });
  noteUnusedKeys(builder, call, at, ["name", "id", "args"]);
  return { type: "toolCall", id, name, arguments: call.args ?? {} };
}

/** A user content's functionResponse parts as results, then its text and image parts as one user message. */
function userTurn(builder: ConversationBuilder, parts: Element[], at: string, calls: WaitingCalls): void {
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
      readResponse(builder, functionResponse, pointer(partAt, keyOf(part, "functionResponse") ?? "functionResponse"), partAt, calls);
      noteUnusedKeys(builder, part, partAt, used(part, ["functionResponse"]));
    } else builder.note(partAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(part) });
  }
  if (texts.length > 0) builder.user(texts.length === 1 && texts[0] ? [texts[0]] : texts, at);
}

/** A functionResponse as the result of its call: by id, or else the oldest unanswered call of its name. */
function readResponse(builder: ConversationBuilder, response: JsonObject, at: string, partAt: string, calls: WaitingCalls): void {
  const name = expectString(response.name, pointer(at, "name"), "functionResponse.name");
  let id: string;
  if (typeof response.id === "string" && response.id !== "") id = response.id;
  else {
    const next = oldestWaiting(calls, name);
    if (next === undefined) throw new ImportError(pointer(at, "name"), { kind: "noWaitingCall", name: JSON.stringify(name) });
    id = next;
  }
  calls.answered.add(id);
  const { text, isError } = responseText(response.response, pointer(at, "response"), builder);
  const images =
    response.parts === undefined
      ? []
      : requiredList(response, "parts", at, "functionResponse.parts").flatMap(({ at: imageAt, value: rawImagePart }): ImageContent[] => {
          const imagePart = expectObject(rawImagePart, imageAt, { thing: "part" });
          const imageData = field(imagePart, "inlineData");
          if (isRecord(imageData)) return [inlineImage(imageData, pointer(imageAt, keyOf(imagePart, "inlineData") ?? "inlineData"))];
          builder.note(imageAt, "blockDropped", { about: "droppedGeminiPart", keys: Object.keys(imagePart) });
          return [];
        });
  builder.result(id, [{ type: "text", text }, ...images], isError, partAt, pointer(at, typeof response.id === "string" ? "id" : "name"));
  noteUnusedKeys(builder, response, at, ["name", "id", "response", "parts"]);
}

/** A tool's functionDeclarations, each declared with its parameters as a JSON Schema. */
function readTool(builder: ConversationBuilder, raw: unknown, at: string): void {
  const tool = expectObject(raw, at, { thing: "tool" });
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
        description: declaration.description === undefined ? "" : expectString(declaration.description, pointer(declarationAt, "description"), "description"),
        parameters: schema === undefined ? {} : expectObject(schema, pointer(declarationAt, "parametersJsonSchema"), "parametersJsonSchema"),
      },
      pointer(declarationAt, declaration.parametersJsonSchema === undefined ? "parameters" : "parametersJsonSchema"),
    );
    noteUnusedKeys(builder, declaration, declarationAt, ["name", "description", "parametersJsonSchema", "parameters"]);
  });
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
