// The four providers' rule tables, by provider id: the one place the lint engine learns which
// tables exist. Each table lives beside its provider's renderer in src/providers/<provider>/.
import { anthropicRuleTable } from "./anthropic/rules.ts";
import { geminiRuleTable } from "./gemini/rules.ts";
import { openaiChatRuleTable } from "./openai-chat/rules.ts";
import { openaiResponsesRuleTable } from "./openai-responses/rules.ts";
import type { WireProvider } from "./shared/wire-request.ts";
import type { RuleTable } from "./shared/rule.ts";

export const ruleTables: { readonly [P in WireProvider]: RuleTable } = {
  "openai-chat": openaiChatRuleTable,
  "openai-responses": openaiResponsesRuleTable,
  anthropic: anthropicRuleTable,
  gemini: geminiRuleTable,
};
