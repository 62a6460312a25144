// A fixed number of places, taken in arrival order: the requests served at once, and the
// exchanges worked out at once, each wait here for a place to free up.

/** Takes one of `size` places, waiting for one to free up: the release function gives it back. */
export class Slots {
  private open: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.open = size;
  }
  /** Whether a place is free now. */
  free(): boolean {
    return this.open > 0;
  }
  async take(): Promise<() => void> {
    if (this.open > 0) this.open--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    return this.#release();
  }
  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.open++;
    };
  }
}
