// The API keys a request carries: where each provider's SDK puts one, how to find them all in a
// request, and how to keep them out of what is shown. serve never prints a header, and shows a
// request's path without its `key` query value; the recorder, which passes keys on to the upstream,
// also hides every key it has seen from each line it prints and checks the fixture it writes.
import type { IncomingHttpHeaders } from "node:http";
import { isRecord } from "../../json/is-record.ts";

/** Where each provider's SDK puts the key (OpenAI: Authorization; Azure OpenAI: api-key; Anthropic:
 *  x-api-key; Gemini: x-goog-api-key or the `key` query parameter). */
export const secretHeaders: readonly string[] = ["authorization", "x-api-key", "x-goog-api-key", "api-key"];
const secretQueryKey = "key";

/** The keys a request carries, in every form a provider reads them: header values (a bearer
 *  token both whole and without its scheme) and the `key` query value. */
export function secretsOf(headers: IncomingHttpHeaders, query: URLSearchParams | undefined): string[] {
  const found: string[] = [];
  for (const name of secretHeaders) {
    const value = headers[name];
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      found.push(one);
      const token = /^\S+\s+(\S.*)$/.exec(one)?.[1];
      if (token !== undefined) found.push(token);
    }
  }
  for (const value of query?.getAll(secretQueryKey) ?? []) found.push(value);
  // A key too short to tell from ordinary text would refuse every fixture; such a key is no key.
  return found.filter((secret) => secret.trim().length >= 8);
}

/** A request target as narrated and recorded: as sent, unless it carries a `key` query value, which
 *  is left out. */
export function shownPath(url: string, query: URLSearchParams | undefined, pathname: string): string {
  if (!query?.has(secretQueryKey)) return url;
  const rest = new URLSearchParams([...query].filter(([name]) => name !== secretQueryKey)).toString();
  return rest === "" ? pathname : `${pathname}?${rest}`;
}

/** The text with every key in it replaced by `***`. */
export function hideSecrets(text: string, secrets: ReadonlySet<string>): string {
  let shown = text;
  for (const secret of secrets) if (shown.includes(secret)) shown = shown.split(secret).join("***");
  return shown;
}

/** A copy of `value` (JSON-like data: a record to narrate) with every key hidden in each string it
 *  holds, before anything cuts, folds or escapes those strings: a key split by a preview's cut, or
 *  written with escapes, is no longer whole where the finished lines are searched. */
export function withSecretsHidden<T>(value: T, secrets: ReadonlySet<string>): T {
  if (secrets.size === 0) return value;
  const copy = structuredClone(value);
  hideInPlace(copy, secrets);
  return copy;
}

function hideInPlace(value: unknown, secrets: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === "string") value[index] = hideSecrets(item, secrets);
      else hideInPlace(item, secrets);
    });
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string") value[key] = hideSecrets(item, secrets);
      else hideInPlace(item, secrets);
    }
  }
}
