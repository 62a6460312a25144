// What the Messages API accepts as a tool-call id and as a tool name: the wire view rewrites what
// breaks these, and the rule table checks them.
import { safeIdRule } from "../shared/tool-call-ids.ts";
import type { WireLimits } from "../shared/wire-history.ts";

/** `tool_use.id` and `tool_result.tool_use_id` (sources: rule "tool-use-id-pattern"). */
export const ANTHROPIC_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

/**
 * Anthropic enforces `tool_use.id` against `^[a-zA-Z0-9_-]+$` (rules.ts); 64 characters is the
 * limit Pi keeps too. Tool names: the API enforces `^[a-zA-Z0-9_-]{1,128}$` today and enforced
 * `{1,64}` before; the wire view keeps to 64, which satisfies both.
 */
export const anthropicLimits: WireLimits = { id: { allowed: ANTHROPIC_ID_PATTERN, maxLength: 64 }, toolName: safeIdRule(64) };
