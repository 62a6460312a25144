// A divergence (divergence.ts) as a finding of the request: an error where the real provider
// refuses such a history, answered with the provider's 400 and its own words; a warning elsewhere
// (the provider accepts it, but the replay no longer tests what the model said); an error for every
// divergence under --strict (`strict: true`), answered with the provider's 400 naming the place.
//
// Anthropic refuses a tool turn whose thinking blocks did not come back as they were served:
// "when using extended thinking with tool use … you must pass thinking blocks back to the API for
// the last assistant message", unmodified
// (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking, "Preserving thinking
// blocks"). Its words, as seen returned:
// - dropped: https://github.com/Kilo-Org/kilocode/issues/5219 ,
//   https://github.com/deepset-ai/haystack-core-integrations/issues/2146 ("Expected `thinking` or
//   `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, …");
// - changed: https://github.com/anthropics/claude-code/issues/63203 ,
//   https://github.com/anthropics/claude-code/issues/19539 ("`thinking` or `redacted_thinking`
//   blocks in the latest assistant message cannot be modified. …").
// Both arise only with thinking enabled (the first says so), so a request without it gets a warning.
import type { Language } from "../../fixture/fixture-format.ts";
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import type { ProviderId } from "../../providers/registry.ts";
import type { Finding } from "../../providers/shared/rule.ts";
import type { Divergence } from "./divergence.ts";

export const DIVERGENCE_RULE = "divergence";

const THINKING_DROPPED =
  "{path}.type: Expected `thinking` or `redacted_thinking`, but found `{found}`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking";
const THINKING_CHANGED =
  "{path}: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.";

const fixes = {
  en: "send each model turn back exactly as it was served: its thinking blocks with their signatures, its text, its calls with their ids and arguments",
  zh: "把模型的每一轮原样发回：思考块连同签名、文字、调用连同 id 和参数，都与服务器给出的一致",
} as const;

/** The finding a divergence makes of `body` (the request as sent), in `lang` (its fix). */
export function divergenceFinding(divergence: Divergence, provider: ProviderId, body: JsonObject, lang: Language, strict: boolean): Finding {
  const refused = provider === "anthropic" ? anthropicRefusal(divergence, body) : undefined;
  const base = { provider, rule: DIVERGENCE_RULE, pointer: divergence.pointer, fix: fixes[lang] };
  if (refused !== undefined) return { ...base, severity: "error", message: refused, providerText: true };
  return { ...base, severity: strict ? "error" : "warning", message: divergenceText(divergence, strict), providerText: false };
}

/** Anthropic's error text for a tool turn's thinking blocks dropped or changed, when thinking is on. */
function anthropicRefusal(divergence: Divergence, body: JsonObject): string | undefined {
  if (divergence.place !== "thinking" && divergence.place !== "signature") return undefined;
  if (!divergence.latest || !divergence.toolTurn || !thinkingEnabled(body)) return undefined;
  const path = dottedBlockPath(divergence.pointer);
  if (divergence.sent === null && divergence.served !== null)
    return THINKING_DROPPED.replace("{path}", path).replace("{found}", divergence.found ?? "tool_use");
  return THINKING_CHANGED.replace("{path}", path);
}

/** `thinking: { type: "enabled" | "adaptive" }` (https://docs.anthropic.com/en/api/messages, `thinking`). */
function thinkingEnabled(body: JsonObject): boolean {
  return isRecord(body.thinking) && (body.thinking.type === "enabled" || body.thinking.type === "adaptive");
}

/** `/messages/3/content/0/thinking` → `messages.3.content.0`: the block, as Anthropic names places. */
function dottedBlockPath(pointer: string): string {
  return pointer.split("/").slice(1, 5).join(".");
}

/** The finding's own words (English: what the harness receives under --strict). */
export function divergenceText(divergence: Divergence, strict: boolean): string {
  const { pointer, place, turn, served, sent } = divergence;
  const prefix = strict ? "tool-call-playground serve --strict: " : "";
  return `${prefix}${pointer}: the ${place} of model turn ${turn} is not what was served (served ${shown(served)}, sent back ${shown(sent)})`;
}

function shown(value: unknown): string {
  if (value === null) return "nothing";
  try {
    const text = JSON.stringify(value) ?? "undefined";
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return "[unprintable]";
  }
}
