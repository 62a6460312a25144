// How transcript lines are decorated. Plain is the identity, so piped output and the golden file
// are byte-for-byte the same text a terminal shows, minus the colour. Colour never carries meaning
// alone: the producer marks are words, the colour only repeats them.
import type { Producer } from "./step-outcome.ts";

export interface Style {
  heading(text: string): string;
  /** A producer's mark word (already padded to the mark column). */
  mark(producer: Producer, text: string): string;
  /** Data shown as it was produced, in its producer's colour. */
  producer(producer: Producer, text: string): string;
  failure(text: string): string;
  note(text: string): string;
  /** A control character written out (`\u001b`): data shown, not obeyed. */
  escape(text: string): string;
}

const same = (text: string) => text;
export const plainStyle: Style = {
  heading: same,
  mark: (_producer, text) => text,
  producer: (_producer, text) => text,
  failure: same,
  note: same,
  escape: same,
};
