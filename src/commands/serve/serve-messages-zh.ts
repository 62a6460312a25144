// serve 的中文句子（见 serve-messages.ts）。

import type { Attempt } from "./attempt-book.ts";
import type { HarnessCall, UnmetExpectation } from "./expectations.ts";
import { type ServeMessages, seconds } from "./serve-messages.ts";

/** 调用在 harness 那里的 id，脚本里的 id 不同时写在旁边。 */
function call({ id, scriptId }: HarnessCall): string {
  return scriptId === undefined ? id : `${id}（脚本里是 ${scriptId}）`;
}

function unmet(problem: UnmetExpectation): string {
  switch (problem.kind) {
    case "noResult":
      return `调用 ${call(problem.call)} 没有结果`;
    case "isError":
      return `${call(problem.call)} 的结果 isError 是 ${problem.found}，期望是 ${problem.expected}`;
    case "missingText":
      return `${call(problem.call)} 的结果里没有 ${problem.text}`;
    case "undeclaredTool":
      return `没有声明工具 ${problem.name}`;
  }
}

const places = {
  thinking: "思考块",
  signature: "思考块签名",
  text: "文字",
  call: "调用",
  name: "调用名",
  callId: "调用 id",
  arguments: "调用参数",
} as const;

const kinds = {
  reply: "脚本里的下一条回复",
  lint: "请求违反了服务商的规则；返回服务商的错误",
  pairing: "请求违反了工具调用协议",
  malformed: "请求体不是 JSON",
  notABody: "请求体不是这个 API 的请求",
  tooLarge: "请求体超过大小上限",
  notFound: "没有这个路由",
  unknownReference: "请求引用了本服务器没有保存的条目或响应",
  evicted: "请求引用的响应本服务器保存过，但为了不超出存储上限已经丢弃（--store-bytes、--store-responses）",
  forbidden: "请求来自网页而不是 harness",
  clientGone: "客户端在请求发完之前就断开了；没有作答",
  exhausted: "脚本里这段对话已经没有回复了",
  expectation: "请求与脚本回复所期望的不符",
  divergence: "历史与本服务器给出的回复不一致（--strict）",
  internal: "内部错误",
  scriptedError: "脚本里的这条回复是一个错误，按服务商的服务器错误返回",
  aborted: "脚本里的这条回复被中止",
  fault: "脚本安排的失败",
  models: "模型列表",
} as const;

const faultWords = {
  rateLimit: "限流",
  overloaded: "过载",
  serverError: "服务器错误",
  unavailable: "服务不可用",
  gatewayTimeout: "网关超时",
  contextTooLong: "上下文过长",
  unauthorized: "未通过认证",
  permissionDenied: "没有权限",
} as const;

/** harness 遇到每种失败该怎么做。 */
const faultAdvice = {
  rateLimit: "harness 应等待（有 retry-after 就按它），再原样重发同一个请求",
  overloaded: "harness 应退避一会儿，再原样重发同一个请求",
  serverError: "harness 可以原样重发几次，仍失败就报告错误",
  unavailable: "harness 应退避一会儿，再原样重发同一个请求",
  gatewayTimeout: "harness 可以原样重发，或改用流式让回答更早开始",
  contextTooLong: "原样重发还会失败：harness 要先缩短历史",
  unauthorized: "原样重发还会失败：harness 应停下来，报告 API 密钥错误或缺失",
  permissionDenied: "原样重发还会失败：harness 应停下来，报告这个密钥不能使用这个模型或 API",
} as const;

function attemptZh(attempt: Attempt, reply: number): string {
  const head = `第 ${attempt.number} 次尝试第 ${reply} 条回复（脚本让前 ${attempt.failures} 次失败）`;
  if (attempt.previous === undefined) return head;
  const asked = attempt.askedMs === undefined ? "没有给 retry-after" : `retry-after 要求等 ${seconds(attempt.askedMs)} 秒`;
  const body = attempt.sameBody ? "原样重发了同一个请求体" : "发来的请求体不同";
  return `${head}：harness 在请求 ${attempt.previous} 之后等了 ${seconds(attempt.waitedMs ?? 0)} 秒（${asked}），${body}`;
}

