// A Pi coding-agent session file (JSON Lines, packages/coding-agent's session manager; format in
// its docs/session.md) → neutral conversation. Since version 2 the entries form a tree through
// `id` / `parentId`: the conversation is the path from the root to a leaf — the last entry of the
// file unless `--branch <id>` names another entry — and the other leaves are listed as branches.
// Version 1 files are linear: each entry's parent is the one before it. A session records messages
// but neither the system prompt nor the tool definitions; import says so rather than guessing.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { locateJsonPointers, pointer } from "../../json/json-locations.ts";
import { findJsonSyntaxError } from "../../json/json-syntax.ts";
import type { ImageContent, Message, TextContent } from "../../protocol/types.ts";
import { ConversationBuilder } from "../../providers/shared/conversation-builder.ts";
import { ImportError, type ImportedConversation } from "../../providers/shared/imported-conversation.ts";
import type { MalformedSource } from "../../providers/shared/malformed-source.ts";
import { expectArray, expectId, expectObject, expectString } from "../../providers/shared/request-guards.ts";

interface Entry {
  id: string;
  parentId: string | null;
  type: string;
  line: number;
  text: string;
  value: JsonObject;
}

/** The first non-blank line is a JSON object with `"type": "session"`: Pi's header. */
export function looksLikePiSession(text: string): boolean {
  // Only the first non-blank line is read: a body of megabytes is not split to look at it.
  const start = text.search(/\S/);
  if (start === -1) return false;
  const end = text.indexOf("\n", start);
  const first = text.slice(start, end === -1 ? undefined : end);
  // Parsed only when it can be a header: a one-line request body of 1,000,000 keys would
  // otherwise be parsed here once more, for nothing.
  if (!/"type"\s*:\s*"session"/.test(first)) return false;
  try {
    const header: unknown = JSON.parse(first);
    return isRecord(header) && header.type === "session";
  } catch {
    return false;
  }
}

export function parsePiSession(text: string, branch: string | undefined): ImportedConversation {
  const lines = text.split("\n");
  const entries: Entry[] = [];
  let version = 1;
  let sawHeader = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const source = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (source.trim().length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      const problem = findJsonSyntaxError(source);
      throw new ImportError("", { kind: "notJson", problem: problem?.problem }, line, problem?.column);
    }
    const entry = expectObjectAt(value, line);
    if (entry.type === "session") {
      if (sawHeader) throw new ImportError("/type", { kind: "secondHeader" }, line, 1);
      sawHeader = true;
      version = typeof entry.version === "number" ? entry.version : 1;
      return;
    }
    if (!sawHeader) throw new ImportError("/type", { kind: "firstNotHeader" }, line, 1);
    const type = typeof entry.type === "string" ? entry.type : "";
    if (version >= 2) {
      const id = withLine(line, source, () => expectString(entry.id, "/id", "id"));
      const parentId =
        entry.parentId === null || entry.parentId === undefined ? null : withLine(line, source, () => expectString(entry.parentId, "/parentId", "parentId"));
      entries.push({ id, parentId, type, line, text: source, value: entry });
    } else {
      // Linear: the line number is the id, the entry before is the parent (Pi migrates v1 the same way).
      const previous = entries[entries.length - 1];
      entries.push({ id: `line-${line}`, parentId: previous ? previous.id : null, type, line, text: source, value: entry });
    }
  });
  if (!sawHeader) throw new ImportError("", { kind: "emptySession" }, 1, 1);

  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const hasChild = new Set(entries.flatMap((entry) => (entry.parentId === null ? [] : [entry.parentId])));
  const leaves = entries.filter((entry) => !hasChild.has(entry.id));
  const last = entries[entries.length - 1];
  let leaf = last;
  if (branch !== undefined) {
    leaf = byId.get(branch);
    if (!leaf) throw new ImportError("", { kind: "noSuchEntry", id: JSON.stringify(branch), leaves: leaves.map((entry) => entry.id) }, 1, 1);
  }
  const path: Entry[] = [];
  const seen = new Set<string>();
  for (let current = leaf; current; current = current.parentId === null ? undefined : byId.get(current.parentId)) {
    if (seen.has(current.id)) throw new ImportError("/parentId", { kind: "parentCycle" }, current.line, 1);
    seen.add(current.id);
    path.push(current);
    if (current.parentId !== null && !byId.has(current.parentId))
      throw withPosition(current, "/parentId", { kind: "parentMissing", parent: JSON.stringify(current.parentId) });
  }

  // Collected leaf to root (push is linear; unshift would be quadratic on a long session).
  path.reverse();
  const builder = new ConversationBuilder("pi-session");
  builder.note("", "filledIn", { about: "piNoSystemOrTools" });
  builder.note("", "fieldDropped", { about: "piReplyMetadata" });
  const compaction = [...path].reverse().find((entry) => entry.type === "compaction");
  let keep = compaction === undefined;
  for (const entry of path) {
    if (compaction && entry === compaction) {
      const summary = typeof entry.value.summary === "string" ? entry.value.summary : "";
      builder.note(`line ${entry.line}`, "formChanged", { about: "piCompaction" });
      builder.user(summary, `line ${entry.line}`);
      keep = true;
      continue;
    }
    if (compaction && !keep && entry.id !== compaction.value.firstKeptEntryId) continue;
    keep = true;
    withLine(entry.line, entry.text, () => addEntry(entry, builder));
  }

  const conversation = builder.finish();
  // Notes about an entry name its line ("line 7 /message/content/2"): split into line and pointer.
  conversation.notes = conversation.notes.map((note) => {
    const match = /^line (\d+) ?(.*)$/.exec(note.pointer);
    return match ? { ...note, pointer: match[2] ?? "", line: Number(match[1]) } : note;
  });
  // Tools a session used, declared with an open schema: the replay accepts what the real tool accepted.
  const names = [
    ...new Set(
      conversation.context.messages.flatMap((message) =>
        message.role === "assistant" ? message.content.flatMap((block) => (block.type === "toolCall" ? [block.name] : [])) : [],
      ),
    ),
  ];
  conversation.context.tools.push(...names.map((name) => ({ name, description: "(not recorded in the session)", parameters: { type: "object" } })));
  const depths = depthsOf(entries, byId);
  conversation.branches = leaves.map((entry) => ({ leafId: entry.id, entries: depths.get(entry.id) ?? 0, chosen: entry === leaf }));
  if (leaf && !leaves.includes(leaf)) conversation.branches.push({ leafId: leaf.id, entries: depths.get(leaf.id) ?? 0, chosen: true });
  return conversation;
}

