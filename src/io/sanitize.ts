// The one gate between data and a terminal. Fixture text, model output, tool output and a
// person's input are data: a control character in them must be shown, never obeyed. Every line
// the app prints goes through `visible` (or, for JSON, `jsonSafe`) before the app adds colour, so
// the app's own colour codes are the only escape sequences in its output.

/** Characters a terminal or a text view may act on instead of showing: C0 controls (tab
 *  excepted), DEL, C1 controls (U+0085 included), the bidi controls (U+061C, U+200E/F,
 *  U+202A–E, U+2066–9), zero-width and invisible characters (U+200B–D, U+2060–4, U+FEFF,
 *  U+180E) and the line/paragraph separators U+2028/9. */
const UNSAFE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The subset JSON.stringify leaves raw (it already escapes C0 as \n, \u001b, …). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

function escapeOf(char: string): string {
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
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
