// English words for input a command cannot use (see input-messages.ts).
import type { InputMessages } from "./input-messages.ts";

const kinds = { array: "an array", null: "null", string: "a string", number: "a number", boolean: "a boolean", other: "no JSON value" } as const;

/** "a, b or c". */
function either(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}` : (parts[0] ?? "");
}

const inputEn: InputMessages = {
  readProblem: (problem) => {
    switch (problem.kind) {
      case "notRegularFile":
        return "not a regular file";
      case "noSuchFile":
        return "no such file";
      case "permissionDenied":
        return "permission denied";
      case "directory":
        return "a directory";
      case "tooLarge":
        return `larger than ${problem.megabytes} MB`;
      case "interrupted":
        return "interrupted while reading";
      case "notUtf8":
        return `${problem.line}:${problem.column}: not UTF-8 text`;
      case "tooDeep":
        return `${problem.line}:${problem.column}: nested deeper than ${problem.limit} levels`;
      case "system":
        return problem.message;
      case "notJson": {
        const { syntax } = problem;
        const where = syntax ? `${syntax.line}:${syntax.column}: ` : "";
        return `${where}${inputEn.notJson(syntax?.problem, syntax?.found === undefined ? undefined : JSON.stringify(syntax.found))}`;
      }
    }
  },
  notJson: (problem, found) => `not valid JSON${problem === undefined ? "" : ` (${problem}${found === undefined ? "" : ` at ${found}`})`}`,
  detectionProblem: (problem) => {
    switch (problem.kind) {
      case "notAnObject":
        return `the top level is ${kinds[problem.found]}; a request body is a JSON object`;
      case "noHistoryKey":
        return `no ${either(problem.keys.map(({ key, providers }) => `\`${key}\` (${providers.join(", ")})`))} at the top level`;
    }
  },
};

export default inputEn;