function addEntry(entry: Entry, builder: ConversationBuilder): void {
  const at = `line ${entry.line}`;
  switch (entry.type) {
    case "message": {
      const message = expectObject(entry.value.message, "/message", "message");
      addMessage(message, at, builder);
      return;
    }
    case "custom_message":
      builder.note(at, "formChanged", { about: "piExtensionMessage", customType: String(entry.value.customType) });
      builder.user(userContent(entry.value.content, "/content"), at);
      return;
    case "branch_summary":
      builder.note(at, "formChanged", { about: "piBranchSummary" });
      builder.user(typeof entry.value.summary === "string" ? entry.value.summary : "", at);
      return;
    default:
      // model_change, thinking_level_change, label, session_info, custom: settings and bookkeeping, not context.
      builder.note(at, "fieldDropped", { about: "piBookkeeping", entryType: entry.type });
  }
}

function addMessage(message: JsonObject, at: string, builder: ConversationBuilder): void {
  const role = expectString(message.role, "/message/role", "role");
  switch (role) {
    case "user":
      builder.user(userContent(message.content, "/message/content"), at);
      return;
    case "assistant": {
      const content = expectArray(message.content, "/message/content", "content").flatMap(
        (raw, index): Extract<Message, { role: "assistant" }>["content"][number][] => {
          const blockAt = pointer("/message/content", index);
          const block = expectObject(raw, blockAt, { thing: "contentBlock" });
          if (block.type === "text") return [{ type: "text", text: expectString(block.text, pointer(blockAt, "text"), "text") }];
          if (block.type === "toolCall")
            return [
              {
                type: "toolCall",
                id: expectId(block.id, pointer(blockAt, "id"), "toolCall.id"),
                name: expectString(block.name, pointer(blockAt, "name"), "name"),
                arguments: block.arguments,
              },
            ];
          if (block.type === "thinking") {
            const signature = typeof block.thinkingSignature === "string" ? block.thinkingSignature : undefined;
            return [
              {
                type: "thinking",
                thinking: expectString(block.thinking, pointer(blockAt, "thinking"), "thinking"),
                ...(signature === undefined ? {} : { thinkingSignature: signature }),
                ...(block.redacted === true ? { redacted: true } : {}),
              },
            ];
          }
          builder.note(`${at} ${blockAt}`, "blockDropped", { about: "droppedBlock", type: String(block.type), notBase64: false });
          return [];
        },
      );
      const callPointers = content.flatMap((block, index) => (block.type === "toolCall" ? [`${at} /message/content/${index}`] : []));
      builder.assistant(content, at, callPointers);
      const added = builder.messages[builder.messages.length - 1];
      if (added?.role === "assistant") {
        const stopReason = message.stopReason;
        if (stopReason === "stop" || stopReason === "length" || stopReason === "toolUse" || stopReason === "error" || stopReason === "aborted")
          added.stopReason = stopReason;
        if (typeof message.errorMessage === "string") added.errorMessage = message.errorMessage;
        for (const key of ["api", "provider", "model", "responseId"] as const) {
          const value = message[key];
          if (typeof value === "string") added[key] = value;
        }
      }
      const dropped = Object.keys(message).filter(
        (key) => !["role", "content", "stopReason", "errorMessage", "api", "provider", "model", "responseId", "timestamp", "usage"].includes(key),
      );
      if (dropped.length > 0) builder.note(at, "fieldDropped", { about: "piAssistantFields", fields: dropped });
      return;
    }
    case "toolResult": {
      const id = expectId(message.toolCallId, "/message/toolCallId", "toolCallId");
      const content = userContent(message.content, "/message/content");
      if (message.details !== undefined) builder.note(at, "fieldDropped", { about: "piResultDetails" });
      builder.result(id, typeof content === "string" ? [{ type: "text", text: content }] : content, message.isError === true, at, "/message/toolCallId");
      return;
    }
    case "bashExecution":
    case "custom":
    case "branchSummary":
    case "compactionSummary":
      builder.note(at, "formChanged", { about: "piReplayedAsUser", role });
      builder.user(
        typeof message.summary === "string"
          ? message.summary
          : typeof message.output === "string"
            ? `$ ${String(message.command)}\n${message.output}`
            : userContent(message.content ?? "", "/message/content"),
        at,
      );
      return;
    default:
      builder.note(at, "blockDropped", { about: "droppedRole", role: JSON.stringify(role), container: "message" });
  }
}

