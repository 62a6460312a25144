// Builds a text content block; the one helper every tool and fixture uses to write content.
import type { TextContent } from "./types.ts";

export function text(value: string): TextContent {
  return { type: "text", text: value };
}
