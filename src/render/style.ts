// How transcript lines are decorated. Plain is the identity, so piped output and the golden file
// are byte-for-byte the same text a terminal shows, minus the colour.
export interface Style {
  heading(text: string): string;
  /** Data the model produced. */
  model(text: string): string;
  /** Data the app produced. */
  app(text: string): string;
  failure(text: string): string;
  note(text: string): string;
}

const same = (text: string) => text;
export const plainStyle: Style = { heading: same, model: same, app: same, failure: same, note: same };
