// Anthropic Messages: the structural constraints of the Messages API (as @anthropic-ai/sdk's
// MessageCreateParams types and the Stainless-hosted spec state them; that spec is not
// redistributable, ../shared/specs/README.md), each an error where the API was seen refusing the
// body (texts and sources in each rule), a warning where only the SDK's types say so. They run in
// the same table as the pairing rules
// (rules.ts), so one lint reports a body's shape problems and its pairing problems together.
import { isRecord, type JsonObject } from "../../json/is-record.ts";
import { pointer } from "../../json/json-locations.ts";
import { arrayAt, objectsIn } from "../shared/json-shape.ts";
import type { Rule } from "../shared/rule.ts";
import { blocksOf, messagesOf } from "./body-walk.ts";

/** tools[].name and tool_use.name (sources: rules.ts "tool-name"). */
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/;

/** ToolResultBlockParam.content's block types (@anthropic-ai/sdk resources/messages/messages.d.ts). */
const RESULT_BLOCK_TYPES = ["text", "image", "document", "search_result"];

/** Base64ImageSource.media_type (@anthropic-ai/sdk resources/messages/messages.d.ts). */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** Every image block at `at`: in a message's content, or in a tool_result's. */
function imagesOf(body: JsonObject): { at: string; value: JsonObject }[] {
  const found: { at: string; value: JsonObject }[] = [];
  for (const { messageIndex: message, blockIndex: block, block: value } of blocksOf(body)) {
    if (value.type === "image") found.push({ at: pointer("", "messages", message, "content", block), value });
    if (value.type === "tool_result")
      for (const [inner, innerValue] of objectsIn(arrayAt(value, "content")))
        if (innerValue.type === "image") found.push({ at: pointer("", "messages", message, "content", block, "content", inner), value: innerValue });
  }
  return found;
}