/** 这个地址谁能访问：只有本机，还是网络上的其他机器也能。 */
function reachZh(url: string): string {
  if (/^http:\/\/(127\.|\[::1\]|localhost[:/])/.test(url)) return "仅本机回环";
  if (/^http:\/\/(0\.0\.0\.0|\[::\])[:/]/.test(url)) return "所有网络接口：能访问这台机器的人都能使用它";
  return "网络上可以通过这个地址访问";
}

const serveZh: ServeMessages = {
  listening: (url, fixture) => `在 ${url} 提供 ${fixture}：把你的 harness 的 base URL 指向这里（${reachZh(url)}）。按 Ctrl-C 停止。`,
  routesHeading: "路由：",
  requestHeading: (number, method, path, provider, streamed) => `── 请求 ${number} · ${method} ${path} · ${provider}${streamed ? "，流式" : ""} ──`,
  conversation: (episode, reply, replies, messages, fresh) =>
    `第 ${episode} 段，要的是第 ${reply} 条回复（共 ${replies} 条）；harness 发来 ${messages} 条消息，模型上次回复之后新增 ${fresh} 条：`,
  legend:
    "标记（serve）：应用＝你的 harness（它发来的请求、它给出的工具结果）· 模型＝本服务器以模型及其 API 的身份作答 · 工具＝你的工具返回的内容 · 人工＝用户消息，以及有人代替模型作答的内容（serve --interactive）· 演练场＝本演练场自己的检查（脚本走到哪一步、服务商的规则、脚本的 expect）",
  marks: { model: "模型   ", app: "应用   ", tool: "工具   ", person: "人工   ", record: "记录   ", playground: "演练场 " },
  tools: (names) => `harness 声明的工具：${names}`,
  noTools: "harness 没有声明工具",
  ranCall: (call) => `执行了 ${call}，发来它的结果：`,
  unknownCall: (call) => `为 ${call} 发来了结果，但模型上一条回复里没有这个调用：`,
  lintClean: "lint：请求遵守这个服务商的全部规则",
  lintFinding: (severity, rule, pointer, message) => `lint ${severity}：${rule} 位于 ${pointer}：${message}`,
  divergence: (severity, { place, turn, pointer }, served, sent) =>
    `divergence ${severity}：模型第 ${turn} 轮发回时与服务器给出的不一致，位于 ${pointer}（${places[place]}）：给出的是 ${served ?? "（没有）"}，发回的是 ${sent ?? "（没有）"}`,
  replied: (status, events) => `← ${status} 脚本里的下一条回复${events === undefined ? "" : `，以 ${events} 个 server-sent event 流式发出`}：`,
  repliedStalled: (status, written, events) =>
    events === undefined
      ? `← ${status} 脚本里的下一条回复，不是流式的：停住之前一个字节也不写，连响应头都不发：`
      : `← ${status} 脚本里的下一条回复：它的 ${events} 个 server-sent event 停住之前写出了 ${written} 个：`,
  refused: (status, kind, message) => `← ${status} ${kinds[kind]}：${message}`,
  modelList: (status, names) => `← ${status} 客户端要的模型列表：${names}`,
  dropped: (events) =>
    events === undefined
      ? "✂ 脚本里的这条回复被中止：连接直接断开，没有任何回答"
      : `✂ 脚本里的这条回复被中止：发出 ${events} 个 server-sent event 后连接断开，流没有结尾：`,
  unmet: (problem) => `脚本期望、请求里却没有：${unmet(problem)}`,
  attempt: attemptZh,
  fault: (status, kind, retryAfter, message) =>
    `← ${status} ${faultWords[kind]}${retryAfter === undefined ? "" : `，retry-after ${retryAfter} 秒`}：${message} —— ${faultAdvice[kind]}`,
  delayed: (ms) => `脚本让回答晚 ${seconds(ms)} 秒发出`,
  brokenStream: (kind) =>
    ({
      malformedEvent: "流坏了：有一个事件的 data 不是 JSON —— 客户端的解析器会报错",
      unknownEvent: "流里有一个 API 没有的事件类型 —— 客户端必须跳过它",
      noFinalEvent: "流坏了：没有最后一个事件就结束了 —— 客户端不能把回复当作完整的",
    })[kind],
  stalls: (events) => `流在 ${events} 个事件之后停住：之后什么也不发，直到客户端放弃`,
  stallEnded: (number, by, afterMs) =>
    ({
      client: `请求 ${number}：客户端等了 ${seconds(afterMs)} 秒后放弃了停住的回答`,
      script: `请求 ${number}：停顿按 forMs 在 ${seconds(afterMs)} 秒后结束，连接断开`,
      server: `请求 ${number}：服务器停止时关闭了停住的回答（已停 ${seconds(afterMs)} 秒）`,
    })[by],
  gaveUp: ({ request, reply, attempts }) => `harness 在第 ${reply} 条回复失败 ${attempts} 次后放弃了；最后一次是请求 ${request}`,
  closing: (signal, inFlight) => `${signal}：不再接受新请求；先答完进行中的 ${inFlight} 个，然后关闭`,
  closed: (requests) => `共处理 ${requests} 个请求，已关闭`,
  neverAskedFor: (reply, replies, episode) => `第 ${episode} 段的第 ${reply} 条回复（共 ${replies} 条）从没有请求要过：harness 在脚本结束之前就停了`,
  problemsSeen: (count) => `fake model 看到 ${count} 个问题：`,
  problemAt: (request, sentence) => `请求 ${request}：${sentence}`,
  cannotListen: (host, port, why) => `serve：无法在 ${host}:${port} 上监听：${why}`,
  recordListening: (url, upstream, output) => `在 ${url} 录制：每个请求带着 harness 自己的密钥转发到 ${upstream}；按 Ctrl-C 把这次会话写入 ${output}。`,
  recordLegend:
    "标记（serve --record）：应用＝你的 harness · 上游＝真实 API 的回答，原样转交 · 工具＝你的工具返回的内容 · 人工＝用户消息 · 演练场＝本演练场自己的检查（服务商的规则）",
  upstreamMark: "上游   ",
  recordConversation: (conversation, turn, messages, fresh) =>
    `第 ${conversation} 段对话，模型第 ${turn} 轮；harness 发来 ${messages} 条消息，模型上次回复之后新增 ${fresh} 条：`,
  upstreamReplied: (status, events) => `← ${status} 来自上游${events === undefined ? "" : `，以 ${events} 个 server-sent event 流式发送`}：`,
  upstreamFailed: (status, message, kind) =>
    `← ${status} 来自上游，原样转交：${message}（${kind === undefined ? "无法作为脚本化故障重放：记在 fixture 的 description 里" : `记录为脚本化故障：${kind}`}）`,
  upstreamUnreachable: (upstream, why) => `← 502：连不上上游 ${upstream}：${why}`,
  upstreamCut: "✂ 回答没有完整结束：这段对话只保留到最后一次完整的往返",
  recordWritten: (file, conversations, exchanges) => `已写入 ${file}：${exchanges} 次往返，${conversations} 段对话；用 serve ${file} 重放`,
  recordNothing: "什么都没有录到：没有写 fixture",
  recordSecretFound: (file) => `serve --record：不写 ${file}：会话里含有 harness 发来的 API 密钥；什么都没写`,
  recordCannotWrite: (file, why) => `serve --record：无法写入 ${file}：${why}`,
  recordBadUpstream: (url) => `serve --record：${url} 不是 http:// 或 https:// 的 base URL`,
  recordNeedsOutput: "serve --record：用 -o <文件> 指定会话写到哪里",
  recordAbsoluteForm: "← 400：请求行写的是完整 URL 而不是路径：拒绝，不转发（录制器不是代理）",
  upstreamEncoded: (encoding) => `← 502：上游用 content-encoding ${encoding} 回答，而请求要的是 identity：不读取就拒绝，不录制`,
  upstreamUnreadable: (status) => `← ${status} 来自上游，原样转交；录制器读不出这是一个回复：记在 fixture 的 description 里`,
  upstreamTooLarge: (status, bytes, limit) =>
    `← ${status} 来自上游，已完整转交（${bytes} 字节）；太大无法录制（超过 ${limit} 字节）：记在 fixture 的 description 里`,
  recordKept: (file, exchanges, why) => `serve --record：${file} 不再跟随会话更新：只保留前 ${exchanges} 次往返；${why}`,
  recordTooLarge: (bytes, limit) => `fixture 会有 ${bytes} 字节，超过 serve 能加载的 ${limit} 字节`,
  recordHoldsSecret: "会话里现在含有 harness 发来的 API 密钥",
  upstreamPassed: (status) => `← ${status} 来自上游，原样转交；不是任何服务商的路由：不录制`,
};

export default serveZh;
