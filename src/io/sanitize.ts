// The one gate between data and a terminal. Fixture text, model output, tool output and a
// person's input are data: a control character in them must be shown, never obeyed. Every line
// the app prints goes through `visible` (or, for JSON, `jsonSafe`) before the app adds colour, so
// the app's own colour codes are the only escape sequences in its output.

/** Characters a terminal or a text view may act on instead of showing: C0 controls (tab
 *  excepted), DEL, C1 controls (U+0085 included), the bidi controls (U+061C, U+200E/F,
 *  U+202A–E, U+2066–9), zero-width and invisible characters (U+00AD soft hyphen, U+180E,
 *  U+200B–D, U+2060–4, the deprecated format controls U+206A–F, U+FEFF, the interlinear
 *  annotation controls U+FFF9–B), the line/paragraph separators U+2028/9, the variation
 *  selectors (U+FE00–F, U+E0100–EF) and the tag characters (U+E0000–7F), which hide text a reader
 *  cannot see but a model or a program reads. Inclusive code point ranges; C0 first. */
export const unsafeRanges: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0a, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x61c, 0x61c],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

/** A pattern matching each character of `ranges` (whole, where it is two UTF-16 halves), without
 *  the `u` flag: a class of UTF-16 units is matched unit by unit, which measured 1.7× faster than
 *  the same class read by code point — and every line the app prints, and every `serve --json`
 *  event, is tested against it. A range beyond U+FFFF is written as its high half followed by the
 *  low halves it spans, so the pair is matched together (and a lone half never is, as with `u`). */
function pattern(ranges: readonly (readonly [number, number])[]): string {
  const unit = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;
  const span = ([low, high]: readonly [number, number]) => (low === high ? unit(low) : `${unit(low)}-${unit(high)}`);
  const astral = new Map<number, string>();
  let bmp = "";
  for (const [low, high] of ranges) {
    if (high <= 0xffff) {
      bmp += span([low, high]);
      continue;
    }
    // UTF-16: 0x10000 + 0x400 × (lead − 0xD800) + (trail − 0xDC00). Every astral range here stays
    // within one lead (1,024 code points share one), so it is one run of trails after it.
    const lead = 0xd800 + ((low - 0x10000) >> 10);
    if (lead !== 0xd800 + ((high - 0x10000) >> 10)) throw new Error("an unsafe range spans two high surrogates");
    astral.set(lead, `${astral.get(lead) ?? ""}${span([0xdc00 + ((low - 0x10000) & 0x3ff), 0xdc00 + ((high - 0x10000) & 0x3ff)])}`);
  }
  return [`[${bmp}]`, ...[...astral].map(([lead, trails]) => `${unit(lead)}[${trails}]`)].join("|");
}

const UNSAFE = new RegExp(pattern(unsafeRanges), "g");

/** The subset JSON.stringify leaves raw (it already escapes C0 as \n, \u001b, …). */
const UNSAFE_IN_JSON = new RegExp(pattern(unsafeRanges.filter(([low]) => low >= 0x7f)), "g");

/** `\u001b`; a character beyond U+FFFF as its two UTF-16 halves (`\udb40\udc01`), as JSON writes it. */
function escapeOf(char: string): string {
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  let escaped = "";
  for (let index = 0; index < char.length; index++) escaped += `\\u${char.charCodeAt(index).toString(16).padStart(4, "0")}`;
  return escaped;
}

/** `a\u001b[2Jb` for `a<ESC>[2Jb`: one line of text with every unsafe character written out.
 *  `mark` styles each written-out escape (dim on a terminal) so it reads as not part of the data. */
export function visible(text: string, mark: (sequence: string) => string = (sequence) => sequence): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, (char) => mark(escapeOf(char))) : text;
}

/** Several lines (a help text, a commander message): each line made visible, line breaks kept. */
export function visibleLines(text: string): string {
  return text
    .split("\n")
    .map((line) => visible(line))
    .join("\n");
}

/** The app's own colour codes (SGR: ESC [ digits ; … m), the one escape sequence it prints. */
const COLOUR = /(\u001b\[[0-9;]*m)/;

/** Text that may already carry the app's colours (a styled transcript line on its way to a prompt
 *  library): everything but those colour codes is made visible, line by line. */
export function visibleKeepingColour(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .split(COLOUR)
        .map((part, index) => (index % 2 === 1 ? part : visible(part)))
        .join(""),
    )
    .join("\n");
}

/** JSON text with the characters JSON.stringify leaves raw escaped too; still the same JSON. */
export function jsonSafe(jsonText: string): string {
  UNSAFE_IN_JSON.lastIndex = 0;
  return UNSAFE_IN_JSON.test(jsonText) ? jsonText.replace(UNSAFE_IN_JSON, escapeOf) : jsonText;
}

/** True when `text` holds a character `visible` would write out. */
export function hasUnsafe(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}
