// 命令写不了输出时的中文说法（见 output-messages.ts）。
import type { OutputMessages } from "./output-messages.ts";

const outputZh: OutputMessages = {
  writeProblem: (problem, force) => {
    switch (problem.kind) {
      case "directory":
        return "这是一个文件夹；请给出文件名";
      case "symlink":
        return "这是一个符号链接，可能指向任何地方；不会透过它写入";
      case "notRegularFile":
        return "不是普通文件（设备、管道或套接字）；绝不覆盖它";
      case "exists":
        return `文件已存在${force === undefined ? "" : `；加上 ${force} 才会替换它`}`;
      case "ownInput":
        return "这正是要读取的文件；请写到别处";
      case "noFolder":
        return "它所在的文件夹不存在";
      case "interrupted":
        return "已中断；什么也没有写入";
      case "io":
        return problem.reason;
    }
  },
  outputClosed: "serve：stdout 已被关闭（读取的一方走了，比如 `| head`）；旁白无处可写，服务器停止",
};

export default outputZh;
