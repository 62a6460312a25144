// The bookkeeping every importer shares: appending neutral messages with their source pointers,
// pairing each result with the call it answers (a result for a call nobody made is malformed
// input, not a conversation), and finding the calls nobody answered. Importers only translate
// their provider's shapes; the protocol checks live here, once.
import type { AssistantMessage, ImageContent, Message, TextContent, ToolDefinition } from "../../protocol/types.ts";
import { type BlockPlace, ImportError, type ImportedConversation, type ImportNote, type ImportNoteKind } from "./imported-conversation.ts";
import type { NoteDetail } from "./note-detail.ts";

export class ConversationBuilder {
  /** A provider's id, or "pi-session": what the imported conversation says it was read from. */
  readonly format: string;
  readonly messages: Message[] = [];
  readonly pointers: string[] = [];
  readonly blockPlaces: (readonly BlockPlace[] | undefined)[] = [];
  readonly notes: ImportNote[] = [];
  readonly tools: ToolDefinition[] = [];
  readonly toolPointers: string[] = [];
  systemPrompt: string | undefined;
  /** Every call so far by id → its name and whether a result has answered it. */
  readonly #calls = new Map<string, { name: string; answered: number; count: number; pointer: string }>();

  constructor(format: string) {
    this.format = format;
  }

  note(pointer: string, kind: ImportNoteKind, detail: NoteDetail): void {
    this.notes.push({ pointer, kind, detail });
  }

  /** A tool as the request declared it, with where its parameters schema is. */
  declare(tool: ToolDefinition, parametersPointer: string): void {
    this.tools.push(tool);
    this.toolPointers.push(parametersPointer);
  }

  user(content: string | (TextContent | ImageContent)[], pointer: string): void {
    this.#push({ role: "user", content, timestamp: 0 }, pointer);
  }

  /** `places`: where each block of `content` came from, block for block (see BlockPlace). */
  assistant(content: AssistantMessage["content"], pointer: string, callPointers: string[], places?: readonly BlockPlace[]): void {
    // One pass over the blocks (a long log has a reply a turn): the nth call has the nth call pointer.
    let calls = 0;
    for (const block of content) {
      if (block.type !== "toolCall") continue;
      const known = this.#calls.get(block.id);
      if (known) known.count++;
      else this.#calls.set(block.id, { name: block.name, answered: 0, count: 1, pointer: callPointers[calls] ?? pointer });
      calls++;
    }
    if (places) this.blockPlaces[this.messages.length] = places;
    this.#push({ role: "assistant", content, stopReason: calls > 0 ? "toolUse" : "stop", timestamp: 0 }, pointer);
  }

  /** The call it answers must exist earlier in the conversation; its name comes from that call. */
  result(toolCallId: string, content: (TextContent | ImageContent)[], isError: boolean, pointer: string, idPointer: string): void {
    const call = this.#calls.get(toolCallId);
    if (!call) throw new ImportError(idPointer, { kind: "unknownCallId", id: JSON.stringify(toolCallId) });
    call.answered++;
    this.#push({ role: "toolResult", toolCallId, toolName: call.name, content, isError, timestamp: 0 }, pointer);
  }

  /** The name of the open call with this id, for formats whose results repeat it (Gemini). */
  callName(toolCallId: string): string | undefined {
    return this.#calls.get(toolCallId)?.name;
  }

  hasCall(toolCallId: string): boolean {
    return this.#calls.has(toolCallId);
  }

  finish(): ImportedConversation {
    for (const [id, call] of this.#calls) {
      if (call.answered < call.count) this.note(call.pointer, "unanswered", { about: "unanswered", id: JSON.stringify(id), name: call.name });
    }
    const { systemPrompt, messages, tools } = this;
    return {
      format: this.format,
      context: { ...(systemPrompt === undefined ? {} : { systemPrompt }), messages, tools },
      messagePointers: this.pointers,
      blockPlaces: this.blockPlaces,
      toolPointers: this.toolPointers,
      notes: this.notes,
    };
  }

  #push(message: Message, pointer: string): void {
    this.messages.push(message);
    this.pointers.push(pointer);
  }
}
