// What serve --interactive shows the person before they answer a request: where it stands in the
// script, the whole history as the harness sent it (in the neutral form, each message under its
// producer's mark), the tools it declared, what the provider's rules find, and the script's reply
// at that point (as it would be served) or that there is none. Client data passes the one sanitiser.
import { contentText, historyLine, json, summarizeMessage } from "../../narration/display-text.ts";
import type { Style } from "../../narration/style.ts";
import type { Message } from "../../protocol/types.ts";
import { type ServeWords, serveMarkedLines } from "./serve-narration.ts";
import { servedForm } from "./served-form.ts";
import type { StandInRequest } from "./stand-in.ts";
import type { StandInMessages } from "./stand-in-messages.ts";

export function standInView(request: StandInRequest, words: ServeWords, say: StandInMessages, style: Style): string[] {
  const lines: string[] = [];
  const out = serveMarkedLines(words, style, lines);
  const { point } = request;
  out.heading(say.heading(request.number, request.provider, request.stream));
  out.line("playground", say.point(point.episode + 1, point.replyIndex + 1, point.replies.length));
  out.line("app", say.history(point.context.messages.length));
  if (point.context.systemPrompt) out.data("app", `[system]     ${contentText([{ type: "text", text: point.context.systemPrompt }])}`);
  for (const message of point.context.messages) out.data(markOf(message), historyLine(message));
  const tools = point.context.tools ?? [];
  if (tools.length === 0) out.line("app", words.serve.noTools);
  else out.line("app", words.serve.tools(tools.map((tool) => tool.name).join(", ")));
  for (const tool of tools) out.data("app", `${tool.name}  parameters=${json(tool.parameters)}`);
  if (point.findings.length === 0) out.line("playground", words.serve.lintClean, "note");
  for (const finding of point.findings)
    out.line("playground", words.serve.lintFinding(finding.severity, `${finding.provider}/${finding.rule}`, finding.pointer, finding.message), "note");
  const scripted = request.scripted && servedForm(request.scripted);
  if (!scripted) out.line("playground", say.pastEnd, "note");
  else {
    out.line("model", say.scriptAnswers);
    const stopReason = scripted.stopReason ?? (scripted.content.some((block) => block.type === "toolCall") ? "toolUse" : "stop");
    out.data("model", summarizeMessage({ role: "assistant", content: scripted.content, stopReason, timestamp: 0 }));
  }
  return lines;
}

/** Who produced a message of the history: the user's is a person's, a reply the model's, a
 *  result the tool's. */
function markOf(message: Message): "person" | "model" | "tool" {
  if (message.role === "user") return "person";
  return message.role === "assistant" ? "model" : "tool";
}
