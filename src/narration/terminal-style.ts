// Colour for a terminal, and only for a terminal: piped output stays plain text. FORCE_COLOR wins
// over NO_COLOR, as in Node itself; NO_COLOR wins over a TTY. chalk is loaded only when colour is
// on, so a piped run (and the golden check) never pays for it.
import type { Producer } from "./step-outcome.ts";
import { plainStyle, type Style } from "./style.ts";

export type ColorLevel = 0 | 1 | 2 | 3;

/** `colorDepth` is what the terminal reports (tty's getColorDepth(): 1, 4, 8 or 24 bits). */
export function colorLevel(env: NodeJS.ProcessEnv, isTTY: boolean, colorDepth = 4): ColorLevel {
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) {
    if (forced === "0" || forced === "false") return 0;
    const level = Number.parseInt(forced, 10);
    return level === 2 || level === 3 ? level : 1;
  }
  if (env.NO_COLOR) return 0;
  if (!isTTY || env.TERM === "dumb" || colorDepth < 4) return 0;
  return colorDepth >= 24 ? 3 : colorDepth >= 8 ? 2 : 1;
}

export async function terminalStyle(level: ColorLevel): Promise<Style> {
  if (level === 0) return plainStyle;
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level });
  const colours: Record<Producer, (text: string) => string> = {
    model: (text) => chalk.cyan(text),
    app: (text) => chalk.green(text),
    tool: (text) => chalk.yellow(text),
    person: (text) => chalk.magenta(text),
    record: (text) => chalk.blue(text),
    playground: (text) => chalk.white(text),
  };
  return {
    heading: (text) => chalk.bold(text),
    // Only the word is coloured; the padding after it stays plain.
    mark: (producer, text) => text.replace(/\S+/, (word) => chalk.bold(colours[producer](word))),
    producer: (producer, text) => colours[producer](text),
    failure: (text) => chalk.red(text),
    note: (text) => chalk.dim(text),
    escape: (text) => chalk.inverse(text),
  };
}