export const anthropicShapeRules: Rule[] = [
  {
    id: "max-tokens",
    severity: "error",
    checks: "The body has max_tokens (MessageCreateParams.max_tokens is required).",
    pointer: "",
    providerError: "max_tokens: Field required",
    // Seen returned: https://github.com/tickernelz/opencode-mem/issues/50
    source: "https://github.com/tickernelz/opencode-mem/issues/50",
    fix: { en: "add max_tokens (say, 1024)", zh: "加上 max_tokens（比如 1024）" },
    check(body, report) {
      if (body.max_tokens === undefined) report("");
    },
  },
  {
    id: "messages-not-empty",
    severity: "error",
    checks: "messages holds at least one message.",
    pointer: "/messages",
    providerError: "messages: at least one message is required",
    // Seen returned: https://github.com/devoxx/DevoxxGenieIDEAPlugin/issues/567 ; https://github.com/automazeio/vibeproxy/issues/81
    source: "https://github.com/devoxx/DevoxxGenieIDEAPlugin/issues/567 ; https://github.com/automazeio/vibeproxy/issues/81",
    fix: { en: "send at least the user's message", zh: "至少发送用户的消息" },
    check(body, report) {
      if (Array.isArray(body.messages) && body.messages.length === 0) report("/messages");
    },
  },
  {
    id: "empty-content",
    severity: "error",
    checks: "No message has an empty content list, except a final assistant message (a prefill).",
    pointer: "/messages/{i}/content",
    providerError: "messages.{message}: all messages must have non-empty content except for the optional final assistant message",
    // Seen returned: https://github.com/anthropics/claude-code/issues/6774 ; https://github.com/anthropics/claude-code/issues/3196
    source: "https://github.com/anthropics/claude-code/issues/6774 ; https://github.com/anthropics/claude-code/issues/3196",
    fix: {
      en: "leave a message with nothing in it out (merge its neighbours if they then share a role)",
      zh: "去掉什么都没有的消息（如果前后两条因此角色相同，就把它们合并）",
    },
    check(body, report) {
      const list = messagesOf(body);
      const lastIndex = Array.isArray(body.messages) ? body.messages.length - 1 : -1;
      for (const [index, message] of list) {
        const finalPrefill = index === lastIndex && message.role === "assistant";
        if (Array.isArray(message.content) && message.content.length === 0 && !finalPrefill)
          report(pointer("", "messages", index, "content"), { message: index });
      }
    },
  },
  {
    id: "tool-use-name",
    severity: "error",
    checks: "Every tool_use block has a name of 1 to 128 characters of [a-zA-Z0-9_-].",
    pointer: "/messages/{i}/content/{j}/name",
    providerError: "messages.{message}.content.{block}.tool_use.name: String should have at least 1 character",
    message: "tool_use.name {name} is not a tool name the API takes (^[a-zA-Z0-9_-]{1,128}$)",
    // Seen returned for an empty name: https://github.com/sipeed/picoclaw/issues/1658 ; https://github.com/TanStack/ai/issues/532
    source: "https://github.com/sipeed/picoclaw/issues/1658 ; https://github.com/TanStack/ai/issues/532",
    fix: { en: "send the name of the tool the model called, as declared in tools", zh: "写上模型调用的工具名，和 tools 里声明的一致" },
    check(body, report) {
      for (const { messageIndex: message, blockIndex: block, block: value } of blocksOf(body)) {
        if (value.type !== "tool_use") continue;
        const at = pointer("", "messages", message, "content", block, "name");
        if (value.name === "" || value.name === undefined) report(at, { message, block });
        else if (typeof value.name !== "string" || !NAME_PATTERN.test(value.name)) report(at, { name: JSON.stringify(value.name) ?? "", noProviderText: 1 });
      }
    },
  },
  {
    id: "input-schema-type",
    severity: "error",
    checks: 'Every tools[].input_schema has type "object".',
    pointer: "/tools/{i}/input_schema",
    providerError: "tools.{tool}.custom.input_schema.type: Field required",
    // The text above is for a missing type; another type gets the rule's own message.
    message: "input_schema.type is {type}, not object",
    // Seen returned: https://github.com/lidge-jun/opencodex/issues/75 ; https://github.com/BerriAI/litellm/pull/31527
    // (@anthropic-ai/sdk Tool.InputSchema: type "object", required).
    source: "https://github.com/lidge-jun/opencodex/issues/75 ; https://github.com/BerriAI/litellm/pull/31527",
    fix: {
      en: 'wrap the parameters in an object schema: {"type": "object", "properties": {…}}',
      zh: '把参数包进一个 object schema：{"type": "object", "properties": {…}}',
    },
    check(body, report) {
      for (const [index, tool] of objectsIn(arrayAt(body, "tools"))) {
        const schema = tool.input_schema;
        if (!isRecord(schema) || schema.type === "object") continue;
        const at = pointer("", "tools", index, "input_schema");
        if (schema.type === undefined) report(at, { tool: index });
        else report(at, { type: JSON.stringify(schema.type) ?? "", noProviderText: 1 });
      }
    },
  },
  {
    id: "tool-result-content-type",
    severity: "warning",
    checks: "A tool_result's content is a string or a list of text, image, document or search_result blocks.",
    pointer: "/messages/{i}/content/{j}/content/{k}",
    providerError: undefined,
    message: "a tool_result holds a {type} block: its content takes text, image, document or search_result blocks",
    // A warning: only the SDK's types say so; no public report of the API refusing another block.
    source: "@anthropic-ai/sdk resources/messages/messages.d.ts ToolResultBlockParam.content; no public error text found.",
    fix: {
      en: "turn the block into text (a tool_use or tool_result cannot nest in a result)",
      zh: "把这个块改成文字（tool_use 或 tool_result 不能嵌套在结果里）",
    },
    check(body, report) {
      for (const { messageIndex: message, blockIndex: block, block: value } of blocksOf(body)) {
        if (value.type !== "tool_result") continue;
        for (const [inner, innerValue] of objectsIn(arrayAt(value, "content"))) {
          if (!RESULT_BLOCK_TYPES.includes(String(innerValue.type)))
            report(pointer("", "messages", message, "content", block, "content", inner), { type: JSON.stringify(innerValue.type) ?? "untyped" });
        }
      }
    },
  },
  {
    id: "image-media-type",
    severity: "error",
    checks: "A base64 image's media_type is image/jpeg, image/png, image/gif or image/webp.",
    pointer: "/messages/{i}/content/{j}/source/media_type",
    providerError: undefined,
    message: "image media_type {type} is not one the API takes (image/jpeg, image/png, image/gif, image/webp)",
    // Seen refused (a 400 for image/jpg, image/svg+xml, image/heic): https://github.com/NousResearch/hermes-agent/issues/55432 ;
    // https://github.com/openclaw/openclaw/pull/102337 — no public error text found in full.
    source:
      "@anthropic-ai/sdk Base64ImageSource.media_type ; https://github.com/NousResearch/hermes-agent/issues/55432 ; https://github.com/openclaw/openclaw/pull/102337 (refused; no public error text found in full)",
    fix: {
      en: "convert the image to PNG or JPEG and say so in media_type (image/jpeg, not image/jpg)",
      zh: "把图片转成 PNG 或 JPEG，并在 media_type 里如实写明（image/jpeg，不是 image/jpg）",
    },
    check(body, report) {
      for (const { at, value } of imagesOf(body)) {
        const source = value.source;
        if (isRecord(source) && source.type === "base64" && !IMAGE_TYPES.includes(String(source.media_type)))
          report(pointer(at, "source", "media_type"), { type: JSON.stringify(source.media_type) ?? "missing" });
      }
    },
  },
];
