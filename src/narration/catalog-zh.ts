// 中文叙述：默认语言，也是 expected-output.txt 的语言。句式沿用课程第 3.4 章实验的输出。

import type { FixtureProblem } from "../fixture/load-fixture.ts";
import type { AppliedEdit } from "../fixture/person-edits.ts";
import type { StopReason } from "../protocol/types.ts";
import type { Expectation } from "../schema/schema-error.ts";
import type { Catalog } from "./catalog.ts";
import { json, quoted } from "./display-text.ts";
import { legendLine } from "./legend-marks.ts";
import type { EpisodeOutcome } from "./step-outcome.ts";

const stopReasons: Record<StopReason, string> = {
  toolUse: "模型停下来等工具结果，这一轮还没结束。",
  stop: "模型说完了，没有请求工具。",
  length: "输出达到长度上限被截断了，内容可能不完整。",
  error: "模型服务出错了。",
  aborted: "这次请求被中止了。",
};

function expectation(expected: Expectation): string {
  switch (expected.kind) {
    case "string":
      return "字符串";
    case "number":
      return "数字";
    case "boolean":
      return "布尔值";
    case "positiveInteger":
      return "正整数";
    case "nonNegativeInteger":
      return "非负整数";
    case "integer":
      return "整数";
    case "null":
      return "null";
    case "object":
      return "对象";
    case "array":
      return "数组";
    case "minItems":
      return `至少有 ${expected.count} 项的数组`;
    case "oneOf":
      return `${expected.values.map((value) => JSON.stringify(value)).join("、")} 之一`;
    case "any":
      return "任意 JSON 值";
    case "custom":
      return `合法的值（${expected.message}）`;
  }
}

const syntaxProblems = {
  emptyFile: "文件是空的，应为一个 JSON 对象",
  unexpectedEnd: "文件意外结束：缺少右括号或引号",
  unexpectedCharacter: "这里不能出现这个字符",
  expectedCommaOrClose: "缺少逗号（或右括号）",
  trailingComma: "最后一项后面多了一个逗号",
  expectedPropertyName: "应为带双引号的键名",
  expectedColon: "键名后面应为冒号",
  invalidNumber: "数字写法不对",
  invalidEscape: "字符串里的转义写法不对",
  controlCharacterInString: "字符串里不能直接换行或出现控制字符",
  unterminatedString: "字符串缺少结尾的双引号",
  trailingContent: "JSON 已经结束，后面还有多余内容",
  missingClosingQuote: "字符串一直延续到行尾：多半是缺少结尾的双引号",
  comment: 'JSON 不支持注释：请删掉 // 或 /* */ 部分（备注可以写在 "description" 键里）',
  singleQuotes: "JSON 的字符串和键名要用双引号，不能用单引号",
} as const;

function outcome(value: EpisodeOutcome): string {
  switch (value.kind) {
    case "ran":
      if (value.recorded)
        return value.isError ? `${value.name} 通过校验，记录里的结果是一次失败（isError=true）` : `${value.name} 通过校验，结果取自记录（这次没有真正执行）`;
      return value.isError ? `${value.name} 执行了，但工具自己报告失败（isError=true）` : `${value.name} 通过校验并执行成功`;
    case "invalid":
      return `${value.name} 没有执行：参数没通过校验`;
    case "unknownTool":
      return `${value.name === "" ? "（空名字）" : value.name} 没有执行：Registry 里没有这个工具`;
    case "threw":
      return `${value.name} 执行时抛出异常，应用把它变成一条 isError 结果`;
    case "refused":
      return `应用拒绝了对 ${value.name === "" ? "（空名字）" : value.name} 的调用，没有执行`;
    case "aborted":
      return `运行中止，${value.name} 没有等到自己的结果`;
    case "noCall":
      return "模型没有请求工具，直接作答";
    case "allDropped":
      return "你删掉了模型请求的调用，没有工具执行";
    case "stopped":
      return "运行在任何调用之前就停下了";
  }
}

