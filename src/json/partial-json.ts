// An incremental partial-JSON parser: a tool call's arguments arrive as fragments of JSON text, and
// after each fragment this gives the best value known so far (`{"a":12` → `{ a: 12 }`, noting that
// 12 may still grow). It keeps its place between fragments, so each character is read once: the
// total cost of a 1 MB argument is linear however small the fragments (Pi's parseStreamingJson
// re-parses the whole prefix on every fragment, which is quadratic; `npm run bench` shows both).
//
// The value is built in place: containers are created when they open and filled as members
// complete, and the one leaf still arriving (a string, number or literal) is written into its slot
// at the end of each fragment. A caller that wants a snapshot must copy it.

/** The leaf of the value that is still arriving and may change with the next fragment. */
export type GrowingLeaf = "string" | "number" | "literal";

/** A key or an index, from the outermost value inward. */
export type JsonPathSegment = string | number;

/**
 * What one `push` (or `end`) changed in the value, in the order it happened, so a consumer can
 * keep its own copy (a UI, a preview) by applying these instead of re-reading the value: "open" a
 * new empty container at `path`, "set" a leaf (a number, literal or string, new or changed), or
 * "append" characters to the string at `path`, which an earlier change set. Reading the growing
 * value itself after every fragment costs its whole size each time: quadratic in the value.
 */
export type JsonChange =
  | { kind: "open"; path: readonly JsonPathSegment[]; container: "object" | "array" }
  | { kind: "set"; path: readonly JsonPathSegment[]; value: unknown }
  | { kind: "append"; path: readonly JsonPathSegment[]; text: string };

const NO_CHANGES: readonly JsonChange[] = Object.freeze([]);

/** Where the text stopped being JSON: the offset (in UTF-16 units) of the offending character. */
export interface PartialJsonError {
  offset: number;
  message: string;
}

import { ESCAPES, isHex, isNumberChar, isSpace, partialNumber, setOwn } from "./json-text.ts";

// Parser states, numbered for a fast switch.
const VALUE = 0; // a value must start here (whitespace allowed)
const FIRST_ITEM = 1; // just after "[": a value or "]"
const FIRST_KEY = 2; // just after "{": a key or "}"
const KEY = 3; // after "," in an object: a key
const COLON = 4; // after a key
const AFTER = 5; // after a value: "," or a closing bracket (or only whitespace at the top)
const STRING = 6; // inside a string
const ESCAPE = 7; // just after a backslash
const UNICODE = 8; // inside \uXXXX
const NUMBER = 9;
const LITERAL = 10;
const DONE = 11; // the top-level value is complete
const FAILED = 12;

interface ObjectFrame {
  kind: "object";
  value: Record<string, unknown>;
  /** The member being read; undefined between members. */
  key: string | undefined;
}
interface ArrayFrame {
  kind: "array";
  value: unknown[];
}
type Frame = ObjectFrame | ArrayFrame;

const NUMBER_SYNTAX = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** A partial number is refreshed while it is this short; a longer one only when it completes. */
const PARTIAL_NUMBER_LIMIT = 64;
const LITERALS = ["true", "false", "null"] as const;
const LITERAL_VALUES: Record<(typeof LITERALS)[number], unknown> = { true: true, false: false, null: null };

export class PartialJsonParser {
  #state = VALUE;
  #stack: Frame[] = [];
  #root: unknown = undefined;
  /** Characters consumed so far, for error offsets. */
  #offset = 0;
  #error: PartialJsonError | undefined;

  // The leaf being read.
  #text = ""; // a string's decoded text, or a number's / literal's characters
  #isKey = false;
  #leafPlaced = false;
  #hex = "";
  /** The string leaf's characters added since its last report, and whether it was reported. */
  #fresh = "";
  #reported = false;
  #changes: JsonChange[] | undefined;

