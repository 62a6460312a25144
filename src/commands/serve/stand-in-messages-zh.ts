// serve --interactive 的提示（中文）。
import type { StandInMessages } from "./stand-in-messages.ts";

const keys = "↑↓ 选择，Enter 确认，Ctrl-C 或 Esc 结束";

const standInZh: StandInMessages = {
  heading: (number, provider, streamed) => `── 请求 ${number} · ${provider}${streamed ? "，流式" : ""} · 由你充当模型作答 ──`,
  point: (episode, reply, replies) =>
    reply > replies
      ? `第 ${episode} 段，第 ${reply} 条回复：已经超出脚本（脚本共 ${replies} 条）`
      : `第 ${episode} 段，要的是第 ${reply} 条回复（共 ${replies} 条）`,
  history: (messages) => `harness 发来的历史（${messages} 条消息）：`,
  scriptAnswers: "脚本在这里的回复：",
  pastEnd: "脚本在这里没有回复：自己写一条，或者用一个故障作答。",
  choose: (number, waiting, oldestSeconds) =>
    `请求 ${number}：模型怎么回答？${waiting > 0 ? `（还有 ${waiting} 个在等，最早的已等 ${oldestSeconds} 秒）` : ""}（${keys}）`,
  choice: {
    script: "按脚本原样回复",
    edit: "改脚本的回复：改某个调用的 arguments、改工具名或删掉调用",
    add: "加一个调用，调用 harness 声明的某个工具",
    text: "用你自己写的文字回答（不带调用）",
    fault: "用一个故障作答（限流、过载……）",
    end: "结束本次会话：之后的请求都按脚本回复，然后保存",
  },
  reviewCall: (name, id, json) => `调用 ${name === "" ? "（空名字）" : name}（id=${id}），arguments=${json}：（${keys}）`,
  callKeep: "保持原样",
  callEdit: "改它的 arguments（JSON）",
  callRename: "改工具名",
  callDrop: "删掉这个调用",
  editArguments: "arguments，写成 JSON（Tab 编辑当前值；Enter 发送，Ctrl-C 或 Esc 结束）：",
  invalidJson: (line, column, problem) => `不是合法的 JSON：第 ${line} 行第 ${column} 列，${problem}。改好后按 Enter。`,
  refusedBySchema: (tool, problem) => `${tool} 声明的 schema 不接受这些 arguments：${problem}。改好后按 Enter。`,
  renameTool: (known) => `新的工具名（harness 声明了：${known.join("、") || "无"}；Tab 编辑当前名字，Enter 提交）：`,
  emptyName: "工具名可以是任何字符串，但不能为空。",
  pickTool: `调用哪个声明的工具？（${keys}）`,
  noTools: "harness 没有声明工具：没有可以调用的。",
  writeText: "回复的文字（Enter 发送）：",
  pickFault: `哪种故障？每种都用服务商自己的状态码、错误体和响应头回答（${keys}）`,
  gone: (number) => `请求 ${number}：客户端等不及先走了；跳过。`,
  ended: "会话结束：之后来的请求都按脚本回复。",
  saveConfirm: (answered) => `把这次会话保存成 fixture 吗${answered > 0 ? `（含你作答的 ${answered} 处）` : ""}？`,
  savePath: "保存到哪个文件？（Enter 确认）",
  overwrite: (path) => `${path} 已存在。覆盖吗？`,
  saved: (path, command) => `已保存：${path}。再次提供它：${command}`,
  saveFailed: (path, problem) =>
    problem.kind === "directory"
      ? `${path} 是个文件夹；请给一个文件名。`
      : problem.kind === "symlink"
        ? `${path} 是符号链接；不会透过它写入。请换个名字。`
        : `无法保存到 ${path}：${problem.reason}。什么都没写；请换个路径。`,
  needsTerminal: "serve --interactive 需要 stdin 是终端。去掉 --interactive 就会按 fixture 原样提供。",
  cancelled: "已离开会话（Ctrl-C / Esc）；什么都没保存。",
};

export default standInZh;
