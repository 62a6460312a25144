// The side-by-side table of where each provider puts the tool definition, the call, the result and
// the error flag, for the calc round trip. Every cell is read out of the renderers' own output (a
// JSON path and a snippet, or the difference between an ok and an error body), so the table
// cannot drift from the code; `npm run wire-table` prints it for docs/wire.md, and a test keeps the
// page's copy equal to it.

import { ToolRegistry } from "../src/agent/tool-registry.ts";
import { isRecord } from "../src/json/is-record.ts";
import { failedResultText, schemaText, text } from "../src/protocol/text.ts";
import type { Context } from "../src/protocol/types.ts";
import { providerIds, providers } from "../src/providers/registry.ts";
import { calc } from "../src/tools/calc.ts";
import { findAllPaths, findPath, formatPath, type JsonPath, leaves, type SnippetOptions, selfAndAncestors, snippet, valueAt } from "./json-paths.ts";

const SYSTEM_PROMPT = "你是一个会用工具的助手。需要算术结果时调用 calc，不要自己心算。";
const CALL_ID = "call_1";
// The walkthrough's failed result, built as the executor builds it (contract text, not narration).
const ERROR_TEXT = failedResultText("calc", schemaText.mustBe("number"));

/** The walkthrough's first episode after its one turn; `error` swaps in a failed result. */
export function calcRoundTrip(outcome: "ok" | "error"): Context {
  return {
    systemPrompt: SYSTEM_PROMPT,
    tools: new ToolRegistry([calc]).definitions(),
    messages: [
      { role: "user", content: "128 乘以 64 是多少？", timestamp: 0 },
      {
        role: "assistant",
        content: [text("我算一下。"), { type: "toolCall", id: CALL_ID, name: "calc", arguments: { a: 128, b: 64, op: "mul" } }],
        stopReason: "toolUse",
        timestamp: 0,
      },
      {
        role: "toolResult",
        toolCallId: CALL_ID,
        toolName: "calc",
        content: [text(outcome === "ok" ? "8192" : ERROR_TEXT)],
        isError: outcome === "error",
        timestamp: 0,
      },
    ],
  };
}

const THINKING_TEXT = "先算乘法。";
const IMAGE_DATA = "iVBORw0KGgo=";

/** The same round trip with a photo in the question and signed reasoning before the call. */
export function richRoundTrip(): Context {
  const context = calcRoundTrip("ok");
  const [question, reply, ...rest] = context.messages;
  if (question?.role !== "user" || reply?.role !== "assistant") return context;
  return {
    ...context,
    messages: [
      {
        ...question,
        content: [text(typeof question.content === "string" ? question.content : ""), { type: "image", data: IMAGE_DATA, mimeType: "image/png" }],
      },
      { ...reply, content: [{ type: "thinking", thinking: THINKING_TEXT, thinkingSignature: "sig" }, ...reply.content] },
      ...rest,
    ],
  };
}

const calcSchemaJson = JSON.stringify(calc.schema.jsonSchema);
const fullDepth: SnippetOptions = { maxDepth: Number.POSITIVE_INFINITY, maxStringLength: 60 };

interface Row {
  label: string;
  /** `rich`: the body of richRoundTrip, for the thinking and image rows. */
  cell(ok: unknown, error: unknown, rich: unknown): string;
}

const rows: Row[] = [
  {
    label: "system prompt",
    cell: (body) =>
      located(
        body,
        findPath(body, (value) => value === SYSTEM_PROMPT),
      ),
  },
  {
    label: "tool definition",
    cell: (body) => {
      const path = findPath(body, (value) => isRecord(value) && value.description === calc.description);
      // The whole entry of the body's tool list, wrapper included; only the schema is elided.
      return located(body, path?.slice(0, 2), { ...fullDepth, maxStringLength: 8, elide: (value) => JSON.stringify(value) === calcSchemaJson });
    },
  },
  { label: "call", cell: (body) => located(body, callAndResultPaths(body)[0], fullDepth) },
  { label: "result", cell: (body) => located(body, callAndResultPaths(body)[1], fullDepth) },
  { label: "error flag", cell: errorFlag },
  {
    label: "thinking (signed)",
    cell: (_ok, _error, rich) =>
      located(rich, arrayElement(findPath(rich, (value) => value === THINKING_TEXT)), fullDepth).replace(/^—$/, "left out, with a note"),
  },
  {
    label: "image (user message)",
    cell: (_ok, _error, rich) =>
      located(rich, arrayElement(findPath(rich, (value) => typeof value === "string" && value.includes(IMAGE_DATA))), { ...fullDepth, maxStringLength: 24 }),
  },
];

