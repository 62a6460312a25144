// Server-sent events as text, both ways: `event:` / `data:` lines separated by blank lines (the
// format every provider streams in; https://html.spec.whatwg.org/multipage/server-sent-events.html),
// one JSON event per line, the other way captures are commonly logged, and one JSON array of events
// (what Gemini's streamGenerateContent returns without `alt=sse`). Reading is lenient — a
// comment line, a `retry:` or `id:` field, CRLF line ends — because real captures carry all of them.
/** One server-sent event: the optional `event:` line and the JSON on its `data:` line. */
export interface SseFrame {
  event?: string;
  data: unknown;
}

/** One form of a reply's stream; `label` names it where a provider has several (Gemini). */
export interface StreamVariant {
  label?: string;
  frames: SseFrame[];
}

/** One reply as a provider's stream: where it is sent from and its events. */
export interface WireStreamBlock {
  provider: string;
  endpoint: string;
  /** Usually one; Gemini shows its classic form and its streamed-arguments form. */
  variants: StreamVariant[];
}

export function formatSse(frames: readonly SseFrame[]): string {
  // One string built in place: serve writes a stream whole, once per streamed request. Each data
  // line is its event's JSON; a string is the wire's own text (Chat's closing `[DONE]`).
  let text = "";
  for (const frame of frames) {
    if (frame.event !== undefined) text += `event: ${frame.event}\n`;
    text += `data: ${typeof frame.data === "string" ? frame.data : JSON.stringify(frame.data)}\n\n`;
  }
  return text;
}

/** A line that could not be read: where, and why. */
export interface SseProblem {
  line: number;
  message: string;
}

export function readSse(text: string): { frames: SseFrame[]; problems: SseProblem[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const firstContent = lines.find((line) => line.trim() !== "")?.trim() ?? "";
  if (firstContent.startsWith("[")) {
    const whole = parseData(text.trim());
    if (whole.ok && Array.isArray(whole.value)) return { frames: whole.value.map((data: unknown) => ({ data })), problems: [] };
  }
  // One JSON object per line, no `data:` prefix: a JSON Lines capture.
  if (firstContent.startsWith("{") || firstContent.startsWith("[")) return readJsonLines(lines);
  const frames: SseFrame[] = [];
  const problems: SseProblem[] = [];
  let event: string | undefined;
  let data: string[] = [];
  let dataLine = 0;
  const flush = () => {
    if (data.length > 0) {
      const joined = data.join("\n");
      const parsed = parseData(joined);
      if (parsed.ok) frames.push({ ...(event === undefined ? {} : { event }), data: parsed.value });
      else problems.push({ line: dataLine, message: parsed.message });
    }
    event = undefined;
    data = [];
  };
  lines.forEach((line, index) => {
    if (line === "") return flush();
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") {
      if (data.length === 0) dataLine = index + 1;
      data.push(value);
    }
  });
  flush();
  return { frames, problems };
}

function readJsonLines(lines: readonly string[]): { frames: SseFrame[]; problems: SseProblem[] } {
  const frames: SseFrame[] = [];
  const problems: SseProblem[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const parsed = parseData(line.trim());
    if (parsed.ok) frames.push({ data: parsed.value });
    else problems.push({ line: index + 1, message: parsed.message });
  });
  return { frames, problems };
}

function parseData(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  // OpenAI Chat ends its stream with the literal `[DONE]`, which is not JSON.
  if (text === "[DONE]") return { ok: true, value: text };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
