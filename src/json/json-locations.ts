// Where things are in a JSON text: the line and column of the values (and keys) that a set of JSON
// pointers (RFC 6901) name, and the first duplicate key. JSON.parse keeps the last of two equal keys
// silently and forgets every position, yet an error message about a parsed value should point the
// reader at the text. One forward pass with an explicit stack — no recursion, so 10,000-deep
// nesting cannot overflow — and no per-value allocation outside the objects whose keys it must
// remember. The text is expected to be valid JSON (parse it first); on invalid text the scan stops
// at the first surprise and returns what it found so far.

/** 1-based line and column (in UTF-16 code units, as editors count) plus the 0-based offset. */
export interface JsonPosition {
  line: number;
  column: number;
  offset: number;
}

export interface JsonLocation {
  /** Where the value starts (its first character). */
  value: JsonPosition;
  /** Where its key's opening quote is, for a member of an object. */
  key?: JsonPosition;
}

export interface JsonDuplicateKey {
  /** The key as JSON.parse reads it (escapes decoded). */
  key: string;
  /** Pointer of the member the duplicate names (its parent object's pointer plus the key). */
  pointer: string;
  /** The opening quote of the second occurrence. */
  position: JsonPosition;
  /** The opening quote of the first occurrence. */
  first: JsonPosition;
}

export interface JsonScan {
  locations: Map<string, JsonLocation>;
  duplicate?: JsonDuplicateKey;
}

/** RFC 6901: `~` becomes `~0`, `/` becomes `~1`; the root is the empty string. */
export function toJsonPointer(path: readonly (string | number)[]): string {
  let pointer = "";
  for (const part of path) pointer += `/${escapePointerToken(String(part))}`;
  return pointer;
}

/** `base` followed by `keys`, as one pointer: `pointer("/messages/2", "content", 0)`. */
export function pointer(base: string, ...keys: readonly (string | number)[]): string {
  return base + toJsonPointer(keys);
}

