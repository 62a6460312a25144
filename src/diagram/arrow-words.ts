// One arrow, one lane, in the run's language: the words every renderer shares, so the terminal,
// Mermaid and the page say the same thing. Data from the run (a reply's text, a tool's output)
// is kept short here; each renderer makes it safe for where it goes.
import type { Catalog } from "../narration/catalog.ts";
import type { DiagramMessages } from "./diagram-messages.ts";
import type { ArrowFacts, Lane } from "./diagram-model.ts";

/** Long data (a reply's text, a result) is cut: the page's details show it whole. */
const DATA_LIMIT = 60;

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > DATA_LIMIT ? `${oneLine.slice(0, DATA_LIMIT - 1)}…` : oneLine;
}

export function arrowWords(facts: ArrowFacts, say: DiagramMessages): string {
  switch (facts.kind) {
    case "user":
      return say.user(short(facts.text));
    case "request":
      return say.request(facts.turn, facts.messages, facts.tools);
    case "reply":
      return say.reply(short(facts.text), facts.calls, facts.stopReason);
    case "lookup":
      return say.lookup(facts.call, facts.found);
    case "parse":
      return say.parse(facts.call, facts.passed, facts.problem === undefined ? undefined : short(facts.problem));
    case "execute":
      return say.execute(facts.call, facts.recorded);
    case "output":
      return say.output(facts.call, facts.threw, short(facts.text));
    case "result":
      return say.result(facts.call, facts.isError, short(facts.text));
    case "skipped":
      return say.skipped(facts.call, facts.reason);
    case "served":
      return say.served(facts.number, facts.provider, facts.path, facts.messages, facts.tools, facts.findings);
    case "refusal":
      return say.refusal(facts.number, facts.status, short(facts.message));
  }
}

/** A lane's name: its producer mark, and a tool lane's tool. */
export function laneName(lane: Lane, marks: Catalog["marks"]): string {
  const mark = marks[lane.kind].trim();
  return lane.tool === undefined ? mark : `${mark} ${lane.tool}`;
}

/** An arrow that answers (a reply, a tool's output) is drawn dashed, as sequence diagrams draw returns. */
export function isAnswer(facts: ArrowFacts): boolean {
  return facts.kind === "reply" || facts.kind === "output";
}
