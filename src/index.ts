// The library entry: what another harness imports. Names follow the course chapters and Pi.
export type * from "./protocol/types.ts";
export { text } from "./protocol/text.ts";
export { SchemaError, formatJsonPath, formatFieldPath, type Expectation, type PathSegment } from "./schema/schema-error.ts";
export {
  stringValue,
  numberValue,
  booleanValue,
  optionalString,
  optionalPositiveInteger,
  enumValue,
  literalValue,
  unknownValue,
  optional,
  describe,
  type Validator,
} from "./schema/validator.ts";
export { objectSchema, objectValue, type ObjectSchema, type Parsed, type SafeParseResult, type Shape } from "./schema/object-schema.ts";
export { arrayOf, recordValue, taggedUnion } from "./schema/collections.ts";
export { ToolRegistry } from "./agent/tool-registry.ts";
export { executeToolCall, traceToolCall, failedToolResult, type ToolCallOutcome, type ToolCallTrace, type ExecuteOptions, type SkipReason } from "./agent/execute-tool-call.ts";
export { findPairingProblem, ToolPairingScan, type PairingProblem } from "./protocol/tool-pairing.ts";
export { FakeModel, ModelRequestError, ScriptExhaustedError, type FakeModelOptions, type ScriptedReply } from "./agent/fake-model.ts";
export { runAgentLoop, DEFAULT_MAX_TURNS, type AgentLoopOptions, type AgentLoopResult, type ToolExecution } from "./agent/agent-loop.ts";
export type { AgentEvent, AgentEventListener, EndReason } from "./agent/agent-events.ts";
export { builtinTools, calc, echo, boom, slow } from "./tools/index.ts";
export { calcSchema, calcOperators, runCalc, type CalcOperator, type CalcDetails } from "./tools/calc.ts";
export { echoSchema } from "./tools/echo.ts";
// Streaming: Pi-named events, the incremental partial-JSON parser, the streaming FakeModel and the
// consumer that builds a message from events (README "Streaming").
export type { AssistantStreamEvent, AssistantStream } from "./protocol/stream-events.ts";
export { PartialJsonParser, parsePartialJson, type GrowingLeaf, type PartialJsonError } from "./json/partial-json.ts";
export { StreamingFakeModel, type StreamedReply, type StreamingFakeModelOptions } from "./agent/streaming-fake-model.ts";
export { consumeStream, type StreamEnding, type StreamEventListener, type StreamProgress, type PartialToolCall } from "./agent/consume-stream.ts";
export { streamSteps, type StreamPlan } from "./agent/stream-plan.ts";
