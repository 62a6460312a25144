// Anthropic Messages: the rules a request body must keep, each with the error text the API returns
// when it does not (documented, or seen returned in public; sources in each rule) and a fix. Run
// by `tool-call-playground lint`; the Anthropic renderer (request.ts) is built to keep every one.
// `tool_result.is_error` tells a refused call from a run one, so the arguments-schema warning is here.

import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { argumentsSchemaRule, type DeclaredCall } from "../shared/arguments-schema.ts";
import { arrayAt, objectsIn, perBody, stringAt } from "../shared/json-shape.ts";
import { type Rule, type RuleTable, reportRepeatedIds } from "../shared/rule.ts";
import { type Block, blocksOf, messagesOf } from "./body-walk.ts";
import { ANTHROPIC_ID_PATTERN } from "./limits.ts";
import { anthropicShapeRules } from "./shape-rules.ts";

/** `tools[].name`, as the API enforces it today (sources: rule "tool-name"). */
const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/;

const toolUses = perBody((body: JsonObject): Block[] => {
  return blocksOf(body).filter(({ block }) => block.type === "tool_use");
});

function idsOfType(message: unknown, type: "tool_use" | "tool_result", key: "id" | "tool_use_id"): Set<string> {
  const ids = new Set<string>();
  if (isRecord(message)) for (const block of arrayAt(message, "content")) if (isRecord(block) && block.type === type) ids.add(stringAt(block, key) ?? "");
  return ids;
}

/** tool_use_id → the first tool_result block answering it, in `message` (where the API looks: the next message). */
function resultsIn(message: unknown): Map<string, JsonObject> {
  const results = new Map<string, JsonObject>();
  if (!isRecord(message)) return results;
  for (const block of arrayAt(message, "content")) {
    if (isRecord(block) && block.type === "tool_result" && typeof block.tool_use_id === "string" && !results.has(block.tool_use_id))
      results.set(block.tool_use_id, block);
  }
  return results;
}

function hasBlock(message: JsonObject, type: "tool_use" | "tool_result"): boolean {
  return arrayAt(message, "content").some((block) => isRecord(block) && block.type === type);
}

function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

