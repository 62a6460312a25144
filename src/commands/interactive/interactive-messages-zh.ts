// 交互模式的提示语（中文）。
import type { InteractiveMessages } from "./interactive-messages.ts";

const keys = "↑↓ 选择，Enter 确认，Ctrl-C 或 Esc 退出";

const interactiveZh: InteractiveMessages = {
  pickFixture: `选一个 fixture（${keys}）`,
  pause: "下一步？（Enter 继续；↑↓ 选其他操作；Ctrl-C 或 Esc 退出）",
  pauseNext: "继续下一步",
  pauseRunToEnd: "一直运行到结束（不再暂停）",
  pauseShowContext: "看看模型下一次会收到什么（历史 + 工具定义）",
  pauseValidation: (current) => `切换校验策略（现在是 ${current}，切换到 ${current === "strict" ? "coerce" : "strict"}）`,
  pauseLanguage: () => "切换到英文",
  pauseQuit: "退出（不保存）",
  reviewCall: (name, id, json) => `模型请求调用 ${name === "" ? "（空名字）" : name}（id=${id}），arguments=${json}。执行前怎么处理？（${keys}）`,
  callRun: "照脚本执行",
  callEdit: "编辑 arguments（JSON）",
  callRename: "改工具名",
  callDrop: "丢掉这个调用（就当模型没请求过）",
  editArguments: "新的 arguments，写成 JSON（直接输入新的，或按 Tab 在当前的基础上改；Enter 提交，Ctrl-C 或 Esc 退出）：",
  invalidJson: (line, column, problem) => `不是合法的 JSON：第 ${line} 行第 ${column} 列，${problem}。改好再按 Enter。`,
  renameTool: (known) => `新的工具名（这次运行有：${known.join("、") || "无"}；按 Tab 在当前的基础上改，Enter 提交）：`,
  emptyName: "工具名可以是任何字符串——包括不存在的名字——但不能为空白；想试空名字，请用 fixture。",
  saveConfirm: (edited) => `把这次运行${edited ? "（包括你的修改）" : ""}保存成新的 fixture 吗？`,
  savePath: "保存到哪个文件？（Enter 确认）",
  overwrite: (path) => `${path} 已经存在，覆盖它吗？`,
  saved: (path, command) => `已保存：${path}。用 ${command} 重放。`,
  saveFailed: (path, problem) =>
    problem.kind === "directory"
      ? `${path} 是一个目录；请给出文件名（例如 ${path.replace(/[\\/]+$/, "")}/run.json）。`
      : problem.kind === "symlink"
        ? `${path} 是一个符号链接，它可能指向任何地方，所以不会通过它写入。请换一个名字。`
        : `无法保存到 ${path}：${problem.reason}。什么都没有写入；请换一个路径。`,
  outsideProject: (path, projectFolder) => `${path} 在项目目录（${projectFolder}）之外。仍然写到那里吗？`,
  validationNow: (policy) => `校验策略现在是 ${policy}，从下一个调用开始生效。`,
  languageNow: "叙述现在是中文。",
  contextHeader: "模型下一次会收到：",
  cancelled: "已退出（Ctrl-C / Esc），没有保存。",
  needsTerminal: "--interactive 需要在终端里运行（stdin 不是终端）。去掉 --interactive 就能非交互地运行同一个 fixture。",
  quit: "已退出，没有保存。",
};

export default interactiveZh;