/** The nearest ancestor of `path` that is an element of an array: the block or part that holds the value. */
function arrayElement(path: JsonPath | undefined): JsonPath | undefined {
  if (!path) return undefined;
  for (let end = path.length; end > 0; end--) if (typeof path[end - 1] === "number") return path.slice(0, end);
  return path;
}

/** The Markdown table, one column per provider. */
export function renderWireTable(): string {
  const bodies = providerIds.map((provider) => ({
    provider,
    ok: providers[provider].request.render(calcRoundTrip("ok")).body,
    error: providers[provider].request.render(calcRoundTrip("error")).body,
    rich: providers[provider].request.render(richRoundTrip()).body,
  }));
  const header = ["", ...bodies.map(({ provider }) => `\`${provider}\``)];
  const lines = [tableLine(header), tableLine(header.map(() => "---"))];
  for (const row of rows) lines.push(tableLine([row.label, ...bodies.map(({ ok, error, rich }) => row.cell(ok, error, rich))]));
  return `${lines.join("\n")}\n`;
}

/** Objects that carry the call id: the call comes first in every body, its result second. */
function callAndResultPaths(body: unknown): JsonPath[] {
  return findAllPaths(body, (value) => isRecord(value) && Object.values(value).includes(CALL_ID));
}

function located(body: unknown, path: JsonPath | undefined, options: SnippetOptions = fullDepth): string {
  if (!path) return "—";
  const role = enclosingRole(body, path);
  const where = `\`${formatPath(path)}\`${role ? ` (role \`${role}\`)` : ""}`;
  const value = valueAt(body, path);
  return typeof value === "string" ? where : `${where}<br>\`${snippet(value, options)}\``;
}

/** The nearest message around `path` that names a role: where a reader would say the data sits. */
function enclosingRole(body: unknown, path: JsonPath): string | undefined {
  for (const candidate of selfAndAncestors(path)) {
    const value = valueAt(body, candidate);
    if (isRecord(value) && typeof value.role === "string") return value.role;
  }
  return undefined;
}

/** What differs in structure between the ok and the error result: the flag, or nothing but the text. */
function errorFlag(ok: unknown, error: unknown): string {
  const okResult = valueAt(ok, callAndResultPaths(ok)[1] ?? []);
  const errorResult = valueAt(error, callAndResultPaths(error)[1] ?? []);
  const okLeaves = new Map(leaves(okResult).map(([path, value]) => [formatPath(path), value]));
  const errorLeaves = new Map(leaves(errorResult).map(([path, value]) => [formatPath(path), value]));
  const added = [...errorLeaves.keys()].filter((path) => !okLeaves.has(path));
  const removed = [...okLeaves.keys()].filter((path) => !errorLeaves.has(path));
  const changed = [...errorLeaves].filter(([path, value]) => {
    const before = okLeaves.get(path);
    return okLeaves.has(path) && before !== value && !(typeof before === "string" && typeof value === "string");
  });
  const code = (path: string) => `\`${path}\``;
  const parts = [
    ...changed.map(([path, value]) => `${code(path)}: \`${JSON.stringify(okLeaves.get(path))}\` → \`${JSON.stringify(value)}\``),
    ...(added.length > 0 && removed.length > 0 ? [`${added.map(code).join(", ")} instead of ${removed.map(code).join(", ")}`] : []),
    ...(added.length > 0 && removed.length === 0 ? [`${added.map(code).join(", ")} added`] : []),
  ];
  if (parts.length > 0) return parts.join("; ");
  const textPath = findPath(errorResult, (value) => value === ERROR_TEXT);
  return `none: only the text in ${code(textPath ? formatPath(textPath) : "?")}`;
}

function tableLine(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replaceAll("|", "\\|")).join(" | ")} |`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(renderWireTable());
