// The library entry: what another harness imports. Names follow the course chapters and Pi.

export type { AgentEvent, AgentEventListener, EndReason } from "./agent/agent-events.ts";
export { type AgentLoopOptions, type AgentLoopResult, DEFAULT_MAX_TURNS, runAgentLoop, type ToolExecution } from "./agent/agent-loop.ts";
export { consumeStream, type PartialToolCall, type StreamEnding, type StreamEventListener, type StreamProgress } from "./agent/consume-stream.ts";
export {
  type ExecuteOptions,
  executeToolCall,
  failedToolResult,
  type SkipReason,
  type ToolCallOutcome,
  type ToolCallTrace,
  traceToolCall,
} from "./agent/execute-tool-call.ts";
export { FakeModel, type FakeModelOptions, ModelRequestError, ScriptExhaustedError, type ScriptedReply } from "./agent/fake-model.ts";
export { assembleEvents } from "./agent/stream-assembler.ts";
export { type StreamPlan, streamSteps } from "./agent/stream-plan.ts";
export { type StreamedReply, StreamingFakeModel, type StreamingFakeModelOptions } from "./agent/streaming-fake-model.ts";
export { ToolRegistry } from "./agent/tool-registry.ts";
export { type GrowingLeaf, type PartialJsonError, PartialJsonParser, parsePartialJson } from "./json/partial-json.ts";
// Streaming: Pi-named events, the incremental partial-JSON parser, the streaming FakeModel and the
// consumer that builds a message from events (docs/streaming.md).
export type { AssistantStream, AssistantStreamEvent } from "./protocol/stream-events.ts";
export { text } from "./protocol/text.ts";
export { findPairingProblem, type PairingProblem, ToolPairingScan } from "./protocol/tool-pairing.ts";
export type * from "./protocol/types.ts";
export { arrayOf, recordValue, taggedUnion } from "./schema/collections.ts";
export { type ObjectSchema, objectSchema, objectValue, type Parsed, type SafeParseResult, type Shape } from "./schema/object-schema.ts";
export { type Expectation, formatFieldPath, formatJsonPath, type PathSegment, SchemaError } from "./schema/schema-error.ts";
export {
  booleanValue,
  describe,
  enumValue,
  literalValue,
  numberValue,
  optional,
  optionalPositiveInteger,
  optionalString,
  stringValue,
  unknownValue,
  type Validator,
} from "./schema/validator.ts";
export { type CalcDetails, type CalcOperator, calcOperators, calcSchema, runCalc } from "./tools/calc.ts";
export { echoSchema } from "./tools/echo.ts";
export { boom, builtinTools, calc, echo, slow } from "./tools/index.ts";
