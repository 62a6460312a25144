// What one request body adds to the previous one. Every request repeats the whole history, so
// printing each body whole makes the --wire output grow with turns²; this says instead which
// top-level parts changed, and for an array that kept its start (`messages`, `input`,
// `contents`), only the items from where it stopped being the same. The parts come in the body's
// own key order, so the previous body and the delta give back this body exactly (`applyWireDelta`).
// Items are compared by their JSON text, each made once: a request's cost is its own size.

export type WirePart =
  /** This key's value is exactly the previous body's. */
  | { kind: "same"; key: string }
  /** A new or changed value. */
  | { kind: "set"; key: string; value: unknown }
  /** An array whose first `kept` items are the previous body's; `items` follow them. */
  | { kind: "splice"; key: string; kept: number; items: unknown[] };

export interface WireDelta {
  parts: WirePart[];
  /** Keys of the previous body this one does not have. */
  removed: string[];
}

/** The previous body as the next comparison needs it: each value's JSON text, an array's by item. */
export interface WireSnapshot {
  texts: Map<string, string | string[]>;
}

export function wireSnapshot(body: object): WireSnapshot {
  const texts = new Map<string, string | string[]>();
  for (const [key, value] of Object.entries(body)) texts.set(key, Array.isArray(value) ? value.map(jsonText) : jsonText(value));
  return { texts };
}

/** This body against the previous one; `next` is this body's snapshot, for the request after it. */
export function wireDelta(previous: WireSnapshot, body: object): { delta: WireDelta; next: WireSnapshot } {
  const next = wireSnapshot(body);
  const parts: WirePart[] = [];
  for (const [key, value] of Object.entries(body)) {
    const text = next.texts.get(key);
    const before = previous.texts.get(key);
    if (text === undefined) continue;
    if (typeof text === "string" || !Array.isArray(value) || !Array.isArray(before)) {
      if (typeof text === "string" && text === before) parts.push({ kind: "same", key });
      else parts.push({ kind: "set", key, value });
      continue;
    }
    let kept = 0;
    while (kept < text.length && kept < before.length && text[kept] === before[kept]) kept++;
    if (kept === text.length && kept === before.length) parts.push({ kind: "same", key });
    else if (kept === 0) parts.push({ kind: "set", key, value });
    else parts.push({ kind: "splice", key, kept, items: value.slice(kept) });
  }
  const removed = [...previous.texts.keys()].filter((key) => !next.texts.has(key));
  return { delta: { parts, removed }, next };
}

/** The body a delta describes, given the body before it: what a reader of `--json --wire` does. */
export function applyWireDelta(previous: object, delta: WireDelta): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const part of delta.parts) {
    const before: unknown = Object.hasOwn(previous, part.key) ? Reflect.get(previous, part.key) : undefined;
    const value =
      part.kind === "same" ? before : part.kind === "set" ? part.value : [...(Array.isArray(before) ? before.slice(0, part.kept) : []), ...part.items];
    Object.defineProperty(body, part.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return body;
}

function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