  /** Feeds the next fragment. Cost: the fragment's length, plus one write of the growing leaf. */
  push(fragment: string): this {
    this.#changes = undefined;
    if (this.#state === FAILED) return this;
    const length = fragment.length;
    let index = 0;
    while (index < length && this.#state !== FAILED) {
      const state = this.#state;
      if (state === STRING) {
        // The common case, and the hot loop: copy the run of plain characters in one slice.
        let end = index;
        while (end < length) {
          const code = fragment.charCodeAt(end);
          if (code === 0x22 || code === 0x5c || code < 0x20) break;
          end++;
        }
        if (end > index) this.#addText(fragment.slice(index, end));
        if (end === length) {
          index = end;
          break;
        }
        const code = fragment.charCodeAt(end);
        index = end + 1;
        if (code === 0x22) this.#endString();
        else if (code === 0x5c) this.#state = ESCAPE;
        else this.#fail(this.#offset + end, "a control character must be escaped inside a string");
        continue;
      }
      const code = fragment.charCodeAt(index);
      this.#step(code, this.#offset + index);
      index++;
    }
    this.#offset += length;
    this.#placeGrowingLeaf();
    return this;
  }

  /** Says the text is over: a number at the very end is complete now; anything else open stays partial. */
  end(): this {
    this.#changes = undefined;
    if (this.#state === NUMBER) this.#endNumber(this.#offset);
    return this;
  }

  /** The best value known so far (undefined before any value has started). Live: later fragments change it. */
  get value(): unknown {
    return this.#root;
  }

  /** What the last `push` or `end` changed, in order (empty when it changed nothing). */
  get changes(): readonly JsonChange[] {
    return this.#changes ?? NO_CHANGES;
  }

  /** True once a whole JSON value has been read (and, at the top level, nothing else). */
  get complete(): boolean {
    return this.#state === DONE;
  }

  /** The leaf that may still change, if any: `{"a":12` → "number", since 12 may become 123. */
  get growing(): GrowingLeaf | undefined {
    const state = this.#state;
    if (state === STRING || state === ESCAPE || state === UNICODE) return this.#isKey ? undefined : "string";
    if (state === NUMBER) return "number";
    if (state === LITERAL) return "literal";
    return undefined;
  }

  get error(): PartialJsonError | undefined {
    return this.#error;
  }

  /** How many characters have been read. */
  get length(): number {
    return this.#offset;
  }

  /** One character outside a string's plain run. */
  #step(code: number, offset: number): void {
    switch (this.#state) {
      case VALUE:
      case FIRST_ITEM:
        if (isSpace(code)) return;
        if (code === 0x5d && this.#state === FIRST_ITEM) return this.#close("array", offset);
        return this.#startValue(code, offset);
      case FIRST_KEY:
      case KEY:
        if (isSpace(code)) return;
        if (code === 0x7d && this.#state === FIRST_KEY) return this.#close("object", offset);
        if (code !== 0x22) return this.#fail(offset, "expected a key in double quotes");
        this.#text = "";
        this.#fresh = "";
        this.#isKey = true;
        this.#state = STRING;
        return;
      case COLON:
        if (isSpace(code)) return;
        if (code !== 0x3a) return this.#fail(offset, 'expected ":" after a key');
        this.#state = VALUE;
        return;
      case AFTER:
        return this.#after(code, offset);
      case ESCAPE:
        return this.#escape(code, offset);
      case UNICODE: {
        if (!isHex(code)) return this.#fail(offset, "expected four hex digits after \\u");
        this.#hex += String.fromCharCode(code);
        if (this.#hex.length === 4) {
          this.#addText(String.fromCharCode(Number.parseInt(this.#hex, 16)));
          this.#state = STRING;
        }
        return;
      }
      case NUMBER:
        if (isNumberChar(code)) {
          this.#text += String.fromCharCode(code);
          return;
        }
        this.#endNumber(offset);
        if (!this.#error) this.#step(code, offset);
        return;
      case LITERAL: {
        const text = this.#text + String.fromCharCode(code);
        const literal = LITERALS.find((word) => word.startsWith(text));
        if (!literal) return this.#fail(offset, `expected ${LITERALS.join(", ")}`);
        this.#text = text;
        if (text === literal) this.#completeLeaf(LITERAL_VALUES[literal]);
        return;
      }
      case DONE:
        if (!isSpace(code)) this.#fail(offset, "unexpected text after the JSON value");
        return;
    }
  }

  #startValue(code: number, offset: number): void {
    switch (code) {
      case 0x7b: {
        const value: Record<string, unknown> = {};
        this.#place(value);
        this.#record({ kind: "open", path: this.#path(), container: "object" });
        this.#stack.push({ kind: "object", value, key: undefined });
        this.#state = FIRST_KEY;
        return;
      }
      case 0x5b: {
        const value: unknown[] = [];
        this.#place(value);
        this.#record({ kind: "open", path: this.#path(), container: "array" });
        this.#stack.push({ kind: "array", value });
        this.#state = FIRST_ITEM;
        return;
      }
      case 0x22:
        this.#beginLeaf(STRING, "");
        return;
    }
    if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return this.#beginLeaf(NUMBER, String.fromCharCode(code));
    const first = String.fromCharCode(code);
    if (LITERALS.some((word) => word.startsWith(first))) return this.#beginLeaf(LITERAL, first);
    this.#fail(offset, "expected a JSON value");
  }

  #beginLeaf(state: number, text: string): void {
    this.#state = state;
    this.#text = text;
    this.#fresh = text;
    this.#reported = false;
    this.#isKey = false;
    this.#leafPlaced = false;
  }

  #after(code: number, offset: number): void {
    if (isSpace(code)) return;
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) return this.#fail(offset, "unexpected text after the JSON value");
    if (code === 0x2c) {
      if (frame.kind === "object") frame.key = undefined;
      this.#state = frame.kind === "object" ? KEY : VALUE;
      return;
    }
    if (code === 0x7d && frame.kind === "object") return this.#close("object", offset);
    if (code === 0x5d && frame.kind === "array") return this.#close("array", offset);
    this.#fail(offset, frame.kind === "object" ? 'expected "," or "}"' : 'expected "," or "]"');
  }

