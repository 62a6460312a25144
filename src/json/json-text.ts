// Character classes and small helpers for the partial-JSON parser: JSON's whitespace, digits and
// escapes, the number a cut-off number text stands for, and writing a key the way JSON.parse does.

export const ESCAPES: Record<number, string> = { 0x22: '"', 0x5c: "\\", 0x2f: "/", 0x62: "\b", 0x66: "\f", 0x6e: "\n", 0x72: "\r", 0x74: "\t" };

/** "12." → 12, "1e" → 1, "-" → nothing yet: the number the digits so far stand for. */
export function partialNumber(text: string): number | undefined {
  let end = text.length;
  while (end > 0 && !isDigit(text.charCodeAt(end - 1))) end--;
  if (end === 0) return undefined;
  const value = Number(text.slice(0, end));
  return Number.isNaN(value) ? undefined : value;
}

/** JSON.parse makes `__proto__` an own key; plain assignment would set the prototype instead. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

export function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isHex(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

export function isNumberChar(code: number): boolean {
  return isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}
