// Compact one-line forms of protocol data for the transcript. Language-neutral: these show data
// exactly as the model or the app produced it, so they read the same in every --lang.
import type { Message, TextContent } from "../types.ts";

/** Longer data is cut: a transcript line should stay a line even when a model sends a novel. */
export const PREVIEW_LIMIT = 400;

export function clip(value: string, limit = PREVIEW_LIMIT): string {
  return value.length <= limit ? value : `${value.slice(0, limit)}…(+${value.length - limit})`;
}

/** Compact JSON, clipped; data that JSON cannot show (cycles, absurd depth) still prints. */
export function json(value: unknown): string {
  if (value === undefined) return "undefined";
  try {
    return clip(JSON.stringify(value) ?? String(value));
  } catch {
    return Array.isArray(value) ? "[…too deep to print]" : typeof value === "object" ? "{…too deep to print}" : "[unprintable]";
  }
}

/** `"8192"`: text shown in quotes as it is, with line breaks made visible. */
export function quoted(value: string): string {
  return `"${clip(value.replace(/\r?\n/g, "\\n"))}"`;
}

export function contentText(content: string | readonly TextContent[]): string {
  return typeof content === "string" ? content : content.map((block) => block.text).join("");
}

/** `calc#call_1 isError=false "8192"` for a result, the chapter's way of writing one. */
export function summarizeMessage(message: Message): string {
  switch (message.role) {
    case "user":
      return clip(contentText(message.content).replace(/\r?\n/g, "\\n"));
    case "assistant":
      return `${message.content
        .map((block) => (block.type === "text" ? `text(${quoted(block.text)})` : `toolCall(${block.name} ${json(block.arguments)})`))
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
export function prettyJson(value: unknown, width = 100, indent = ""): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return "null";
  if (indent.length + flat.length <= width || typeof value !== "object" || value === null) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item: unknown) => `${inner}${prettyJson(item, width, inner)}`).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${prettyJson(item, width, inner)}`).join(",\n")}\n${indent}}`;
}