  #close(kind: Frame["kind"], offset: number): void {
    const frame = this.#stack.pop();
    if (frame?.kind !== kind) return this.#fail(offset, "mismatched bracket");
    this.#valueEnded();
  }

  #escape(code: number, offset: number): void {
    const decoded = ESCAPES[code];
    if (code === 0x75) {
      this.#hex = "";
      this.#state = UNICODE;
      return;
    }
    if (decoded === undefined) return this.#fail(offset, "unknown escape in a string");
    this.#addText(decoded);
    this.#state = STRING;
  }

  #endString(): void {
    if (!this.#isKey) return this.#completeLeaf(this.#text);
    const frame = this.#stack[this.#stack.length - 1];
    if (frame?.kind === "object") frame.key = this.#text;
    this.#isKey = false;
    this.#state = COLON;
  }

  #endNumber(offset: number): void {
    const text = this.#text;
    if (!NUMBER_SYNTAX.test(text)) return this.#fail(offset - 1, `"${text.slice(0, 32)}" is not a JSON number`);
    this.#completeLeaf(Number(text));
  }

  #completeLeaf(value: unknown): void {
    this.#writeLeaf(value);
    if (typeof value === "string") this.#reportString();
    else this.#record({ kind: "set", path: this.#path(), value });
    this.#text = "";
    this.#valueEnded();
  }

  #valueEnded(): void {
    this.#state = this.#stack.length === 0 ? DONE : AFTER;
  }

  /** Writes the leaf still arriving into its slot, so `value` shows it (a key shows nothing yet). */
  #placeGrowingLeaf(): void {
    const state = this.#state;
    if (state === STRING || state === ESCAPE || state === UNICODE) {
      if (!this.#isKey) {
        this.#writeLeaf(this.#text);
        this.#reportString();
      }
    } else if (state === NUMBER) {
      if (this.#text.length <= PARTIAL_NUMBER_LIMIT) {
        const known = partialNumber(this.#text);
        if (known !== undefined) this.#setLeaf(known);
      }
    } else if (state === LITERAL) {
      const literal = LITERALS.find((word) => word.startsWith(this.#text));
      if (literal) this.#setLeaf(LITERAL_VALUES[literal]);
    }
  }

  #setLeaf(value: unknown): void {
    this.#writeLeaf(value);
    this.#record({ kind: "set", path: this.#path(), value });
  }

  /** A string leaf's characters: the whole leaf, and what is new since its last report. */
  #addText(text: string): void {
    this.#text += text;
    this.#fresh += text;
  }

  /** The string leaf as a change: set when first seen, then only what each push appended. */
  #reportString(): void {
    if (!this.#reported) {
      this.#record({ kind: "set", path: this.#path(), value: this.#fresh });
      this.#reported = true;
    } else if (this.#fresh !== "") this.#record({ kind: "append", path: this.#path(), text: this.#fresh });
    this.#fresh = "";
  }

  #record(change: JsonChange): void {
    if (this.#changes === undefined) this.#changes = [change];
    else this.#changes.push(change);
  }

  /** The path of the value placed last: each open container's current key or last index. */
  #path(): JsonPathSegment[] {
    const path: JsonPathSegment[] = [];
    for (const frame of this.#stack) {
      if (frame.kind === "array") path.push(frame.value.length - 1);
      else if (frame.key !== undefined) path.push(frame.key);
    }
    return path;
  }

  #writeLeaf(value: unknown): void {
    if (this.#leafPlaced) {
      const frame = this.#stack[this.#stack.length - 1];
      if (!frame) this.#root = value;
      else if (frame.kind === "array") frame.value[frame.value.length - 1] = value;
      else if (frame.key !== undefined) setOwn(frame.value, frame.key, value);
      return;
    }
    this.#place(value);
    this.#leafPlaced = true;
  }

  /** Puts a new value into its parent: the root, the next array slot, or the current key. */
  #place(value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) this.#root = value;
    else if (frame.kind === "array") frame.value.push(value);
    else if (frame.key !== undefined) setOwn(frame.value, frame.key, value);
  }

  #fail(offset: number, message: string): void {
    this.#state = FAILED;
    this.#error = { offset, message };
  }
}

/** One-shot: the best value for a whole (possibly cut) text; undefined when no value has started. */
export function parsePartialJson(text: string): unknown {
  return new PartialJsonParser().push(text).end().value;
}