/** The reverse of `toJsonPointer`; array indexes come back as strings, as RFC 6901 has them. */
export function fromJsonPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function escapePointerToken(token: string): string {
  return token.includes("~") || token.includes("/") ? token.replace(/~/g, "~0").replace(/\//g, "~1") : token;
}

/** The positions of the values (and keys) named by `pointers`; absent pointers are left out. */
export function locateJsonPointers(text: string, pointers: Iterable<string>): Map<string, JsonLocation> {
  return scanJson(text, pointers, { duplicates: false }).locations;
}

/** The first key that repeats within one object, in document order of the repeat. */
export function findDuplicateKey(text: string): JsonDuplicateKey | undefined {
  return scanJson(text, []).duplicate;
}

interface Frame {
  isObject: boolean;
  /** Wanted pointers below this container, by the token that leads to them (absent: none). */
  below: Map<string, number[]> | undefined;
  /** Next array index, for arrays. */
  index: number;
  /** Keys seen so far with their positions, for objects (duplicate detection). */
  keys: Map<string, JsonPosition> | undefined;
  /** The member being read: its key and the key's position. */
  key: string;
  keyPosition: JsonPosition | undefined;
}

/**
 * Both answers in one pass. A member of a repeated key is located at its last occurrence, the one
 * JSON.parse keeps. Told not to look for duplicates, the scan steps over every container no wanted
 * pointer leads into, counting only its lines: a few places in a 10 MB body cost one quick pass.
 */
export function scanJson(text: string, pointers: Iterable<string>, { duplicates = true }: { duplicates?: boolean } = {}): JsonScan {
  const wanted = [...new Set(pointers)];
  // Nothing to place and no repeat to look for (a clean import or lint, as most are): the answer
  // is empty without a pass over the text, which on a 10 MB body is 20–60 ms.
  if (wanted.length === 0 && !duplicates) return { locations: new Map() };
  const wantedTokens = wanted.map(fromJsonPointer);
  const everyWanted = wanted.map((_, at) => at);
  const locations = new Map<string, JsonLocation>();
  let duplicate: JsonDuplicateKey | undefined;
  const stack: Frame[] = [];
  const length = text.length;
  let index = 0;
  let line = 1;
  let lineStart = 0;
  if (text.charCodeAt(0) === 0xfeff) index = 1;

  const positionAt = (offset: number): JsonPosition => ({ line, column: offset - lineStart + 1, offset });

  const skipWhitespace = (): void => {
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 0x0a) {
        line++;
        lineStart = index + 1;
      } else if (code !== 0x20 && code !== 0x09 && code !== 0x0d) {
        return;
      }
      index++;
    }
  };

  /** Index just past the closing quote of the string opening at `index`, or -1. */
  const stringEnd = (from: number): number => {
    let at = from + 1;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote === -1) return -1;
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  };

  /** Moves `index` past the container opening there, counting its lines; false on malformed text. */
  const skipContainer = (): boolean => {
    let depth = 0;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        const end = stringEnd(index);
        if (end === -1) return false;
        index = end;
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 0) {
          index++;
          return true;
        }
      } else if (code === 0x0a) {
        line++;
        lineStart = index + 1;
      }
      index++;
    }
    return false;
  };

  /** Indexes of the wanted pointers at or below the value about to be read. */
  const candidates = (): number[] | undefined => {
    const frame = stack[stack.length - 1];
    if (!frame) return everyWanted;
    return frame.below?.get(frame.isObject ? frame.key : String(frame.index));
  };

  /** The full pointer of the current member, built from the stack (only for a duplicate report). */
  const pointerFromStack = (): string => {
    let pointer = "";
    for (const frame of stack) pointer += `/${frame.isObject ? escapePointerToken(frame.key) : String(frame.index)}`;
    return pointer;
  };

  scan: for (;;) {
    // Read one value at `index`.
    skipWhitespace();
    if (index >= length) break;
    const depth = stack.length;
    const here = candidates();
    let below: Map<string, number[]> | undefined;
    for (const at of here ?? []) {
      const tokens = wantedTokens[at] ?? [];
      const token = tokens[depth];
      if (token === undefined) {
        const frame = stack[stack.length - 1];
        const location: JsonLocation = { value: positionAt(index) };
        if (frame?.isObject && frame.keyPosition) location.key = frame.keyPosition;
        locations.set(wanted[at] ?? "", location);
      } else {
        below ??= new Map();
        const list = below.get(token);
        if (list) list.push(at);
        else below.set(token, [at]);
      }
    }
    const code = text.charCodeAt(index);
    if ((code === 0x7b || code === 0x5b) && !duplicates && below === undefined) {
      if (!skipContainer()) break;
    } else if (code === 0x7b || code === 0x5b) {
      const isObject = code === 0x7b;
      stack.push({
        isObject,
        below,
        index: 0,
        keys: isObject && duplicates ? new Map() : undefined,
        key: "",
        keyPosition: undefined,
      });
      index++;
      skipWhitespace();
      const close = isObject ? 0x7d : 0x5d;
      if (text.charCodeAt(index) === close) {
        stack.pop();
        index++;
      } else if (isObject) {
        if (!readKey()) break;
        continue;
      } else {
        continue;
      }
    } else if (code === 0x22) {
      const end = stringEnd(index);
      if (end === -1) break;
      index = end;
    } else {
      // Number or literal: runs until a delimiter.
      const start = index;
      while (index < length) {
        const c = text.charCodeAt(index);
        if (c === 0x2c || c === 0x7d || c === 0x5d || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) break;
        index++;
      }
      if (index === start) break;
    }

    // After a value: close containers or move to the next member.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (!frame) break scan;
      skipWhitespace();
      const c = text.charCodeAt(index);
      if (c === 0x2c) {
        index++;
        if (frame.isObject) {
          skipWhitespace();
          if (!readKey()) break scan;
        } else {
          frame.index++;
        }
        continue scan;
      }
      if (c === (frame.isObject ? 0x7d : 0x5d)) {
        stack.pop();
        index++;
        continue;
      }
      break scan;
    }
  }

  return duplicate ? { locations, duplicate } : { locations };

  /** Reads `"key" :` at `index` into the top frame; false on malformed text. */
  function readKey(): boolean {
    const frame = stack[stack.length - 1];
    if (!frame || text.charCodeAt(index) !== 0x22) return false;
    const end = stringEnd(index);
    if (end === -1) return false;
    const raw = text.slice(index + 1, end - 1);
    let key = raw;
    if (raw.includes("\\")) {
      let decoded: unknown;
      try {
        decoded = JSON.parse(text.slice(index, end));
      } catch {
        return false;
      }
      if (typeof decoded !== "string") return false;
      key = decoded;
    }
    const position = positionAt(index);
    frame.key = key;
    frame.keyPosition = position;
    const keys = frame.keys;
    if (keys) {
      const first = keys.get(key);
      if (first && !duplicate) duplicate = { key, pointer: pointerFromStack(), position, first };
      else if (!first) keys.set(key, position);
    }
    index = end;
    skipWhitespace();
    if (text.charCodeAt(index) !== 0x3a) return false;
    index++;
    return true;
  }
}
