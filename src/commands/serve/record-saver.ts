// serve --record's session on disk as it goes: after every exchange the book changed, the whole
// fixture is written again, atomically (write-output.ts: a temporary file renamed into place), so
// the file is at every moment a fixture `serve` loads and holds every completed exchange. Why not an
// append-only journal: serve and import read fixtures, not journals, and the fixture is bounded by
// serve's own load limit (MAX_FIXTURE_BYTES), so one rewrite is at most a few MB and a few tens of
// ms. Writes never overlap: changes during a write are folded into the next one. A session that
// grows past the load limit, or comes to hold a key the harness sent, is no longer written: the
// file keeps the last session that serve can load and that holds no key, and the saver says why.
import { rm } from "node:fs/promises";
import { MAX_FIXTURE_BYTES } from "../../fixture/load-fixture.ts";
import { fixtureText, SaveError, type SaveProblem, writeFixtureFile } from "../../fixture/write-fixture.ts";
import type { WriteProblem } from "../../io/write-output.ts";
import type { RecordBook } from "./record-book.ts";
import { recordedFixture } from "./record-fixture.ts";

/** Why the file stopped following the session: it holds the session up to `exchanges`. */
export type SaveStop =
  | { kind: "tooLarge"; bytes: number; limit: number }
  | { kind: "secret" }
  | { kind: "cannotWrite"; problem: SaveProblem; writeProblem: WriteProblem };

export interface SaverOptions {
  book: RecordBook;
  file: string;
  schemaFile: string;
  upstream: URL;
  /** Replace a file already there (--force); once the saver has written it, it replaces its own. */
  force: boolean;
  secrets: ReadonlySet<string>;
  /** The largest fixture written (serve's load limit unless a test passes one). */
  maxBytes?: number | undefined;
  /** Told after each write, with the exchanges the file now holds. */
  onSaved?: (exchanges: number) => void;
  /** Told once when the file stops following the session. */
  onStop?: (stop: SaveStop, exchanges: number) => void;
}

export class SessionSaver {
  readonly #options: SaverOptions;
  #writing: Promise<void> | undefined;
  #again = false;
  #stop: SaveStop | undefined;
  /** The text last written, to look in for a key learnt after it was written. */
  #lastText = "";
  /** The book's version last written (or refused). */
  #version = -1;
  /** Exchanges in the file on disk, and its conversations (0: nothing written yet). */
  saved = { exchanges: 0, conversations: 0 };

  constructor(options: SaverOptions) {
    this.#options = options;
  }

  get stop(): SaveStop | undefined {
    return this.#stop;
  }

  /** The book changed: write it as soon as the write before (if any) is done. */
  changed(): void {
    if (this.#writing) {
      this.#again = true;
      return;
    }
    this.#writing = this.#loop().finally(() => (this.#writing = undefined));
  }

  /** Resolves once everything the book held when called (and since) is on disk or refused. */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      await this.#writeOnce();
    } while (this.#again && this.#stop === undefined);
  }

  async #writeOnce(): Promise<void> {
    const { book, file, upstream, secrets } = this.#options;
    if (this.#stop || book.version === this.#version) return;
    this.#version = book.version;
    const exchanges = book.exchanges;
    const recorded = recordedFixture(book, `Recorded session: ${upstream.host}`, upstream.origin);
    if (recorded.conversations === 0) return;
    const text = fixtureText(recorded.fixture, file, this.#options.schemaFile);
    const limit = this.#options.maxBytes ?? MAX_FIXTURE_BYTES;
    const bytes = Buffer.byteLength(text);
    if (bytes > limit) return this.#stopped({ kind: "tooLarge", bytes, limit });
    if ([...secrets].some((secret) => text.includes(secret))) return this.#withdrawn();
    try {
      await writeFixtureFile(file, text, { replace: this.#options.force || this.saved.conversations > 0 });
    } catch (error) {
      if (!(error instanceof SaveError)) throw error;
      return this.#stopped({ kind: "cannotWrite", problem: error.problem, writeProblem: error.writeProblem });
    }
    this.saved = { exchanges, conversations: recorded.conversations };
    this.#lastText = text;
    this.#options.onSaved?.(exchanges);
  }

  /** A key is in the session: the file stops here, and is removed if it holds a key itself (one a
   *  harness pasted into a message before it sent it as its key). */
  async #withdrawn(): Promise<void> {
    if ([...this.#options.secrets].some((secret) => this.#lastText.includes(secret))) {
      await rm(this.#options.file, { force: true });
      this.saved = { exchanges: 0, conversations: 0 };
    }
    this.#lastText = "";
    this.#stopped({ kind: "secret" });
  }

  #stopped(stop: SaveStop): void {
    this.#stop = stop;
    this.#options.onStop?.(stop, this.saved.exchanges);
  }
}
