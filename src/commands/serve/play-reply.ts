// The third stage of an exchange: the chosen reply played by a one-reply FakeModel, so it gets the
// same default stop reason and the same tool-call protocol check as a run's.
import { FakeModel, ModelRequestError } from "../../agent/fake-model.ts";
import type { AssistantMessage } from "../../protocol/types.ts";
import type { Checked } from "./check-request.ts";
import { type Refused, refuse } from "./refusal.ts";

/** The scripted reply with its stop reason filled in (its call ids are still the script's), or the
 *  refusal of a history that breaks the protocol where the rule table named nothing. */
export async function playReply(checked: Checked): Promise<{ scripted: AssistantMessage } | Refused> {
  // No clock (output carries no times), no copies of requests, and the script's own blocks:
  // nothing here edits a reply (withServedIds makes new call blocks).
  const model = new FakeModel([checked.reply], { now: () => 0, recordRequests: false, copyReplies: false });
  try {
    return { scripted: await model.complete(checked.view.context) };
  } catch (caught) {
    if (caught instanceof ModelRequestError) return refuse("invalid", "pairing", caught.message, { conversation: checked.conversation });
    throw caught;
  }
}
