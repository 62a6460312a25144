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
 *  cannot see but a model or a program reads. The `u` flag matches the last two as whole code
 *  points. */
const C0_CONTROLS = "\\u0000-\\u0008\\u000a-\\u001f";
const INVISIBLE =
  "\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ufe00-\\ufe0f\\ufeff\\ufff9-\\ufffb\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}";
// Built from text: written as a literal, a class holding the variation selectors reads to a linter
// as a character and its combining mark; here each is matched alone, to be written out.
const UNSAFE = new RegExp(`[${C0_CONTROLS}${INVISIBLE}]`, "gu");

/** The subset JSON.stringify leaves raw (it already escapes C0 as \n, \u001b, …). */
const UNSAFE_IN_JSON = new RegExp(`[${INVISIBLE}]`, "gu");

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
