// The library entry: what another harness imports. Names follow the course chapters and Pi.
export type * from "./types.ts";
export { text } from "./text.ts";
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
export { ToolRegistry } from "./tool-registry.ts";
export { executeToolCall, traceToolCall, failedToolResult, type ToolCallOutcome, type ToolCallTrace, type ExecuteOptions, type SkipReason } from "./execute-tool-call.ts";
export { findPairingProblem, ToolPairingScan, type PairingProblem } from "./tool-pairing.ts";
export { FakeModel, ModelRequestError, ScriptExhaustedError, type FakeModelOptions, type ScriptedReply } from "./fake-model.ts";
export { runAgentLoop, DEFAULT_MAX_TURNS, type AgentLoopOptions, type AgentLoopResult, type ToolExecution } from "./loop/agent-loop.ts";
export type { AgentEvent, AgentEventListener, EndReason } from "./loop/events.ts";
export { builtinTools, calc, echo, boom, slow } from "./tools/index.ts";
export { calcSchema, calcOperators, runCalc, type CalcOperator, type CalcDetails } from "./tools/calc.ts";
export { echoSchema } from "./tools/echo.ts";
