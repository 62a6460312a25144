// Bytes as text, the one way every command reads them: strict UTF-8 (RFC 8259 §8.1: JSON
// exchanged between systems is UTF-8), so a log or a body that is not text is refused with the
// place of its first bad byte instead of being decoded into replacement characters silently; and
// a leading byte order mark dropped, which §8.1 lets a parser ignore (editors on Windows add one).
// https://www.rfc-editor.org/rfc/rfc8259#section-8.1

export type DecodedText = { ok: true; text: string } | { ok: false; offset: number };

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenient = new TextDecoder("utf-8", { ignoreBOM: false });

export function decodeText(bytes: Uint8Array): DecodedText {
  try {
    return { ok: true, text: strict.decode(bytes) };
  } catch {
    // Where the first replacement character lands is where the first bad byte was.
    const text = lenient.decode(bytes);
    return { ok: false, offset: Math.max(0, text.indexOf("\uFFFD")) };
  }
}
