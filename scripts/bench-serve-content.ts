// What an OpenAI Chat answer says, read from its body, for scripts/bench-serve.ts: the message's
// text and each tool call's name and arguments, from a plain body or joined from a stream's chunks.
// Two servers that say the same thing with their own ids, timestamps and usage figures read alike
// here; the bench tells a peer what to answer from serve's answers read this way, and checks that
// the peer answered with the same content.

export interface ChatCall {
  name: string;
  arguments: string;
}

export interface ChatContent {
  text: string;
  calls: ChatCall[];
}

/** A key of a JSON object, or undefined when the value is not one or lacks it. */
function field(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null || !(key in value)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A plain body: the first choice's message. */
function plainContent(body: string): ChatContent {
  const message = field(list(field(JSON.parse(body), "choices"))[0], "message");
  const calls = list(field(message, "tool_calls")).map((call) => {
    const fn = field(call, "function");
    return { name: text(field(fn, "name")), arguments: text(field(fn, "arguments")) };
  });
  return { text: text(field(message, "content")), calls };
}

/** A stream: the first choice's deltas joined, each call's pieces joined by its index. */
function streamedContent(body: string): ChatContent {
  const content: ChatContent = { text: "", calls: [] };
  for (const line of body.split("\n")) {
    if (!line.startsWith("data: {")) continue;
    const delta = field(list(field(JSON.parse(line.slice("data: ".length)), "choices"))[0], "delta");
    content.text += text(field(delta, "content"));
    for (const piece of list(field(delta, "tool_calls"))) {
      const index = field(piece, "index");
      if (typeof index !== "number") continue;
      const call = (content.calls[index] ??= { name: "", arguments: "" });
      const fn = field(piece, "function");
      call.name += text(field(fn, "name"));
      call.arguments += text(field(fn, "arguments"));
    }
  }
  return content;
}

export function chatContent(body: Uint8Array, stream: boolean): ChatContent {
  const source = Buffer.from(body).toString("utf8");
  return stream ? streamedContent(source) : plainContent(source);
}

/** The content as one line, to compare and to quote. */
export const contentLine = ({ text, calls }: ChatContent): string =>
  [JSON.stringify(text), ...calls.map((call) => `${call.name}(${call.arguments})`)].join(", ");
