// The transcript's line layout: a heading after a blank line, or a line that starts with its
// producer's mark (model, app, tool, person) — a sentence, or data indented under it. Every text
// passes through `visible` before the style adds colour, so data can never reach the terminal raw.
// Lines can be held back (a summary step whose title waits for its outcome) and let go later.

import { visible } from "../io/sanitize.ts";
import type { Catalog } from "./catalog.ts";
import type { Producer } from "./step-outcome.ts";
import type { Style } from "./style.ts";

/** How a line's text is coloured on a terminal (its mark has its producer's colour). */
export type Tone = "plain" | "data" | "failure" | "note";

export class MarkedLines {
  #held: string[] | undefined;
  private readonly style: Style;
  private readonly write: (line: string) => void;
  /** Asked on every line: an interactive session switches language mid-run. */
  private readonly catalog: () => Catalog;

  constructor(style: Style, write: (line: string) => void, catalog: () => Catalog) {
    this.style = style;
    this.write = write;
    this.catalog = catalog;
  }

  /** A line with no mark: the title, the legend, a view's header. */
  unmarked(text: string, decorate: (text: string) => string): void {
    this.#out(decorate(this.#visible(text)));
  }

  heading(text: string): void {
    this.#out("");
    this.#out(this.style.heading(this.#visible(text)));
  }

  /** A narrated line: the producer's mark, then the text. */
  line(producer: Producer, text: string, tone: Tone = "plain"): void {
    this.#out(`${this.#mark(producer)}${this.#tone(tone, producer)(this.#visible(text))}`);
  }

  /** A line of data itself (a history entry, a block, a body line), indented under its sentence. */
  data(producer: Producer, text: string, tone: Tone = "data"): void {
    this.#out(`${this.#mark(producer)}  ${this.#tone(tone, producer)(this.#visible(text))}`);
  }

  get holding(): boolean {
    return this.#held !== undefined;
  }

  /** From now on lines wait, until `release`. */
  hold(): void {
    this.#held ??= [];
  }

  /** `first` writes what must come before the held lines (a heading); then the held lines follow. */
  release(first: () => void): void {
    const held = this.#held;
    this.#held = undefined;
    first();
    for (const line of held ?? []) this.write(line);
  }

  #visible(text: string): string {
    return visible(text, this.style.escape);
  }

  #mark(producer: Producer): string {
    return this.style.mark(producer, this.catalog().marks[producer]);
  }

  #tone(tone: Tone, producer: Producer): (text: string) => string {
    switch (tone) {
      case "plain":
        return (text) => text;
      case "data":
        return (text) => this.style.producer(producer, text);
      case "failure":
        return this.style.failure;
      case "note":
        return this.style.note;
    }
  }

  #out(line: string): void {
    if (this.#held) this.#held.push(line);
    else this.write(line);
  }
}
