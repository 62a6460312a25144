// 流式叙述的中文句子（见 stream-catalog.ts）。
import type { StreamCatalog } from "./stream-catalog.ts";

const kinds = { string: "字符串", number: "数字", literal: "字面量" } as const;

const streamZh: StreamCatalog = {
  streamHeader: "回复以事件流的形式到达（事件名与 Pi 相同），每个事件一行：",
  argumentsSoFar: (text, value) => `目前的参数文本 ${text}  →  目前能得到的值 ${value}`,
  mayGrow: (kind, leaf) => `（末尾的${kinds[kind]} ${leaf} 可能还会变长）`,
  notYetAValue: "还没有值",
  notJson: (offset, message) => `参数文本在第 ${offset} 个字符处不再是 JSON（${message}），校验会拒绝它`,
  validationPossible: "参数完整了：直到现在才能校验",
  streamDone: (reason) => `流结束：done，stopReason=${reason}`,
  streamError: (reason, message) => `流结束：error，stopReason=${reason}${message === undefined ? "" : `（${message}）`}`,
  unfinishedCall: (name, id, value) => `${name}#${id} 没有传完：最后的部分参数 ${value} 留在消息里，循环会用一条错误结果回答它`,
  wireStreamHeading: (provider, endpoint) => `${provider} 会把这条回复作为下面这些 server-sent events 流式发送（${endpoint}，"stream": true）：`,
  wireStreamVariant: (label) => `另一种形式：${label}`,
};

export default streamZh;
