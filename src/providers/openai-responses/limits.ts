// What the Responses API accepts as a call id and as a tool name: the wire view rewrites what
// breaks these, and the rule table checks them.
import { OPENAI_NAME_PATTERN } from "../shared/openai-conventions.ts";
import { safeIdRule } from "../shared/tool-call-ids.ts";
import type { WireLimits } from "../shared/wire-history.ts";

/** A `call_id` longer than this is refused (sources: rule "call-id-too-long"). */
export const RESPONSES_CALL_ID_MAX = 64;

/**
 * The endpoint refuses a `call_id` longer than 64 characters. Ids Responses itself produced are
 * short `call_…` strings; long or odd ids from other providers are rewritten to the safe set.
 */
export const openaiResponsesLimits: WireLimits = { id: safeIdRule(RESPONSES_CALL_ID_MAX), toolName: { allowed: OPENAI_NAME_PATTERN, maxLength: 64 } };
