// The calc tool as a harness of your own would hold it: a JSON Schema for the model and a
// function to run. Shared by the three example harnesses beside this file.
export const calcParameters = {
  type: "object",
  properties: {
    a: { type: "number", description: "left operand" },
    b: { type: "number", description: "right operand" },
    op: { type: "string", enum: ["add", "sub", "mul", "div"], description: "operator" },
  },
  required: ["a", "b", "op"],
  additionalProperties: false,
} as const;

export const calcDescription = "Arithmetic on two numbers.";

/** Runs one call; a bad argument is the model's mistake, answered as an error result. */
export function runCalc(args: unknown): { text: string; isError: boolean } {
  if (typeof args !== "object" || args === null) return { text: "arguments must be an object", isError: true };
  const fields = new Map<string, unknown>(Object.entries(args));
  const a = fields.get("a");
  const b = fields.get("b");
  const op = fields.get("op");
  if (typeof a !== "number" || typeof b !== "number") return { text: "a and b must be numbers", isError: true };
  if (op === "add") return { text: String(a + b), isError: false };
  if (op === "sub") return { text: String(a - b), isError: false };
  if (op === "mul") return { text: String(a * b), isError: false };
  if (op === "div") return b === 0 ? { text: "division by zero", isError: true } : { text: String(a / b), isError: false };
  return { text: `unknown op ${JSON.stringify(op)}`, isError: true };
}

export const QUESTION = "What is 7 + 5, and 6 times 7?";
export const SYSTEM = "You are a helpful assistant. Use calc for arithmetic.";

/** `--stream`, `--forget-result` and the base URL from the command line. */
export function exampleArgs(argv: readonly string[]): { baseUrl: string; stream: boolean; forgetResult: boolean } {
  const baseUrl = argv.find((arg) => !arg.startsWith("--")) ?? "http://127.0.0.1:8787";
  return { baseUrl, stream: argv.includes("--stream"), forgetResult: argv.includes("--forget-result") };
}
