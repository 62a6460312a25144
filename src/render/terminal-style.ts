// Colour for a terminal, and only for a terminal: piped output stays plain text. FORCE_COLOR wins
// over NO_COLOR, as in Node itself; NO_COLOR wins over a TTY.
import { Chalk, supportsColor, type ColorSupportLevel } from "chalk";
import { plainStyle, type Style } from "./style.ts";

export function colorLevel(env: NodeJS.ProcessEnv, isTTY: boolean): ColorSupportLevel {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) {
    if (forced === "0" || forced === "false") return 0;
    const level = Number.parseInt(forced, 10);
    return level === 2 || level === 3 ? level : 1;
  }
  if (env.NO_COLOR) return 0;
  if (!isTTY || env.TERM === "dumb") return 0;
  return supportsColor ? supportsColor.level || 1 : 1;
}

export function terminalStyle(level: ColorSupportLevel): Style {
  if (level === 0) return plainStyle;
  const chalk = new Chalk({ level });
  return {
    heading: (text) => chalk.bold(text),
    model: (text) => chalk.cyan(text),
    app: (text) => chalk.green(text),
    failure: (text) => chalk.red(text),
    note: (text) => chalk.dim(text),
  };
}
