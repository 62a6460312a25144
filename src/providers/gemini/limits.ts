// What the Gemini API accepts as a function name (and, kept safe, as a call id): the wire view
// rewrites what breaks these, and the rule table checks them.
import { safeIdRule } from "../shared/tool-call-ids.ts";
import type { WireLimits } from "../shared/wire-history.ts";

/**
 * Function names as the wire view writes them: no colon, so a name it rewrites is one every
 * version of the API was seen accepting (older refusals list only `_ . -`, rule "function-name").
 */
export const GEMINI_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/;

/**
 * Function names as the API enforces them today, what lint checks: the v1beta proto comment on
 * FunctionDeclaration.name (googleapis/googleapis google/ai/generativelanguage/v1beta/content.proto:
 * "underscores, colons, dots, and dashes, with a maximum length of 64") and the refusal text the
 * API now returns ("Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9),
 * underscores (_), dots (.), colons (:), or dashes (-)", sources in rule "function-name").
 */
export const GEMINI_ACCEPTED_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/*
 * Ids: Gemini documents no rule for FunctionCall.id (rules.ts says so). They are still rewritten
 * to the same safe set as the other providers, so one history shows the same ids in every view
 * and an id like `call_abc|fc_A+/=` never reaches an API that has not promised to take it.
 */
export const geminiLimits: WireLimits = { id: safeIdRule(64), toolName: { allowed: GEMINI_NAME_PATTERN, maxLength: 64 } };
