import type { DiagramMessages } from "./diagram-messages.ts";

const skipped = {
  duplicateId: "它的 id 与前面的调用重复",
  truncated: "回复被截断了",
  modelError: "回复以错误结束",
  notStarted: "运行先停了",
  aborted: "运行被中止",
} as const;

const messages: DiagramMessages = {
  heading: "这次运行的时序图",
  legend: {
    arrow: "──▶  一条消息：请求、用户的话、交给工具的调用",
    reply: "┄┄▶  一个回答：模型的回复、工具的输出",
    failure: "══✗  失败：被拒的调用、isError 结果、被截断的回复",
    retry: "··▶  重试：把失败结果带回给模型的请求",
    self: " ↺   应用自己的一步：查找、校验、追加的 toolResult",
  },
  episode: (index, title, steps) =>
    `${steps === undefined ? `第 ${index + 1} 段` : steps.first === steps.last ? `第 [${steps.first}] 步` : `第 [${steps.first}]–[${steps.last}] 步`}${title === undefined ? "" : `：${title}`}`,
  user: (text) => `用户：${text}`,
  request: (turn, messages, tools) => `第 ${turn} 次请求：重发 ${messages} 条消息${tools > 0 ? ` + ${tools} 个工具` : "，没带工具列表"}`,
  reply: (text, calls, stopReason) => {
    const parts = [...(text === "" ? [] : [JSON.stringify(text)]), ...calls.map((call) => `toolCall ${call.name}#${call.id}`)];
    return `回复：${parts.length === 0 ? "（空）" : parts.join(" + ")} stopReason=${stopReason}`;
  },
  lookup: (call, found) => (found ? `查找 ${call.name}：找到了` : `查找 ${call.name}：没有这个工具`),
  parse: (call, passed, problem) =>
    passed ? `校验 ${call.name}#${call.id}：通过` : `校验 ${call.name}#${call.id}：没通过${problem === undefined ? "" : `（在 ${problem}）`}`,
  execute: (call, recorded) => (recorded ? `从记录回放 ${call.name}#${call.id}` : `执行 ${call.name}#${call.id}`),
  output: (_call, threw, text) => (threw ? `抛出异常：${text}` : `返回 ${text}`),
  result: (call, isError, text) => `toolResult ${call.name}#${call.id} isError=${isError} ${JSON.stringify(text)}`,
  skipped: (call, reason) => `${call.name}#${call.id} 没有执行：${skipped[reason]}`,
  served: (number, provider, path, messages, tools, findings) =>
    `#${number} ${provider} POST ${path}：${messages} 条消息，${tools} 个工具${findings.length === 0 ? "" : `，${findings.length} 条规则发现`}`,
  refusal: (number, status, message) => `#${number} 被拒 ${status}：${message}`,
  end: ({ reason, turns, historyLength }) => {
    switch (reason) {
      case "stop":
        return `${turns} 次请求后结束：最后一条回复没要工具`;
      case "maxTurns":
        return `在 maxTurns=${turns} 停下：下一次请求会重发这 ${historyLength} 条消息`;
      case "modelError":
        return "结束：模型的回复是一个错误";
      case "aborted":
        return "结束：运行被中止";
      case "awaitingReply":
        return `记录里没有最后一次请求的回复（${historyLength} 条消息）`;
    }
  },
  folded: (count, first, last) => `… 同样的一轮又来了 ${count} 次（第 ${first}–${last} 次请求）`,
  cannotWrite: (file, why) => `--html ${file}：没有写入：${why}`,
  wrotePage: (file) => `已写入 ${file}：用浏览器打开它`,
  htmlCannotServe: (option) =>
    option === "serve"
      ? "--html 写的是一次跑完的运行的页面；serve 的实时页面就在它自己的地址上（打开它打印的 URL）"
      : `--html 不能和 ${option} 一起用：它写的是一次完整播放的 fixture 运行的页面`,
  cannotCombine: (option, other) => `${option} 不能和 ${other} 一起用：两者都打印到 stdout`,
  page: {
    message: "消息",
    history: (length) => `这次请求时的历史（${length} 条消息）`,
    body: "请求体",
    provider: "提供商",
    noRequest: "第一次请求之前：还没有请求体。",
    close: "关闭",
    open: "打开一个箭头（点击，或 Tab 再回车），看它的消息、那次请求时的历史和请求体。",
    liveTitle: "serve：到目前为止的会话",
    liveWaiting: "等待请求……",
    liveLeftOut: (count) => `最早的 ${count} 次往来已不再显示`,
    findings: "规则发现",
  },
};

export default messages;
