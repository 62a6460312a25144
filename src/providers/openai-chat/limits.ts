// What Chat Completions accepts as a tool-call id and as a tool name: the wire view rewrites what
// breaks these, and the rule table checks them.
import { OPENAI_NAME_PATTERN } from "../shared/openai-conventions.ts";
import { safeIdRule } from "../shared/tool-call-ids.ts";
import type { WireLimits } from "../shared/wire-history.ts";

/** `tool_calls[].id` longer than this is refused (sources: rule "call-id-too-long"). */
export const OPENAI_CALL_ID_MAX = 40;

/**
 * OpenAI's own ids (`call_…`) fit easily, but the endpoint refuses a `tool_calls[].id` longer than
 * 40 characters, and OpenAI-compatible servers are stricter about characters than OpenAI itself;
 * ids from other providers (Responses' `call_…|fc_…`, long Anthropic ids) are rewritten. Tool
 * names follow the pattern the endpoint enforces (see rules.ts for the sources).
 */
export const openaiChatLimits: WireLimits = { id: safeIdRule(OPENAI_CALL_ID_MAX), toolName: { allowed: OPENAI_NAME_PATTERN, maxLength: 64 } };
