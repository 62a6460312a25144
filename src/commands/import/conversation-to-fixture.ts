// Neutral conversation → fixture: user messages become the episode's `user` and { user } script
// items, assistant messages the FakeModel's replies, results the recorded tools' answers, and the
// declared tools are kept verbatim. A request body ends with the request it was, so the episode
// awaits a reply there. Also says, per call, where the replay cannot give the recorded answer.

import { detailedMessage } from "../../agent/execute-tool-call.ts";
import type { UserTurn } from "../../fixture/conversation-format.ts";
import type { Episode, Fixture } from "../../fixture/fixture-format.ts";
import { englishTexts } from "../../protocol/text.ts";
import type { AssistantMessage, ToolCall } from "../../protocol/types.ts";
import type { ImportedConversation, ImportNote } from "../../providers/shared/imported-conversation.ts";
import { convertedSchemaOf } from "../../schema/from-json-schema.ts";
import { SchemaError } from "../../schema/schema-error.ts";
import type { RecordedResult } from "../../tools/recorded.ts";

/** An imported reply streams as --stream would cut it by default, and expects nothing of serve's requests. */
type Reply = {
  content: AssistantMessage["content"];
  stopReason: AssistantMessage["stopReason"] | undefined;
  errorMessage: undefined;
  stream: undefined;
  expect: undefined;
  edits: undefined;
  validation: undefined;
};

/** A call whose arguments break its tool's declared schema, and what the log answered it with. */
export interface ArgumentsMismatch {
  /** Index of the reply that made the call, in the conversation's messages. */
  messageIndex: number;
  callId: string;
  tool: string;
  /** The validator's message (contract text, the chapter's words). */
  error: string;
  /** The same in English, with the field and the value: for English notes and the fixture's finding text. */
  errorEn: string;
  /** The log answers it with a result not flagged as an error: the harness ran it anyway. */
  ran: boolean;
}

export interface FixtureFromImport {
  fixture: Fixture;
  /** Declared schema keywords the validators cannot enforce, and calls whose arguments break their schema. */
  notes: ImportNote[];
  mismatches: ArgumentsMismatch[];
}

export function conversationToFixture(conversation: ImportedConversation, title: string): FixtureFromImport {
  const { context, messagePointers } = conversation;
  const notes: ImportNote[] = [];
  let user: string | undefined;
  const script: (Reply | UserTurn)[] = [];
  const recordedResults: RecordedResult[] = [];
  const undeclared: string[] = [];
  const mismatches: ArgumentsMismatch[] = [];
  // Whether the log flags each call's (first) answer as an error: what the harness did with it.
  const answeredAsError = new Map<string, boolean>();
  for (const message of context.messages)
    if (message.role === "toolResult" && !answeredAsError.has(message.toolCallId)) answeredAsError.set(message.toolCallId, message.isError);
  // The declarations the fixture keeps (declaredTools below): the replay's recorded tools find them converted.
  const schemas = new Map(context.tools.map((tool) => [tool.name, convertedSchemaOf(tool.parameters)]));

  context.tools.forEach((tool, index) => {
    for (const keyword of schemas.get(tool.name)?.unsupported ?? []) {
      const [at, word] = splitKeyword(keyword);
      notes.push({
        pointer: `${conversation.toolPointers[index] ?? ""}${at === "/" ? "" : at}`,
        kind: "formChanged",
        detail: { about: "unenforcedKeyword", tool: tool.name, keyword: word },
      });
    }
  });

  // A plain loop over the messages, and over each reply's blocks once: a long log has hundreds of
  // thousands of them, and a callback, a filtered copy and a search per reply cost more than the reading.
  const { messages } = context;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (message === undefined) continue;
    if (message.role === "user") {
      if (index === 0 && typeof message.content === "string") user = message.content;
      else script.push({ user: message.content });
    } else if (message.role === "assistant") {
      let hasCall = false;
      for (const block of message.content) {
        if (block.type !== "toolCall") continue;
        hasCall = true;
        const mismatch = checkCall(block, index, messagePointers[index] ?? "", schemas, answeredAsError, undeclared, notes);
        if (mismatch) mismatches.push(mismatch);
      }
      const derived = hasCall ? "toolUse" : "stop";
      script.push({
        content: message.content,
        stopReason: message.stopReason === derived ? undefined : message.stopReason,
        errorMessage: undefined,
        stream: undefined,
        expect: undefined,
        edits: undefined,
        validation: undefined,
      });
    } else {
      recordedResults.push({ toolCallId: message.toolCallId, content: message.content, isError: message.isError });
    }
  }

  const last = context.messages[context.messages.length - 1];
  // A body is one request: its reply is not in it. A Pi session ends awaiting only if its last entry is not a reply.
  const awaitingReply = conversation.format !== "pi-session" || last === undefined || last.role !== "assistant";
  const episode: Episode = {
    title: undefined,
    titleWhen: undefined,
    systemPrompt: context.systemPrompt,
    user,
    tools: undefined,
    maxTurns: undefined,
    timeoutMs: undefined,
    toolExecution: undefined,
    validation: undefined,
    script,
    declaredTools: context.tools,
    undeclaredTools: undeclared.length > 0 ? undeclared : undefined,
    recordedResults,
    awaitingReply: awaitingReply ? true : undefined,
    lintFindings: undefined,
  };
  const fixture: Fixture = {
    $schema: undefined,
    title,
    description: `Imported by tool-call-playground import from a log in the ${conversation.format} format.`,
    episodes: [episode],
  };
  return { fixture, notes, mismatches };
}

/** A call checked against its tool's declared schema: a note (and the mismatch, returned) when its
 *  arguments break it, a note the first time a tool is called that the request never declared. */
function checkCall(
  call: ToolCall,
  index: number,
  at: string,
  schemas: ReadonlyMap<string, ReturnType<typeof convertedSchemaOf>>,
  answeredAsError: ReadonlyMap<string, boolean>,
  undeclared: string[],
  notes: ImportNote[],
): ArgumentsMismatch | undefined {
  const converted = schemas.get(call.name);
  if (!converted) {
    if (!undeclared.includes(call.name)) {
      undeclared.push(call.name);
      notes.push({ pointer: at, kind: "filledIn", detail: { about: "undeclaredTool", name: JSON.stringify(call.name) } });
    }
    return undefined;
  }
  try {
    converted.schema.parse(call.arguments);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const errorEn = error instanceof SchemaError ? detailedMessage(error, englishTexts) : message;
    const answer = answeredAsError.get(call.id);
    const ran = answer === false;
    // The replay gives the recorded answer (src/tools/recorded.ts); an unanswered call gets the replay's own error.
    const answered = answer === undefined ? "unanswered" : ran ? "ran" : "refused";
    notes.push({
      pointer: at,
      kind: "formChanged",
      detail: { about: "argumentsMismatch", callId: call.id, tool: call.name, error: message, errorEn, answered },
    });
    return { messageIndex: index, callId: call.id, tool: call.name, error: message, errorEn, ran };
  }
}

/** "/properties/x minimum" → ["/properties/x", "minimum"]. */
function splitKeyword(entry: string): [string, string] {
  const space = entry.indexOf(" ");
  return space === -1 ? [entry, ""] : [entry.slice(0, space), entry.slice(space + 1)];
}