const faultNamesZh = {
  rateLimit: "限流（429）",
  overloaded: "过载（Anthropic 是 529，其他是 503）",
  serverError: "服务器错误（500）",
  unavailable: "服务不可用（503）",
  gatewayTimeout: "网关超时（504）",
  contextTooLong: "上下文过长（400）",
  unauthorized: "密钥未通过认证（401）",
  permissionDenied: "没有权限（403）",
} as const;

const faultAdviceZh = {
  rateLimit: "harness 应按 retry-after 等待，再原样重发同一个请求；循环从原处继续。",
  overloaded: "harness 应退避一会儿，再原样重发同一个请求。",
  serverError: "harness 可以原样重发几次，仍失败就报告错误。",
  unavailable: "harness 应退避一会儿，再原样重发同一个请求。",
  gatewayTimeout: "harness 可以原样重发，或改用流式让回答更早开始。",
  contextTooLong: "原样重发还会失败：harness 必须先缩短历史。",
  unauthorized: "原样重发还会失败：harness 应停下来，报告 API 密钥错误或缺失。",
  permissionDenied: "原样重发还会失败：harness 应停下来，报告这个密钥不能使用这个模型或 API。",
} as const;

const zh: Catalog = {
  marks: { model: "模型   ", app: "应用   ", tool: "工具   ", person: "人工   ", record: "记录   ", playground: "演练场 " },
  legend: (shown) =>
    legendLine("标记：", " · ", [
      "模型＝模型生成的（fixture 里写好的回复也算模型的）",
      "应用＝应用（本程序：registry、executor、loop，以及它发出的系统提示词和工具清单）产生的",
      shown.tool && "工具＝工具自己的输出",
      shown.record && "记录＝日志里记下、回放时原样交回的结果",
      shown.edits ? "人工＝人写的（用户消息、交互模式里你的修改）" : "人工＝人写的（用户消息）",
    ]),
  contextStep: (step) => `[${step}] 组装上下文：系统提示词 + 消息历史 + 工具清单`,
  contextOrigin: "每次请求都把这三样完整重发一遍——模型没有记忆。",
  systemPrompt: (text) => `systemPrompt：${text}`,
  historyHas: (count) => `历史现在有 ${count} 条：`,
  historyElided: (hidden) => `……（更早的 ${hidden} 条从略）`,
  toolsHeader: (count) => `工具清单有 ${count} 个；模型对工具的全部认知只有 name、description、parameters：`,
  requestAgainStep: (step, turn, length, systemPrompt) =>
    `[${step}] 第 ${turn} 次请求模型：把${systemPrompt ? "系统提示词、" : ""}历史（${length} 条）连同工具清单完整重发`,

  replyStep: (step, count) => `[${step}] 模型回复：一条 assistant 消息，里面有 ${count} 个内容块`,
  block: (index) => `内容块 ${index}`,
  stopReason: (reason) => `stopReason=${reason} —— ${stopReasons[reason]}`,
  replyAppended: (length, hasToolCalls) =>
    hasToolCalls ? `应用先把这条消息追加进历史（现在 ${length} 条），然后才处理里面的调用。` : `应用把这条消息追加进历史（现在 ${length} 条）。`,
  callDropped: (name, id) => `应用按你的选择从回复里删掉了调用 ${name === "" ? "（空名字）" : name}（id=${id}）：历史里没有它，模型下一次也看不到它。`,
  stopReasonChanged: (from, to) => `stopReason=${to} —— 模型原本给的是 ${from}；调用都被删掉了，应用把它改成 ${to}，让回复和历史一致：${stopReasons[to]}`,
  outcomeStep: (step, value) => `[${step}] ${outcome(value)}`,
  scenario: (title) => `场景：${title}`,
  newConversation: (tools) =>
    `这是一段新的对话，不接前面的历史：它从下面这段历史开始，Registry 里是 ${tools.length > 0 ? tools.join("、") : "空的"}。调用 id 只需在一段对话里唯一，所以可以和前面对话的重复。`,
  secondRequestElsewhere: "这次运行的每段对话都只请求了一次模型。第二次请求（带着工具结果重发整个历史）和模型读到结果后的回答，见 npm start -- final-answer。",
  titledStep: (step, title) => `[${step}] ${title}`,
  titleNotShown: (title, meant) => `场景：${title}——这个标题是为「${outcome(meant)}」写的；这次没有发生，上面的标题说的是实际发生的事。`,

  validateStep: (step, name, checked) => {
    switch (checked) {
      case "passed":
        return `[${step}] 查找并校验：registry.get("${name}")，再用它的 schema.parse(arguments)`;
      case "parseFailed":
        return `[${step}] 查找并校验：registry.get("${name}") 找到了工具，schema.parse(arguments) 没通过`;
      case "lookupFailed":
        return `[${step}] 查找：registry.get("${name}") 没找到工具，所以不再校验`;
    }
  },
  executeStep: (step, name, recorded) =>
    recorded ? `[${step}] 回放 ${name} 的记录结果：没有执行任何工具，应用到日志里找这次调用的结果` : `[${step}] 执行 ${name}：动手的是应用，模型什么都没执行`,
  modelCall: (name, id) => `模型请求调用 ${name === "" ? "（空名字）" : name}，id=${id}`,
  modelArguments: (json) => `模型给出的 arguments=${json}`,
  modelSays: (text) => `模型说：${text}`,
  personChanged: (edit) => {
    switch (edit.kind) {
      case "arguments":
        return `你把调用 ${edit.callId} 的 arguments 改成了 ${json(edit.arguments)}`;
      case "name":
        return `你把调用 ${edit.callId} 的工具名从 ${edit.from.name === "" ? "（空名字）" : edit.from.name} 改成了 ${edit.name === "" ? "（空名字）" : edit.name}`;
      case "drop":
        return `你删掉了调用 ${edit.callId}`;
      case "add":
        return `你加了一个调用：${edit.name === "" ? "（空名字）" : edit.name}，id=${edit.callId}，arguments=${json(edit.arguments)}`;
      case "text":
        return `回复的文字是你写的：${quoted(edit.text)}`;
    }
  },
  scriptedFailure: (kind, times, retryAfter) =>
    `在真实的 API 上，这个请求会先收到${faultNamesZh[kind]}${times > 1 ? `，连续 ${times} 次` : ""}${retryAfter === undefined ? "" : `（retry-after ${retryAfter} 秒）`}：应用的循环看到的是服务商的错误（SDK 抛出它，或先自己重试），而不是这条回复。${faultAdviceZh[kind]}（npm start -- serve 会真的这样回答。）`,
  scriptedDelay: (ms) => `在真实的 API 上，这条回复晚 ${ms} 毫秒才到：harness 的超时要留出这段时间（npm start -- serve 会真的这样回答）。`,
  scriptedStall: (afterEvents, forMs) =>
    `在真实的 API 上，这条回复流式发出 ${afterEvents} 个事件后停住，${forMs === undefined ? "直到客户端放弃" : `停 ${forMs} 毫秒`}：只有 harness 自己的超时能结束等待（npm start -- serve 会真的这样回答）。`,
  historyEdited: (edits) => `  ↑ 上面这条消息里有你的修改：${edits.map((edit) => editedPartZh(edit)).join("、")}`,
  modelReads: (detail) =>
    detail === "brief"
      ? "下一次请求会重发整个历史，模型看得到自己发的 arguments；可这条结果文字没说是哪个参数、收到了什么，它只能拿自己的 arguments 对照着猜。（--tool-errors detailed 会写明）"
      : "结果文字写明了出错参数的路径和要求，以及收到的值（缺少时写 missing）；下一次请求里模型会连同自己的 arguments 一起读到它。",
  converted: (conversions) => `coerce 策略先转换了参数：${conversions.join("，")}`,
  skipped: (reason, id, abortReason) => {
    switch (reason) {
      case "truncated":
        return "这条回复被截断了（stopReason=length）：参数可能不完整，不能照着执行";
      case "modelError":
        return "模型回复以出错结束：里面的调用不能照着执行";
      case "duplicateId":
        return `调用 id ${id} 在这条消息里重复了：结果回来时无法区分两次调用`;
      case "notStarted":
        return `运行已中止（${abortReason}）：这次调用还没有开始`;
      case "aborted":
        return `运行已中止（${abortReason}）：不再等这个工具`;
    }
  },
  refusedStep: (step, name, id) => `[${step}] 先检查调用本身：${name === "" ? "（空名字）" : name}，id=${id}`,
  runningWhenAborted: "查找和校验都通过了，工具已经开始执行。",
  abandoned: "应用不再等它，构造一条 isError=true 的工具结果，让这个调用也有配对：",
  notExecuted: "应用不执行它，仍然构造一条 isError=true 的工具结果，让每个调用都有配对：",
  progress: (id, text) => `进度（${id}）：${text}`,
  lookupFailed: (name, known) =>
    name === ""
      ? `查找失败：模型给出的工具名是空的（可用：${known.join("、") || "无"}）`
      : `查找失败：这次运行的 Registry 里没有 ${name}（只有：${known.join("、") || "无"}）`,
  lookupFailedSkip: "应用不校验也不执行，改为构造一条 isError=true 的工具结果：",
  parsePassed: (name, parsed, dropped) => `校验通过：${name} 只会收到 ${parsed}${dropped.length > 0 ? `（丢弃了未声明的字段 ${dropped.join("、")}）` : ""}`,
  recordedRefusal: (name, description) =>
    `${name} 声明的 schema 不接受这些参数（${description}）；记录的工具自己不拒绝它们：这次调用当时 harness 怎么处理的，日志里写着，回放照样放出来。`,
  droppedNotRefused: (schemaForbids) =>
    schemaForbids
      ? "工具清单里的 schema 写着 additionalProperties:false：那是对模型的要求，不是这里的检查；parse 不因多余的键拒绝调用，只把它们丢掉（第 06 章的规则）。"
      : "schema 没有声明这些键：parse 只把声明过的字段交给工具，其余丢掉。",
  parseFailed: (description) => `校验失败：${description}`,
  undeclaredSent: (keys) =>
    `模型还发了 schema 没声明的 ${keys.map(({ key, suggestion }) => (suggestion ? `${key}（是不是想写 ${suggestion}？）` : key)).join("、")}：parse 不看未声明的键，校验通过时也会把它们丢掉。`,
  stoppedAtFirst: (unchecked) => `校验在第一个错误处就停下了：后面的 ${unchecked.join("、")} 没有检查，也可能有错。`,
  parseFailedSkip: "应用不执行工具，改为构造一条 isError=true 的工具结果：",
  executed: (content, details) => `工具返回 content=${content}${details === undefined ? "" : ` details=${details}`}`,
  domainFailure: "工具自己报告了失败（isError=true）：没有抛异常，结果照样配对回填。",
  recordedResult: (content) => `记录里的结果 content=${content}`,
  notRecorded: (message) => `日志里没有这次调用的结果，应用的替身工具只好报错：${message}`,
  recordedFailure: "记录里这次调用失败了（isError=true）：原样交回，照样配对。",
  resultWrapped: (callId) => `executor 把返回值包成一条 toolResult 消息，toolCallId=${callId} 与请求配对：`,
  threw: (message) => `执行时抛出异常：${message}`,
  threwCaught: "应用捕获异常（只保留 message，去掉 stack），构造一条 isError=true 的工具结果：",
  argumentProblem: (path, expected, received) => {
    if (path === "") return `arguments 必须是${expectation(expected)}，收到 ${received ?? "undefined"}`;
    if (received === undefined) return `缺少参数 ${path}（应为${expectation(expected)}）`;
    return `参数 ${path} 必须是${expectation(expected)}，收到 ${received}`;
  },

  resultsStep: (step) => `[${step}] 把工具结果作为一条新消息塞回历史`,
  stoppedAtCap: (maxTurns, length, systemPrompt) =>
    `按 maxTurns=${maxTurns} 停在这里。下一次请求会把${systemPrompt ? "系统提示词、" : ""}这 ${length} 条消息连同工具清单一起重发给模型。`,
  finished: (turns) => `模型不再请求工具，对话结束（共请求模型 ${turns} 次）。`,
  finishedAfterDrop: (turns) => `你删掉了这条回复里的全部调用，于是对话到此结束（共请求模型 ${turns} 次）。`,
  order: (finishOrder, callOrder) => `完成顺序：${finishOrder.join("、")}；追加进历史的顺序（按调用顺序）：${callOrder.join("、")}`,
  abortCause: (kind, ms, signal) => (kind === "timeout" ? `超时：${ms} ms` : signal && signal !== "SIGINT" ? `收到 ${signal}，被中断` : "被 Ctrl-C 中断"),
  endedByModelError: "模型的回复以出错结束，运行到此为止。",
  endedByAbort: (reason, length) => `运行中止（${reason}）：每个未完成的调用都得到了配对结果，历史（${length} 条）仍然合法。`,
  userJoined: (step, length) => `[${step}] 用户又发来一条消息：它加入历史（现在 ${length} 条），随下一次请求发出`,
  awaitingReply: (length) => `日志到此为止：它记下了这次请求（${length} 条消息），却没有模型对它的回复，回放就停在这里。`,
  lintFinding: (text, warning) => (warning ? `API 会接受这条消息，但 harness 不该这样发：${text}` : `API 拒绝的正是这条消息：${text}`),
  unusedReplies: (count) => `FakeModel：脚本里还有 ${count} 条回复没有被请求过`,

  wireHeading: (provider, endpoint, next) => `${next ? "如果继续，下一次" : "这次"}请求在 ${provider} 的线上是这样的（${endpoint}）：`,
  wireDeltaHeading: (provider, endpoint, next) => `${next ? "如果继续，下一次" : "这次"}请求在 ${provider} 的线上（${endpoint}）和上一次相比，变了的部分：`,
  wireAsBefore: (places) => `其余和上一次请求一样：${places.join("、")}`,
  wireRemoved: (keys) => `上一次请求里有、这次没有：${keys.join("、")}`,
  wireNote: (note) => {
    switch (note.kind) {
      case "syntheticResult":
        return `线上视图补了一条结果：${note.toolName}#${note.toolCallId} 还没有 toolResult，而服务商拒绝悬空的调用，于是补一条 isError 的 "${note.text}"`;
      case "idRewritten":
        return `线上视图改写了调用 id：${note.from} → ${note.to}（服务商的 id 规则不接受原样；调用和结果用同一个新 id）`;
      case "strayResultDropped":
        return `线上视图丢掉了 messages.${note.messageIndex}：toolCallId=${note.toolCallId} 的结果不回答任何调用`;
      case "emptyAssistantDropped":
        return `线上视图丢掉了 messages.${note.messageIndex}：一条什么都没有的 assistant 消息`;
      case "argumentsReplaced":
        return `线上视图把 ${note.toolCallId} 的 arguments 换成了 {}：这个服务商只接受对象，模型给的是 ${json(note.original)}`;
      case "blankTextDropped":
        return `线上视图丢掉了 messages.${note.messageIndex} 里只有空白的文本块：Anthropic 和 Gemini 拒绝这样的块`;
      case "blankUserMessageFilled":
        return `线上视图给 messages.${note.messageIndex} 填了文本 "${note.text}"：这条用户消息里没有可见内容，服务商拒绝空白消息`;
      case "duplicateIdRenamed":
        return `线上视图给第 ${note.occurrence} 个 id 为 ${note.id} 的调用改了 id：${note.id} → ${note.to}（服务商拒绝重复的 id；它的结果也用新 id）`;
      case "toolNameRewritten":
        return `线上视图改写了工具名：${JSON.stringify(note.from)} → ${note.to}（服务商的工具名规则不接受原样；定义和调用用同一个新名字）`;
      case "thinkingDropped":
        return `线上视图丢掉了 messages.${note.messageIndex} 的 thinking：这个服务商只接受它自己签发过签名的推理内容`;
      case "imageDropped":
        return `线上视图丢掉了一张 ${note.mimeType} 图片（${note.where}）：这个服务商在那个位置放不下图片`;
    }
  },
  jsonSyntaxProblem: (problem) => syntaxProblems[problem],
  fixtureProblem: (problem: FixtureProblem) => {
    switch (problem.kind) {
      case "notFound":
        return "找不到这个文件";
      case "isDirectory":
        return "这是一个目录，不是 fixture 文件";
      case "unreadable":
        return `无法读取：${problem.reason}`;
      case "tooLarge":
        return `文件太大（${problem.bytes} 字节，上限 ${problem.limit} 字节）`;
      case "exceedsLimit":
        return `读到的内容超过上限 ${problem.limit} 字节，已停止读取`;
      case "notRegularFile":
        return "这不是普通文件（设备、管道或套接字）；请把 fixture 存成文件，或通过管道交给 /dev/stdin";
      case "duplicateKey":
        return `键 "${problem.key}" 在同一个对象里出现了两次；JSON 会悄悄只保留第二个`;
      case "unknownKey":
        return problem.suggestion === undefined
          ? `未知的键 "${problem.key}"（可选：${problem.known.join(", ")}）`
          : `未知的键 "${problem.key}"——是不是想写 "${problem.suggestion}"？（可选：${problem.known.join(", ")}）`;
      case "noAlternative": {
        const options = problem.alternatives.map((option) =>
          option.keys ? `带有键 ${option.keys.join(", ")} 的${expectation(option.expected)}` : expectation(option.expected),
        );
        const expected = options.join("或");
        return problem.received === undefined ? `缺少这个键（应为${expected}）` : `应为${expected}，实际是 ${json(problem.received)}`;
      }
      case "invalidUtf8":
        return `不是合法的 UTF-8 文本`;
      case "syntax": {
        const { problem: kind, found } = problem.error;
        return `JSON 语法错误：${syntaxProblems[kind]}${found === undefined ? "" : `（遇到 ${JSON.stringify(found)}）`}`;
      }
      case "shape": {
        const { expected, received } = problem.error;
        const what = received === undefined ? `缺少这个键（应为${expectation(expected)}）` : `应为${expectation(expected)}，实际是 ${json(received)}`;
        return what;
      }
      case "unknownTool":
        return `没有名为 "${problem.name}" 的工具（可选：${problem.known.join(", ")}）`;
    }
  },
  unknownFixture: (name, known) => `未知的 fixture "${name}"（可选：${known.join(", ")}；或者给出一个 .json 文件路径）`,
  interrupted: (signal) => `已中断（${signal && signal !== "SIGINT" ? signal : "Ctrl-C"}）：正在进行的调用都得到了配对的 aborted 结果，历史仍然合法。`,
  modelFailed: (refusal) => {
    switch (refusal.kind) {
      case "scriptExhausted":
        return `FakeModel 拒绝了请求：第 ${refusal.requestNumber} 次请求没有对应的回复，脚本只有 ${refusal.scriptLength} 条。给脚本加一条回复，或者让对话早点结束。`;
      case "pairing": {
        const { kind, messageIndex, toolCallIds } = refusal.problem;
        return kind === "unanswered"
          ? `FakeModel 拒绝了请求（真实服务商会回 400）：messages.${messageIndex} 里的调用 ${toolCallIds.join("、")} 后面没有紧跟配对的 toolResult`
          : `FakeModel 拒绝了请求（真实服务商会回 400）：messages.${messageIndex} 的 toolCallId ${toolCallIds.join("、")} 不回答前一条 assistant 消息里的任何调用`;
      }
      case "other":
        return `FakeModel 拒绝了请求：${refusal.message}`;
    }
  },
  npmSwallowedOption: (option, command) => `npm 把 ${option} 当成了它自己的选项，playground 没有收到。请在 playground 的选项前加上 --：${command}`,
};

export default zh;

/** One of a person's edits, as the note under the message names it. */
function editedPartZh(edit: AppliedEdit): string {
  switch (edit.kind) {
    case "arguments":
      return `${edit.callId} 的 arguments`;
    case "name":
      return `${edit.callId} 的工具名`;
    case "drop":
      return `删掉了 ${edit.callId}`;
    case "add":
      return `加上了 ${edit.callId}`;
    case "text":
      return "文字";
  }
}
