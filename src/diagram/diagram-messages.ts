// Every word the diagram says, as one interface; each language implements all of it
// (diagram-messages-zh.ts, diagram-messages-en.ts; load-diagram-messages.ts loads one). The lane
// names are the narration's producer marks, so the picture and the transcript name the same actors.
import type { SkipReason } from "../agent/execute-tool-call.ts";
import type { StopReason } from "../protocol/types.ts";
import type { CallRef, EpisodeEnd, StepRange } from "./diagram-model.ts";

export interface DiagramMessages {
  heading: string;
  /** What each arrow style means, one entry per line of the legend. */
  legend: { arrow: string; reply: string; failure: string; retry: string; self: string };
  /** An episode's heading: by the transcript's step numbers when it has them, by its place otherwise. */
  episode(index: number, title: string | undefined, steps?: StepRange): string;
  user(text: string): string;
  request(turn: number, messages: number, tools: number): string;
  reply(text: string, calls: readonly CallRef[], stopReason: StopReason): string;
  lookup(call: CallRef, found: boolean): string;
  parse(call: CallRef, passed: boolean, problem: string | undefined): string;
  execute(call: CallRef, recorded: boolean): string;
  output(call: CallRef, threw: boolean, text: string): string;
  result(call: CallRef, isError: boolean, text: string): string;
  skipped(call: CallRef, reason: SkipReason): string;
  served(number: number, provider: string, path: string, messages: number, tools: number, findings: readonly string[]): string;
  refusal(number: number, status: number, message: string): string;
  end(end: EpisodeEnd): string;
  /** Turns `first`..`last` did what the turn before them did: shown once, counted here. */
  folded(count: number, first: number, last: number): string;
  /** --html: the page was not written. */
  cannotWrite(file: string, why: string): string;
  /** On stderr once --html wrote its page, as `import -o` says it wrote its file. */
  wrotePage(file: string): string;
  /** --html with an option whose run it cannot show. */
  htmlCannotServe(option: string): string;
  /** --diagram or --mermaid with an option that prints something else on stdout. */
  cannotCombine(option: string, other: string): string;
  page: {
    /** What opening an arrow shows. */
    message: string;
    history(length: number): string;
    body: string;
    provider: string;
    noRequest: string;
    close: string;
    open: string;
    /** The live page of serve. */
    liveTitle: string;
    liveWaiting: string;
    /** The live page's title note: this many earliest exchanges are no longer kept. */
    liveLeftOut(count: number): string;
    findings: string;
  };
}
