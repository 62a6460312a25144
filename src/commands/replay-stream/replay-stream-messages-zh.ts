// replay-stream 的中文句子（见 replay-stream-messages.ts）。文件位置保持编辑器认得的 file:line 写法。
import type { ReplayStreamMessages } from "./replay-stream-messages.ts";

const replayStreamZh: ReplayStreamMessages = {
  detected: (provider, events) => `提供方：${provider}，共 ${events} 个事件`,
  skipped: (count, types) => `解析器不用的 ${count} 个事件已列出并跳过：${types}`,
  stoppedEarly: (events, last) => `流提前结束，停在第 ${events} 个事件（${last}）之后：下面的消息是不完整的`,
  messageHeading: "重建出的 assistant 消息：",
  unknownProvider: (file, expected) => `${file}: 看不出这个流来自哪个提供方；请用 --provider 指定（可选：${expected}）`,
  unreadable: (file, problem) => `${file}: ${problem}`,
  noEvents: "没有任何事件",
};

export default replayStreamZh;
