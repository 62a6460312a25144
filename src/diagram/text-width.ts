// How many terminal columns a text takes: a Chinese character (East Asian Wide or Fullwidth,
// https://www.unicode.org/reports/tr11/) takes two, so a zh diagram must count them to fit its width.

const wideRanges: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

export function charColumns(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return wideRanges.some(([low, high]) => code >= low && code <= high) ? 2 : 1;
}

export function textColumns(text: string): number {
  let columns = 0;
  for (const char of text) columns += charColumns(char);
  return columns;
}

/** `text` cut to at most `columns` columns, the cut marked with `…`. */
export function fitColumns(text: string, columns: number): string {
  if (textColumns(text) <= columns) return text;
  let kept = "";
  let used = 0;
  for (const char of text) {
    const width = charColumns(char);
    if (used + width > columns - 1) break;
    kept += char;
    used += width;
  }
  return `${kept}…`;
}

/** `text` in lines of at most `columns` columns, broken after a space where there is one (a
 *  Chinese line, which has none, between any two characters): a heading wraps, never cut. */
export function wrapColumns(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of text.match(/\S+\s*|\s+/g) ?? []) {
    const width = textColumns(word.trimEnd());
    if (used > 0 && used + width > columns) {
      lines.push(line.trimEnd());
      line = "";
      used = 0;
    }
    for (const char of word) {
      // A word wider than the line (or a run of wide characters) breaks between characters.
      if (used + charColumns(char) > columns && char.trim() !== "") {
        lines.push(line.trimEnd());
        line = "";
        used = 0;
      }
      line += char;
      used += charColumns(char);
    }
  }
  if (line.trimEnd() !== "" || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
