// The way a server's narration reaches stdout, serve and serve --record alike. An exchange's lines
// are held until the end of the event loop's turn and written with the others of that turn:
// stdout to a pipe or file writes synchronously, one system call per write, which under load cost
// more than answering. Backpressure is unchanged (the shell waits for the output to drain before
// it reads a body), and what is held is one turn's lines at most. Every other line writes what is
// held first, then itself at once: the URL line stays first and alone, and nothing is left held
// when the server has closed. Once the reader has gone, nothing more is written.

export class NarrationOutput {
  readonly #write: (text: string) => void;
  #held: string[] = [];
  #flushing: NodeJS.Immediate | undefined;
  #silent = false;

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  /** An exchange's lines, written with the others of this turn of the event loop. */
  exchange(text: string): void {
    if (this.#silent) return;
    this.#held.push(text);
    this.#flushing ??= setImmediate(() => this.#flush());
  }

  /** Any other line: what is held first, then this one. */
  line(text: string): void {
    this.#flush();
    if (!this.#silent) this.#write(text);
  }

  /** The reader has gone: what is held and whatever comes after goes nowhere. */
  silence(): void {
    this.#silent = true;
    this.#flush();
  }

  get silent(): boolean {
    return this.#silent;
  }

  #flush(): void {
    if (this.#flushing) clearImmediate(this.#flushing);
    this.#flushing = undefined;
    const text = this.#held.join("");
    this.#held = [];
    if (text === "" || this.#silent) return;
    try {
      this.#write(text);
    } catch {
      // A narration that fails never ends the server or an answer.
    }
  }
}
