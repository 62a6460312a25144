// A copy of JSON-like data (objects, arrays, scalars) made with an explicit stack. The wire view
// hands out bodies that share nothing with the history, and model arguments can be nested
// thousands deep: structuredClone and any recursive copy overflow the call stack at depth ~2,500
// (issue 10, item 7). Keys are defined, not assigned, so a "__proto__" key stays a key.

export function cloneJson<T>(value: T): T;
export function cloneJson(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const flat = flatCopy(value);
  if (flat !== undefined) return flat;
  const copies = new Map<object, object>();
  const root = emptyLike(value);
  copies.set(value, root);
  const stack: [object, object][] = [[value, root]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [source, target] = next;
    for (const key of Object.keys(source)) {
      const child: unknown = Reflect.get(source, key);
      let copy: unknown = child;
      if (typeof child === "object" && child !== null) {
        // A shared or cyclic object is copied once and shared the same way in the copy.
        let existing = copies.get(child);
        if (!existing) {
          existing = emptyLike(child);
          copies.set(child, existing);
          stack.push([child, existing]);
        }
        copy = existing;
      }
      define(target, key, copy);
    }
  }
  return root;
}

/** The copy of an object or array none of whose values is an object (most tool arguments), made
 *  without the bookkeeping that nested and shared values need; undefined for every other value. */
function flatCopy(value: object): object | undefined {
  const keys = Object.keys(value);
  for (const key of keys) {
    const child: unknown = Reflect.get(value, key);
    if (typeof child === "object" && child !== null) return undefined;
  }
  const copy = emptyLike(value);
  for (const key of keys) define(copy, key, Reflect.get(value, key));
  return copy;
}

/** Sets a fresh object's own key; "__proto__" is defined, since setting it would change the prototype. */
function define(target: object, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else Reflect.set(target, key, value);
}

function emptyLike(value: object): object {
  return Array.isArray(value) ? new Array<unknown>(value.length) : {};
}
