// Compact one-line forms of protocol data for the transcript. Language-neutral: these show data
// exactly as the model or the app produced it, so they read the same in every --lang.

import { jsonSafe } from "../io/sanitize.ts";
import type { ImageContent, Message, TextContent, ThinkingContent } from "../protocol/types.ts";

/** Longer data is cut: a transcript line should stay a line even when a model sends a novel. */
export const PREVIEW_LIMIT = 400;

export function clip(value: string, limit = PREVIEW_LIMIT): string {
  return value.length <= limit ? value : `${value.slice(0, limit)}…(+${value.length - limit})`;
}

/** How deep a value is shown in the transcript and the wire view; deeper parts are replaced by a
 *  marker that says so. A person cannot read fifty levels, and the cut keeps printing linear. */
export const DISPLAY_DEPTH_LIMIT = 48;

/** What stands in for a part of a value cut off at `limit` levels. */
export function depthMarker(limit: number): string {
  return `…(cut: deeper than ${limit} levels)`;
}

/** The value itself when it is at most `limit` levels deep and has no cycle; otherwise a copy in
 *  which every container below `limit` (and every cycle) is the marker string. Iterative, so a
 *  value nested a hundred thousand levels deep costs time in proportion to its size, not the stack. */
export function depthCut(value: unknown, limit: number): unknown {
  if (typeof value !== "object" || value === null || fitsDepth(value, limit)) return value;
  const marker = depthMarker(limit);
  const root: unknown = Array.isArray(value) ? [] : {};
  type Task = { exit: object } | { from: object; to: object; depth: number };
  const onPath = new Set<object>([value]);
  const stack: Task[] = [{ exit: value }, { from: value, to: root as object, depth: 0 }];
  while (stack.length > 0) {
    const task = stack.pop() as Task;
    if ("exit" in task) {
      onPath.delete(task.exit);
      continue;
    }
    for (const [key, child] of Object.entries(task.from)) {
      let copy: unknown = child;
      if (isContainer(child)) {
        if (task.depth + 1 >= limit || onPath.has(child)) copy = marker;
        else {
          copy = Array.isArray(child) ? [] : {};
          onPath.add(child);
          stack.push({ exit: child }, { from: child, to: copy as object, depth: task.depth + 1 });
        }
      }
      Reflect.set(task.to, key, copy);
    }
  }
  return root;
}

/** Arrays and plain records; anything with its own toJSON (a Date) is a leaf, as JSON treats it. */
function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "toJSON") !== "function";
}

function fitsDepth(value: object, limit: number): boolean {
  const seen = new Set<object>();
  const stack: [object, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [object, number];
    // A node met twice may be a cycle; the careful copy sorts that out.
    if (depth >= limit || seen.has(node)) return false;
    seen.add(node);
    for (const child of Object.values(node)) if (isContainer(child)) stack.push([child, depth + 1]);
  }
  return true;
}

/** JSON text of any value, never throwing: cut at `limit` levels, every unsafe character escaped. */
export function safeJson(value: unknown, limit: number): string {
  return jsonSafe(JSON.stringify(depthCut(value, limit)) ?? "null");
}

/** Compact JSON, clipped; data that JSON cannot show (cycles, absurd depth) still prints. */
export function json(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    return clip(safeJson(value, DISPLAY_DEPTH_LIMIT));
  } catch {
    return "[unprintable]";
  }
}

/** `"8192"`: text shown in quotes as it is, with line breaks made visible. */
export function quoted(value: string): string {
  return `"${clip(value.replace(/\r?\n/g, "\\n"))}"`;
}

export function contentText(content: string | readonly (TextContent | ImageContent)[]): string {
  return typeof content === "string" ? content : content.map((block) => (block.type === "text" ? block.text : imagePlaceholder(block))).join("");
}

/** `[image image/png 2.1 KB]`: an image is shown by what it is, never by its bytes. */
export function imagePlaceholder(image: ImageContent): string {
  const padding = image.data.endsWith("==") ? 2 : image.data.endsWith("=") ? 1 : 0;
  const bytes = Math.max(0, Math.floor((image.data.length * 3) / 4) - padding);
  const size = bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
  return `[image ${image.mimeType} ${size}]`;
}

/** Reasoning folded to one line: its first line, clipped, and how much more there is. */
export function foldedThinking(block: ThinkingContent): string {
  if (block.redacted) return "(redacted)";
  const lines = block.thinking.trim().split(/\r?\n/);
  const first = clip(lines[0] ?? "", 80);
  return lines.length > 1 ? `${first} …(+${lines.length - 1} lines)` : first;
}

/** `calc#call_1 isError=false "8192"` for a result, the chapter's way of writing one. */
export function summarizeMessage(message: Message): string {
  switch (message.role) {
    case "user":
      return clip(contentText(message.content).replace(/\r?\n/g, "\\n"));
    case "assistant":
      return `${message.content
        .map((block) =>
          block.type === "text"
            ? `text(${quoted(block.text)})`
            : block.type === "thinking"
              ? `thinking(${foldedThinking(block)})`
              : `toolCall(${block.name} ${json(block.arguments)})`,
        )
        .join(" + ")}  stopReason=${message.stopReason}`;
    case "toolResult":
      return `${message.toolName}#${message.toolCallId} isError=${message.isError} ${quoted(contentText(message.content))}`;
  }
}

/** `[assistant]  text(…)`: the role column is as wide as the widest role, as in chapter 3.4. */
export function historyLine(message: Message): string {
  return `${`[${message.role}]`.padEnd(13)}${summarizeMessage(message)}`;
}

/** Indented JSON that keeps any object or array that fits in `width` on one line: a request body
 *  a person can read, not one number per line. */
export function prettyJson(value: unknown, width = 100): string {
  return jsonSafe(prettyLayout(depthCut(value, DISPLAY_DEPTH_LIMIT), width, ""));
}

function prettyLayout(value: unknown, width: number, indent: string): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return "null";
  if (indent.length + flat.length <= width || typeof value !== "object" || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item: unknown) => `${inner}${prettyLayout(item, width, inner)}`).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${prettyLayout(item, width, inner)}`).join(",\n")}\n${indent}}`;
}

/** What a thrown value says: an Error's message, or the value as text (a value that cannot be made
 *  text, a null-prototype object say, is named so rather than thrown again). */
export function errorText(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "unprintable error";
  }
}
