// 导入时发现的情况的中文说法（见 import-notes.ts）。键、角色、类型、id 和预览都是来源里的数据，原样显示。
import type { JsonKind, MalformedSource, Subject } from "../../providers/shared/malformed-source.ts";
import type { NoteDetail } from "../../providers/shared/note-detail.ts";
import type { ImportNotes } from "./import-notes.ts";

function note(detail: NoteDetail): string {
  switch (detail.about) {
    case "unusedField":
      return `${detail.key}=${detail.value}`;
    case "argumentsReformatted":
      return "参数被重新写成紧凑的 JSON（空白、数字写法可能不同）";
    case "argumentsNotJson":
      return "参数不是有效的 JSON；回放里的模型把它们作为一个字符串值发送";
    case "unanswered":
      return `调用 ${detail.id}（${detail.name}）在来源里没有结果；回放用一条错误结果回答它`;
    case "noDescription":
      return "没有 description：回放声明一个空的";
    case "droppedRole":
      return `一条 role 为 ${detail.role} 的 ${detail.container}`;
    case "droppedPart":
      return `一个 ${detail.type} part`;
    case "droppedBlock":
      return `一个 ${detail.type} 块${detail.notBase64 ? "（不是以 base64 给出的）" : ""}`;
    case "systemJoined":
      return detail.api === "chat" ? `对话开始后的一条 ${detail.role} 消息并入了系统提示词` : `一条 ${detail.role} 消息并入了系统提示词（instructions）`;
    case "developerAsSystem":
      return "role developer 按 system 发送";
    case "droppedToolType":
      return `一个类型为 ${detail.type} 的工具`;
    case "droppedInputItem":
      return `一个类型为 ${detail.type} 的 input 项`;
    case "strictFalse":
      return `strict=${detail.strict}：回放声明工具时用 strict false`;
    case "noErrorFlag":
      return `${detail.api} 的结果没有错误标记：导入的每个结果 isError 都是 false`;
    case "imageDetailAuto":
      return `detail=${detail.detail} 按 "auto" 发送`;
    case "imageByUrl":
      return "一张通过 URL 给出的图片（类型里只能存 base64 数据）";
    case "callIdFilled":
      return `一个没有 id 的调用：回放称它为 ${detail.id}`;
    case "noArgs":
      return "没有 args：回放发送 {}";
    case "droppedGeminiPart":
      return `一个带有 ${detail.keys.join(", ")} 的 part`;
    case "parametersAsJsonSchema":
      return "parameters（Google 的 OpenAPI 子集）按 parametersJsonSchema 发送";
    case "responseAsText":
      return `response ${detail.preview} 以它的 JSON 文本保存在 response.output 里`;
    case "systemBlocksJoined":
      return "system 的文本块合并成一条系统提示词";
    case "droppedServerTool":
      return `一个服务端工具 ${detail.name}`;
    case "resultAfterText":
      return "文本之后的 tool_result：回放把结果放在前面";
    case "piNoSystemOrTools":
      return "Pi 会话不记录系统提示词和工具定义：每个被调用的工具都以开放的 schema 声明";
    case "piReplyMetadata":
      return "每条回复的 api、provider、model、usage 和时间戳：FakeModel 的回复不带这些（thinking 及其签名保留）";
    case "piCompaction":
      return "一次压缩（compaction）：它的摘要成为一条用户消息，被它替换的条目不导入";
    case "piExtensionMessage":
      return `一条扩展消息（${detail.customType}）按用户消息回放`;
    case "piBranchSummary":
      return "一条分支摘要按用户消息回放";
    case "piBookkeeping":
      return `一个 ${detail.entryType} 条目（不属于对话）`;
    case "piAssistantFields":
      return `assistant 的字段 ${detail.fields.join(", ")}`;
    case "piResultDetails":
      return "details（模型从来看不到它们；回放的记录工具没有 details）";
    case "piReplayedAsUser":
      return `一条 ${detail.role} 消息按用户消息回放`;
    case "unenforcedKeyword":
      return `${detail.tool}：回放的校验器不检查 schema 关键字 ${detail.keyword}`;
    case "undeclaredTool":
      return `${detail.name} 被调用了却没有声明：回放按记录回答它的调用，不把这个工具展示给模型`;
    case "argumentsMismatch":
      if (detail.answered === "ran")
        return `调用 ${detail.callId} 的参数不符合 ${detail.tool} 声明的 schema（${detail.error}），日志却用一个没有标记为错误的结果回答它：harness 照样执行了它，回放也用这个记录下的结果回答（在那条回复处讲述）`;
      if (detail.answered === "refused")
        return `调用 ${detail.callId} 的参数不符合 ${detail.tool} 声明的 schema（${detail.error}）：harness 用一个错误结果回答了它，回放给出同样记录下的回答`;
      return `调用 ${detail.callId} 的参数不符合 ${detail.tool} 声明的 schema（${detail.error}），日志里也没有回答：回放用自己的错误回答`;
  }
}

const kinds: Record<JsonKind, string> = { null: "null", array: "数组", object: "对象", string: "字符串", number: "数字", boolean: "布尔值", undefined: "缺失" };

const things: Record<Extract<Subject, { thing: string }>["thing"], string> = {
  contentBlock: "内容块",
  contentPart: "内容 part",
  part: "part",
  tool: "工具",
  toolCall: "工具调用",
  functionDeclaration: "函数声明",
};

function subject(what: Subject): string {
  return "field" in what ? what.field : things[what.thing];
}

function malformed(problem: MalformedSource): string {
  switch (problem.kind) {
    case "wrongType":
      return problem.found === "undefined"
        ? `${subject(problem.what)} 应是${kinds[problem.expected]}，却缺失了`
        : `${subject(problem.what)} 应是${kinds[problem.expected]}，实际是${kinds[problem.found]}`;
    case "missingCallId":
      return `一个没有 id 的调用：缺少 ${subject(problem.what)}`;
    case "unknownCallId":
      return `一个未知调用的结果：前面没有 id 为 ${problem.id} 的工具调用`;
    case "noWaitingCall":
      return `一个未知调用的结果：前面没有等待结果的 ${problem.name} 调用`;
    case "notJson":
      return `不是有效的 JSON${problem.problem === undefined ? "" : `（${problem.problem}）`}`;
    case "secondHeader":
      return "第二个会话头";
    case "firstNotHeader":
      return '第一个条目不是会话头（{"type":"session",…}）';
    case "emptySession":
      return "空的会话：没有会话头这一行";
    case "lineNotObject":
      return "每一行必须是一个 JSON 对象（一个会话条目）";
    case "noSuchEntry":
      return `没有 id 为 ${problem.id} 的条目（分支的末端：${problem.leaves.join(", ") || "没有"}）`;
    case "parentCycle":
      return "parentId 的链接形成了环";
    case "parentMissing":
      return `父条目 ${problem.parent} 不在文件里`;
  }
}

const importNotesZh: ImportNotes = { note, malformed };

export default importNotesZh;
