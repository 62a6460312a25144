// The four providers' rule tables, by provider id: the one place the lint engine learns which
// tables exist. Each table lives beside its provider's renderer in src/providers/<provider>/.
import { anthropicRuleTable } from "../providers/anthropic/rules.ts";
import { geminiRuleTable } from "../providers/gemini/rules.ts";
import { openaiChatRuleTable } from "../providers/openai-chat/rules.ts";
import { openaiResponsesRuleTable } from "../providers/openai-responses/rules.ts";
import type { WireProvider } from "../wire/wire-request.ts";
import type { RuleTable } from "./rule.ts";

export const ruleTables: { readonly [P in WireProvider]: RuleTable } = {
  "openai-chat": openaiChatRuleTable,
  "openai-responses": openaiResponsesRuleTable,
  anthropic: anthropicRuleTable,
  gemini: geminiRuleTable,
};
