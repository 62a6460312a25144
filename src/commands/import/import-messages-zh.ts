// import 的中文句子（见 import-messages.ts）。文件位置 file:line:column 保持编辑器认得的写法。
import type { ImportMessages } from "./import-messages.ts";

const importZh: ImportMessages = {
  header: (file, format, detected, { users, replies, calls, results, tools }) =>
    `${file}: ${format}${detected ? "（由结构识别）" : ""}：${users} 条用户消息，${replies} 条回复，${calls} 个调用，${results} 个结果，${tools} 个声明的工具`,
  wrote: (file) => `已写入 ${file}`,
  branchesHeading: (count) => `分支（共 ${count} 个；用 --branch <id> 选另一个）：`,
  branch: (leafId, entries, chosen) => `  ${chosen ? "*" : " "} ${leafId}  ${entries} 个条目${chosen ? "  （已导入）" : ""}`,
  nothingDropped: "导入时没有丢弃或改动任何内容",
  droppedHeading: (count) => `丢弃、改动或补上的内容（${count} 处）：`,
  roundTripEqual: "往返检查：回放的最后一个请求与请求体相同（键的顺序不计）",
  roundTripDiffers: (count) => `往返检查：回放的最后一个请求与请求体有 ${count} 处不同：`,
  difference: (body, replay) => `请求体 ${body}  回放 ${replay}`,
  absent: "（没有）",
  moreDifferences: (count) => `  … 另有 ${count} 处`,
  lintClean: (format) => `lint（${format}）：没有违反任何规则`,
  lintFindings: (format, count) => `lint（${format}）：${count} 条发现，在各自的消息处叙述：`,
  warningMark: "（警告）",
  fixLabel: "修正：",
  branchNeedsPiSession: "--branch 只适用于 Pi 会话",
  unknownShape: (why) => `无法识别的结构：${why}`,
  notAnObject: "无法识别的结构：请求体应是一个 JSON 对象",
  notUtf8: "不是 UTF-8 文本",
  tooDeepToWrite: (file) => `${file}: 无法写出 fixture：对话嵌套太深，无法写成 JSON`,
  emptyOutput: '-o 需要一个文件名（"-" 表示标准输出）；什么也没读、什么也没写',
  cannotWrite: (file, why) => `${file}: 无法写入：${why}`,
};

export default importZh;
