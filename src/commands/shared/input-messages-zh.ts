// 命令读不了、用不了输入时的中文说法（见 input-messages.ts）。
import type { InputMessages } from "./input-messages.ts";

const kinds = { array: "数组", null: "null", string: "字符串", number: "数字", boolean: "布尔值", other: "不是 JSON 的值" } as const;

/** "a、b 或 c"。 */
function either(parts: readonly string[]): string {
  return parts.length > 1 ? `${parts.slice(0, -1).join("、")} 或 ${parts.at(-1)}` : (parts[0] ?? "");
}

const inputZh: InputMessages = {
  readProblem: (problem) => {
    switch (problem.kind) {
      case "notRegularFile":
        return "不是普通文件";
      case "noSuchFile":
        return "没有这个文件";
      case "permissionDenied":
        return "没有读取权限";
      case "directory":
        return "这是一个目录";
      case "tooLarge":
        return `超过 ${problem.megabytes} MB`;
      case "interrupted":
        return "读取时被中断";
      case "notUtf8":
        return `${problem.line}:${problem.column}：不是 UTF-8 文本`;
      case "tooDeep":
        return `${problem.line}:${problem.column}：嵌套超过 ${problem.limit} 层`;
      case "system":
        return problem.message;
      case "notJson": {
        const { syntax } = problem;
        const where = syntax ? `${syntax.line}:${syntax.column}：` : "";
        return `${where}${inputZh.notJson(syntax?.problem, syntax?.found === undefined ? undefined : JSON.stringify(syntax.found))}`;
      }
    }
  },
  notJson: (problem, found) => `不是有效的 JSON${problem === undefined ? "" : `（${problem}${found === undefined ? "" : `，位于 ${found}`}）`}`,
  detectionProblem: (problem) => {
    switch (problem.kind) {
      case "notAnObject":
        return `顶层是${kinds[problem.found]}；请求体应是一个 JSON 对象`;
      case "noHistoryKey":
        return `顶层没有 ${either(problem.keys.map(({ key, providers }) => `\`${key}\`（${providers.join("、")}）`))}`;
    }
  },
};

export default inputZh;
