// lint 的中文句子（见 lint-messages.ts）。文件位置 file:line:column 保持编辑器认得的写法。
import type { LintMessages } from "./lint-messages.ts";

const lintZh: LintMessages = {
  summary: (file, provider, errors, warnings) => `${file}: ${provider} 的请求体，${errors} 个错误，${warnings} 个警告`,
  notABody: (file, why) => `${file}: 不是请求体：${why}`,
  notAnyProvidersBody: (file, why) => `${file}: 不是任何服务商的请求体：${why}`,
  warningMark: "（警告）",
  fixLabel: "修正：",
};

export default lintZh;