const rules: Rule[] = [
  {
    id: "tool-use-without-result",
    severity: "error",
    checks: "Every tool_use block is answered by a tool_result block in the very next message (a user message).",
    pointer: "/messages/{i}/content/{j}",
    providerError:
      "messages.{message}: `tool_use` ids were found without `tool_result` blocks immediately after: {id}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    // Seen returned: https://github.com/anthropics/claude-code/issues/1237 ; https://github.com/anthropics/claude-code/issues/2697
    source: "https://github.com/anthropics/claude-code/issues/1237 ; https://github.com/anthropics/claude-code/issues/2697",
    fix: {
      en: "send one tool_result per tool_use (same id) in the next user message, before anything else; answer a call you did not run with is_error and a text",
      zh: "在下一条 user 消息的最前面，为每个 tool_use 发一个 tool_result（id 相同）；没有执行的调用用 is_error 加一段文字回答",
    },
    check(body, report) {
      const list = arrayAt(body, "messages");
      for (const [index, message] of messagesOf(body)) {
        if (message.role !== "assistant" || !hasBlock(message, "tool_use")) continue;
        const answered = idsOfType(list[index + 1], "tool_result", "tool_use_id");
        for (const [blockIndex, block] of objectsIn(arrayAt(message, "content"))) {
          if (block.type !== "tool_use") continue;
          const id = stringAt(block, "id") ?? "";
          if (!answered.has(id)) report(pointer("", "messages", index, "content", blockIndex), { message: index, id });
        }
      }
    },
  },
  {
    id: "result-without-tool-use",
    severity: "error",
    checks: "Every tool_result block answers a tool_use block of the message right before it.",
    pointer: "/messages/{i}/content/{j}",
    providerError:
      "messages.{message}.content.{block}: unexpected `tool_use_id` found in `tool_result` blocks: {id}. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    // Seen returned: https://github.com/anthropics/claude-code/issues/13460 ; https://github.com/router-for-me/CLIProxyAPI/issues/497
    source: "https://github.com/anthropics/claude-code/issues/13460 ; https://github.com/router-for-me/CLIProxyAPI/issues/497",
    fix: {
      en: "drop the result, or put it in the user message right after the assistant message whose tool_use it answers",
      zh: "删掉这个结果，或者把它放进紧跟在对应 tool_use 所在 assistant 消息之后的 user 消息",
    },
    check(body, report) {
      const list = arrayAt(body, "messages");
      for (const [index, message] of messagesOf(body)) {
        if (!hasBlock(message, "tool_result")) continue;
        const called = idsOfType(list[index - 1], "tool_use", "id");
        for (const [blockIndex, block] of objectsIn(arrayAt(message, "content"))) {
          if (block.type !== "tool_result") continue;
          const id = stringAt(block, "tool_use_id") ?? "";
          if (!called.has(id)) report(pointer("", "messages", index, "content", blockIndex), { message: index, block: blockIndex, id });
        }
      }
    },
  },
  {
    id: "results-not-first",
    severity: "error",
    checks: "In a user message, every tool_result block comes before any other block.",
    pointer: "/messages/{i}/content/{j}",
    providerError:
      "messages.{previous}: `tool_use` ids were found without `tool_result` blocks immediately after: {id}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    // Documented ("tool_result blocks must come FIRST in the content array; any text must come
    // AFTER all tool results", with this 400 as the consequence):
    // https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use ; seen against
    // the live API: https://github.com/QwenLM/qwen-code/issues/8161
    source: "https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use ; https://github.com/QwenLM/qwen-code/issues/8161",
    fix: { en: "put all tool_result blocks first in the user message, then the text and images", zh: "在 user 消息里先放所有 tool_result 块，再放文字和图片" },
    check(body, report) {
      for (const [index, message] of messagesOf(body)) {
        if (message.role !== "user") continue;
        let other = false;
        for (const [blockIndex, block] of objectsIn(arrayAt(message, "content"))) {
          if (block.type !== "tool_result") other = true;
          else if (other) report(pointer("", "messages", index, "content", blockIndex), { previous: index - 1, id: stringAt(block, "tool_use_id") ?? "" });
        }
      }
    },
  },
  {
    id: "duplicate-tool-use-id",
    severity: "error",
    checks: "No two tool_use blocks in the request share an id.",
    pointer: "/messages/{i}/content/{j}/id",
    providerError: "tool_use ids must be unique",
    // Seen returned (citing anthropics/claude-code#20631 and #21317): https://github.com/NVIDIA-NeMo/Switchyard/issues/502
    source: "https://github.com/NVIDIA-NeMo/Switchyard/issues/502",
    fix: { en: "give the repeated call a fresh id and its tool_result the same one", zh: "给重复的调用换一个新的 id，它的 tool_result 用同一个" },
    check(body, report) {
      const ids = toolUses(body).map(({ messageIndex, blockIndex, block }) => ({
        id: stringAt(block, "id"),
        pointer: pointer("", "messages", messageIndex, "content", blockIndex, "id"),
      }));
      reportRepeatedIds(ids, report);
    },
  },
  {
    id: "tool-use-id-pattern",
    severity: "error",
    checks: "tool_use.id (and tool_result.tool_use_id) match ^[a-zA-Z0-9_-]+$.",
    pointer: "/messages/{i}/content/{j}/id",
    providerError: "messages.{message}.content.{block}.{type}.{key}: String should match pattern '^[a-zA-Z0-9_-]+$'",
    // Seen returned: https://github.com/LibreChat-AI/agents/pull/153 ; for both blocks: https://github.com/maximhq/bifrost/pull/5096
    source: "https://github.com/LibreChat-AI/agents/pull/153 ; https://github.com/maximhq/bifrost/pull/5096",
    fix: {
      en: "rewrite ids from other providers to [a-zA-Z0-9_-] (say, `|` and `.` to _), the same way in the tool_use and its tool_result",
      zh: "把来自其他提供商的 id 改写成 [a-zA-Z0-9_-]（比如把 `|` 和 `.` 换成 _），tool_use 和它的 tool_result 里用同样的改法",
    },
    check(body, report) {
      for (const { messageIndex, blockIndex, block } of blocksOf(body)) {
        const key = block.type === "tool_use" ? "id" : block.type === "tool_result" ? "tool_use_id" : undefined;
        const id = key ? stringAt(block, key) : undefined;
        if (key && id !== undefined && !ANTHROPIC_ID_PATTERN.test(id)) {
          report(pointer("", "messages", messageIndex, "content", blockIndex, key), {
            message: messageIndex,
            block: blockIndex,
            type: String(block.type),
            key,
          });
        }
      }
    },
  },
  {
    id: "tool-name",
    severity: "error",
    checks: "tools[].name matches ^[a-zA-Z0-9_-]{1,128}$.",
    pointer: "/tools/{i}/name",
    providerError: "tools.{tool}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    // Seen returned: https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345 ;
    // https://github.com/jedisct1/openapi-mcp/issues/9 (earlier the limit was 64:
    // https://github.com/apify/tester-mcp-client/issues/11)
    source: "https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345 ; https://github.com/jedisct1/openapi-mcp/issues/9",
    fix: {
      en: "replace characters outside [a-zA-Z0-9_-] (say, with _) in the definition and in every call of that tool; keep it to 64 characters for older limits",
      zh: "把 [a-zA-Z0-9_-] 以外的字符换掉（比如换成 _），定义和这个工具的每个调用里都要换；为了旧的限制，名字不超过 64 个字符",
    },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        const name = stringAt(tool, "name");
        if (name !== undefined && !TOOL_NAME_PATTERN.test(name)) report(pointer("", "tools", index, "name"), { tool: index });
      }
    },
  },
  {
    id: "input-not-object",
    severity: "error",
    checks: "tool_use.input is a JSON object.",
    pointer: "/messages/{i}/content/{j}/input",
    providerError: "messages.{message}.content.{block}.tool_use.input: Input should be a valid dictionary",
    // Seen returned: https://github.com/anthropics/anthropic-sdk-typescript/issues/648 ; https://github.com/anthropics/claude-code/issues/6696
    source: "https://github.com/anthropics/anthropic-sdk-typescript/issues/648 ; https://github.com/anthropics/claude-code/issues/6696",
    fix: {
      en: "send an object (`{}` when the model sent something else), and answer the call with is_error",
      zh: "发送一个对象（模型发来别的东西时用 `{}`），并用 is_error 回答这个调用",
    },
    check(body, report) {
      for (const { messageIndex, blockIndex, block } of toolUses(body)) {
        if (!isRecord(block.input)) report(pointer("", "messages", messageIndex, "content", blockIndex, "input"), { message: messageIndex, block: blockIndex });
      }
    },
  },
  {
    id: "blank-text",
    severity: "error",
    checks: "No text content (a text block, or a message's string content) is empty or whitespace only.",
    pointer: "/messages/{i}/content/{j}/text",
    providerError: "messages: text content blocks must {requirement}",
    // Seen returned for whitespace ("contain non-whitespace text"): https://github.com/anthropics/claude-code/issues/23440 ,
    // https://github.com/anomalyco/opencode/issues/31259 ; for empty ("be non-empty"): https://github.com/aliasrobotics/cai/issues/182
    source:
      "https://github.com/anthropics/claude-code/issues/23440 ; https://github.com/anomalyco/opencode/issues/31259 ; https://github.com/aliasrobotics/cai/issues/182",
    fix: {
      en: "leave blank text blocks out; a user message with nothing to say needs some visible text",
      zh: "去掉空白的 text 块；没话可说的 user 消息也需要一些可见的文字",
    },
    check(body, report) {
      for (const [index, message] of messagesOf(body)) {
        if (typeof message.content === "string" && isBlank(message.content)) report(pointer("", "messages", index, "content"), requirement(message.content));
      }
      for (const { messageIndex, blockIndex, block } of blocksOf(body)) {
        if (block.type === "text" && typeof block.text === "string" && isBlank(block.text))
          report(pointer("", "messages", messageIndex, "content", blockIndex, "text"), requirement(block.text));
        if (block.type !== "tool_result") continue;
        for (const [innerIndex, inner] of objectsIn(arrayAt(block, "content"))) {
          if (inner.type === "text" && typeof inner.text === "string" && isBlank(inner.text)) {
            report(pointer("", "messages", messageIndex, "content", blockIndex, "content", innerIndex, "text"), requirement(inner.text));
          }
        }
      }
    },
  },
  {
    id: "error-result-empty",
    severity: "error",
    checks: "A tool_result with is_error: true has content.",
    pointer: "/messages/{i}/content/{j}",
    providerError: "messages.{message}.content.{block}.tool_result: content cannot be empty if `is_error` is true",
    // Seen returned: https://github.com/anthropics/claude-agent-sdk-python/issues/248
    source: "https://github.com/anthropics/claude-agent-sdk-python/issues/248",
    fix: { en: "give a failed call's result a text saying what went wrong", zh: "给失败调用的结果写一段文字，说明哪里出了错" },
    check(body, report) {
      for (const { messageIndex, blockIndex, block } of blocksOf(body)) {
        if (block.type !== "tool_result" || block.is_error !== true) continue;
        const content = block.content;
        const empty = content === undefined || content === null || content === "" || (Array.isArray(content) && content.length === 0);
        if (empty) report(pointer("", "messages", messageIndex, "content", blockIndex), { message: messageIndex, block: blockIndex });
      }
    },
  },
  {
    id: "role",
    severity: "error",
    checks: 'messages[].role is "user" or "assistant" (the system prompt is the top-level `system`).',
    pointer: "/messages/{i}/role",
    providerError: 'messages: Unexpected role "{role}". The Messages API accepts a top-level `system` parameter, not "system" as an input message role.',
    // The text above was seen for "system" only; any other role gets the rule's own message.
    message: "role {role} is not a Messages role",
    // Seen returned for "system": https://github.com/Maol-1997/cursor-claude-connector/issues/3 ;
    // https://github.com/aaronrussell/anthropix/issues/2 . The roles: @anthropic-ai/sdk MessageParam.role.
    source: "https://github.com/Maol-1997/cursor-claude-connector/issues/3 ; https://github.com/aaronrussell/anthropix/issues/2",
    fix: {
      en: 'move a system prompt to `system`; results go in a "user" message as tool_result blocks',
      zh: '把系统提示词移到 `system`；结果作为 tool_result 块放进 "user" 消息',
    },
    check(body, report) {
      for (const [index, message] of messagesOf(body)) {
        if (message.role === "user" || message.role === "assistant") continue;
        report(pointer("", "messages", index, "role"), { role: String(message.role), ...(message.role === "system" ? {} : { noProviderText: 1 }) });
      }
    },
  },
  argumentsSchemaRule(
    {
      schemas(body) {
        const schemas = new Map<string, unknown>();
        for (const [, tool] of objectsIn(arrayAt(body, "tools"))) if (typeof tool.name === "string") schemas.set(tool.name, tool.input_schema);
        return schemas;
      },
      calls(body) {
        const list = arrayAt(body, "messages");
        const found: DeclaredCall[] = [];
        // Calls come in message order: one turn's results are read once, when its first call is.
        let turn = -1;
        let results: Map<string, JsonObject> | undefined;
        for (const { messageIndex, blockIndex, block } of toolUses(body)) {
          if (typeof block.name !== "string") continue;
          if (!results || messageIndex !== turn) {
            turn = messageIndex;
            results = resultsIn(list[messageIndex + 1]);
          }
          const answer = results.get(stringAt(block, "id") ?? "");
          // `is_error` is optional and false when absent (@anthropic-ai/sdk ToolResultBlockParam.is_error).
          const ran = answer !== undefined && answer.is_error !== true;
          found.push({ pointer: pointer("", "messages", messageIndex, "content", blockIndex, "input"), name: block.name, arguments: block.input, ran });
        }
        return found;
      },
    },
    "/messages/{i}/content/{j}/input",
    "@anthropic-ai/sdk resources/messages/messages.d.ts ToolResultBlockParam.is_error ; https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use",
  ),
];

// The spec's structural constraints (shape-rules.ts) run in the same table, so a body's shape
// problems and its pairing problems come out of one run, together.
export const anthropicRuleTable: RuleTable = { provider: "anthropic", rules: [...rules, ...anthropicShapeRules] };

/** What a blank text must be, in the API's words. */
function requirement(text: string): { requirement: string } {
  return { requirement: text.length === 0 ? "be non-empty" : "contain non-whitespace text" };
}