function userContent(content: unknown, at: string): string | (TextContent | ImageContent)[] {
  if (typeof content === "string") return content;
  return expectArray(content, at, "content").flatMap((raw, index): (TextContent | ImageContent)[] => {
    const block = expectObject(raw, pointer(at, index), { thing: "contentBlock" });
    if (block.type === "image")
      return [
        {
          type: "image",
          data: expectString(block.data, pointer(at, index, "data"), "data"),
          mimeType: expectString(block.mimeType, pointer(at, index, "mimeType"), "mimeType"),
        },
      ];
    return [{ type: "text", text: expectString(block.text, pointer(at, index, "text"), "text") }];
  });
}

/** Every entry's depth — entries from its root to it, itself included — each counted once: a
 *  walk up stops at the first entry whose depth is known, so 20,000 branches off one long chain
 *  cost the chain once, not once per branch. A cycle counts as ending where it closes. */
function depthsOf(entries: readonly Entry[], byId: ReadonlyMap<string, Entry>): Map<string, number> {
  const depths = new Map<string, number>();
  for (const entry of entries) {
    const chain: Entry[] = [];
    const onChain = new Set<string>();
    let current: Entry | undefined = entry;
    while (current && !depths.has(current.id) && !onChain.has(current.id)) {
      chain.push(current);
      onChain.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    let depth = current ? (depths.get(current.id) ?? 0) : 0;
    for (let index = chain.length - 1; index >= 0; index--) {
      const link = chain[index];
      if (link) depths.set(link.id, ++depth);
    }
  }
  return depths;
}

function expectObjectAt(value: unknown, line: number): JsonObject {
  if (!isRecord(value)) throw new ImportError("", { kind: "lineNotObject" }, line, 1);
  return value;
}

/** An ImportError from inside an entry gets the entry's line and the column of its pointer. */
function withLine<T>(line: number, source: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ImportError) || error.line !== undefined) throw error;
    const where = locateJsonPointers(source, [error.pointer]).get(error.pointer);
    throw new ImportError(error.pointer, error.problem, line, where?.value.column ?? 1);
  }
}

function withPosition(entry: Entry, at: string, problem: MalformedSource): ImportError {
  const where = locateJsonPointers(entry.text, [at]).get(at);
  return new ImportError(at, problem, entry.line, where?.value.column ?? 1);
}
