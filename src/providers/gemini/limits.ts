// What the Gemini API accepts as a function name (and, kept safe, as a call id): the wire view
// rewrites what breaks these, and the rule table checks them.
import { safeIdRule } from "../shared/tool-call-ids.ts";
import type { WireLimits } from "../shared/wire-history.ts";

/**
 * Function names as the API enforces them (sources: rule "function-name"). @google/genai's
 * FunctionDeclaration.name doc now also allows colons and 128 characters; this keeps to what the
 * API was seen refusing, which satisfies both.
 */
export const GEMINI_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_.-]{0,63}$/;

/*
 * Ids: Gemini documents no rule for FunctionCall.id (rules.ts says so). They are still rewritten
 * to the same safe set as the other providers, so one history shows the same ids in every view
 * and an id like `call_abc|fc_A+/=` never reaches an API that has not promised to take it.
 */
export const geminiLimits: WireLimits = { id: safeIdRule(64), toolName: { allowed: GEMINI_NAME_PATTERN, maxLength: 64 } };
