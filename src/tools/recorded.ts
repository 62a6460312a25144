// Recorded tools: stand-ins for the tools of a real conversation (an imported request body or Pi
// session). Each is declared exactly as the real harness declared it (name, description, JSON
// Schema), validates the model's arguments with the project's validators built from that schema,
// and answers with the result the real tool gave for that call id — so an imported fixture
// replays where calc does not exist. The log says what the harness answered each call, whether it
// ran the tool or refused the arguments: the replay gives that answer, not one of its own, so an
// imported conversation replays as it happened (import narrates a call the harness ran although
// its arguments break the declared schema, as lint's arguments-schema rule does).

import type { Schema, Tool, ToolDefinition, ToolResultContent } from "../protocol/types.ts";
import { convertedSchemaOf } from "../schema/from-json-schema.ts";

/** A recorded tool replays a real tool's answers, images included. */
export type RecordedTool = Tool<unknown, unknown, ToolResultContent>;

function declaredSchema(definition: ToolDefinition): Schema<unknown> {
  return convertedSchemaOf(definition.parameters).schema;
}

/** What the real tool answered one call with. */
export interface RecordedResult {
  toolCallId: string;
  content: ToolResultContent[];
  isError: boolean;
}

/** The text a recorded tool answers with when the log holds no result for the call. */
export function noRecordedResultText(callId: string): string {
  return `no result was recorded for call ${callId}`;
}

/**
 * One Tool per declaration, and one per tool the log's calls name without declaring it. Results are looked up by call id; a repeated id (a real log can hold
 * one) takes its results in recorded order. The queues are per call of this function, so two
 * replays of one fixture never share what they consumed.
 */
export function recordedTools(
  declared: readonly ToolDefinition[],
  undeclared: readonly string[],
  results: readonly RecordedResult[],
): { declared: RecordedTool[]; undeclared: RecordedTool[] } {
  const queues = new Map<string, RecordedResult[]>();
  for (const result of results) queues.set(result.toolCallId, [...(queues.get(result.toolCallId) ?? []), result]);
  const tool = (definition: ToolDefinition): RecordedTool => ({
    name: definition.name,
    description: definition.description,
    schema: asRecorded(declaredSchema(definition)),
    async execute(_parameters, { callId }) {
      const recorded = queues.get(callId)?.shift();
      // Thrown, not returned: the executor turns it into the same error result any failing tool gets.
      if (!recorded) throw new Error(noRecordedResultText(callId));
      return { content: recorded.content.map((block) => ({ ...block })), isError: recorded.isError };
    },
  });
  return {
    declared: declared.map(tool),
    // No schema was declared for these, so any arguments pass: the log says the real tool took them.
    undeclared: undeclared.map((name) => tool({ name, description: "", parameters: {} })),
  };
}

/**
 * The declared schema as the record needs it: the same declaration (and conversions) for the
 * request, and the arguments the schema refuses passed on as they are, because the recorded
 * answer, not the replay's validator, says what the harness did with them.
 */
function asRecorded(schema: Schema<unknown>): Schema<unknown> {
  const { coerce } = schema;
  return {
    ...(schema.jsonSchema === undefined ? {} : { jsonSchema: schema.jsonSchema }),
    ...(coerce === undefined ? {} : { coerce: (value: unknown) => coerce.call(schema, value) }),
    parse(value) {
      try {
        return schema.parse(value);
      } catch {
        return value;
      }
    },
  };
}

/**
 * What the declared schema says of arguments a recorded tool takes as they are: the error its
 * parse throws, or undefined when it accepts them. The replay does not refuse them (the log says
 * what the harness did); the narration says the schema would have.
 */
export function declaredSchemaRefusal(definition: ToolDefinition, args: unknown): unknown {
  try {
    declaredSchema(definition).parse(args);
    return undefined;
  } catch (error) {
    return error;
  }
}
