// A scripted reply as serve sends it: with the person's edits a saved session recorded beside it
// (`edits`, person-edits.ts) applied, so that every part of serve that works out what it served —
// the ids a harness sends back, the turn it resends, the reply it gets — reads the same calls. The
// edits themselves are kept for the narration, which marks what the person made as theirs.
import type { AppliedEdit } from "../../fixture/person-edits.ts";
import { applyEdits } from "../../fixture/person-edits.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { FixtureReply } from "./check-request.ts";

/** Made once per scripted reply: a fixture's replies are not changed once read. */
const servedForms = new WeakMap<FixtureReply, FixtureReply>();
const editsOf = new WeakMap<FixtureReply, readonly AppliedEdit[]>();

/** The reply with its recorded edits applied; a reply without edits is itself. */
export function servedForm(reply: FixtureReply): FixtureReply {
  if (!reply.edits || reply.edits.length === 0) return reply;
  const known = servedForms.get(reply);
  if (known !== undefined) return known;
  const edited = applyEdits(asMessage(reply), reply.edits);
  const served: FixtureReply = { ...reply, content: edited.reply.content, stopReason: edited.reply.stopReason, edits: undefined };
  servedForms.set(reply, served);
  editsOf.set(served, edited.applied);
  return served;
}

/** What the person changed in a reply servedForm made, for the narration; undefined for a reply
 *  the script gives as it is. */
export function personEditsOf(served: FixtureReply): readonly AppliedEdit[] | undefined {
  return editsOf.get(served);
}

/** The reply as the model would send it, its stop reason filled in as the FakeModel fills it. */
function asMessage(reply: FixtureReply): AssistantMessage {
  const hasCall = reply.content.some((block) => block.type === "toolCall");
  return { role: "assistant", content: reply.content, stopReason: reply.stopReason ?? (hasCall ? "toolUse" : "stop"), timestamp: 0 };
}
