// Timing helpers for scripts/bench.ts: a warm-up, several timed rounds and the median, with every
// result counted so the optimiser cannot drop the work being measured.

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `subject` on every input, keeps each result for a moment and counts the truthy ones. */
type PassLoop = (subject: (input: unknown) => unknown, inputs: readonly unknown[], kept: unknown[]) => number;

function isPassLoop(value: unknown): value is PassLoop {
  return typeof value === "function";
}

let loopsMade = 0;

/**
 * A fresh copy of the timing loop for each subject: one shared loop would see every library's
 * function at its call site, turn megamorphic and slow all of them down by different amounts.
 * Each copy's source differs by a comment, because V8 caches `new Function` by source text and
 * the cached entry shares its type feedback: identical copies would be one loop. Each result is stored (in a ring of 16, so
 * it dies young as a real caller's would) and the truthy ones counted and checked: testing only
 * truthiness would let V8 inline a parse and never allocate the object it returns. Keeping every
 * result instead makes V8 pretenure the allocation site, and the rows then depend on their order.
 */
function freshPassLoop(): PassLoop {
  const loop: unknown = new Function(
    "subject",
    "inputs",
    "kept",
    `"use strict"; // timing loop ${loopsMade++}
    let ok = 0;
    for (let i = 0; i < inputs.length; i++) {
      const result = subject(inputs[i]);
      kept[i & 15] = result;
      if (result) ok++;
    }
    return ok;`,
  );
  if (!isPassLoop(loop)) throw new Error("code generation is unavailable");
  return loop;
}

export interface SyncSubject {
  label: string;
  /** Truthy when the input was accepted. */
  run: (input: unknown) => unknown;
}

export interface RateOptions {
  /** One pass's inputs for the subject at this index, untimed; called before every pass, so a
   *  subject that mutates its inputs can be given fresh ones each time. */
  inputs: (subjectIndex: number) => unknown[];
  /** How many inputs of a pass each subject must accept (0 for invalid input): a wrong count stops the bench. */
  expectAccepted: number;
  rounds?: number;
  roundMs?: number;
  warmupMs?: number;
}

/** Median operations per second of each subject, rounds interleaved so machine noise hits all alike. */
export function compareRates(subjects: readonly SyncSubject[], options: RateOptions): number[] {
  const { rounds = 7, roundMs = 40, warmupMs = 250 } = options;
  const loops = subjects.map(() => freshPassLoop());
  const pass = (index: number): { ops: number; ms: number } => {
    const subject = subjects[index];
    const loop = loops[index];
    if (!subject || !loop) throw new Error("no such subject");
    const inputs = options.inputs(index);
    const kept = new Array<unknown>(16).fill(undefined);
    const start = nowMs();
    const accepted = loop(subject.run, inputs, kept);
    const ms = nowMs() - start;
    if (accepted !== options.expectAccepted) {
      throw new Error(`${subject.label}: accepted ${accepted} of ${inputs.length}, expected ${options.expectAccepted}`);
    }
    return { ops: inputs.length, ms };
  };
  const timed = (index: number, budgetMs: number): { ops: number; ms: number } => {
    let ops = 0;
    let ms = 0;
    while (ms < budgetMs) {
      const one = pass(index);
      ops += one.ops;
      ms += one.ms;
    }
    return { ops, ms };
  };
  subjects.forEach((_, index) => timed(index, warmupMs));
  const samples: number[][] = subjects.map(() => []);
  for (let round = 0; round < rounds; round++) {
    subjects.forEach((_, index) => {
      const { ops, ms } = timed(index, roundMs);
      samples[index]?.push((ops / ms) * 1000);
    });
  }
  return samples.map((values) => median(values));
}

export interface AsyncSubject {
  label: string;
  /** One batch of work; resolves to the number of operations it did. */
  batch: () => Promise<number>;
}

/** Median operations per second of async subjects, measured like `compareRates`. */
export async function compareAsyncRates(subjects: readonly AsyncSubject[], { rounds = 7, roundMs = 60, warmupMs = 250 } = {}): Promise<number[]> {
  const timed = async (subject: AsyncSubject, budgetMs: number) => {
    let ops = 0;
    const start = nowMs();
    while (nowMs() - start < budgetMs) ops += await subject.batch();
    return (ops / (nowMs() - start)) * 1000;
  };
  for (const subject of subjects) await timed(subject, warmupMs);
  const samples: number[][] = subjects.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, subject] of subjects.entries()) samples[index]?.push(await timed(subject, roundMs));
  }
  return samples.map((values) => median(values));
}

/** 12,345,678 → "12.3 M"; keeps three significant figures. */
export function formatRate(perSecond: number): string {
  const [value, unit] = perSecond >= 1e6 ? [perSecond / 1e6, " M"] : perSecond >= 1e3 ? [perSecond / 1e3, " k"] : [perSecond, " "];
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)}${unit}`;
}
