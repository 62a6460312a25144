// English words for what the importers found (see import-notes.ts). A malformed source is worded
// as serve answers a harness with it (malformed-source.ts), so the two never drift apart.
import { malformedText } from "../../providers/shared/malformed-source.ts";
import type { NoteDetail } from "../../providers/shared/note-detail.ts";
import type { ImportNotes } from "./import-notes.ts";

function note(detail: NoteDetail): string {
  switch (detail.about) {
    case "unusedField":
      return `${detail.key}=${detail.value}`;
    case "argumentsReformatted":
      return "arguments are written again as compact JSON (spacing, number forms)";
    case "argumentsNotJson":
      return "arguments are not valid JSON; the replay's model sends them as a string value";
    case "unanswered":
      return `the call ${detail.id} (${detail.name}) has no result in the source; the replay answers it with an error result`;
    case "noDescription":
      return "no description: the replay declares an empty one";
    case "droppedRole":
      return `a ${detail.container} with role ${detail.role}`;
    case "droppedPart":
      return `a ${detail.type} part`;
    case "droppedBlock":
      return `a ${detail.type} block${detail.notBase64 ? " not given as base64" : ""}`;
    case "systemJoined":
      return detail.api === "chat"
        ? `a ${detail.role} message after the conversation started joins the system prompt`
        : `a ${detail.role} message joins the system prompt (instructions)`;
    case "developerAsSystem":
      return "role developer is sent as system";
    case "droppedToolType":
      return `a tool of type ${detail.type}`;
    case "droppedInputItem":
      return `an input item of type ${detail.type}`;
    case "strictFalse":
      return `strict=${detail.strict}: the replay declares its tools with strict false`;
    case "noErrorFlag":
      return `${detail.api} results carry no error flag: every imported result has isError false`;
    case "imageDetailAuto":
      return `detail=${detail.detail} is sent as "auto"`;
    case "imageByUrl":
      return "an image given by URL (the types hold base64 data only)";
    case "callIdFilled":
      return `a call without an id: the replay calls it ${detail.id}`;
    case "noArgs":
      return "no args: the replay sends {}";
    case "droppedGeminiPart":
      return `a part with ${detail.keys.join(", ")}`;
    case "parametersAsJsonSchema":
      return "parameters (Google's OpenAPI subset) is sent as parametersJsonSchema";
    case "responseAsText":
      return `response ${detail.preview} is kept as its JSON text in response.output`;
    case "systemBlocksJoined":
      return "system text blocks are joined into one system prompt";
    case "droppedServerTool":
      return `a server tool ${detail.name}`;
    case "resultAfterText":
      return "a tool_result after text: the replay puts results first";
    case "piNoSystemOrTools":
      return "a Pi session records no system prompt and no tool definitions: each called tool is declared with an open schema";
    case "piReplyMetadata":
      return "each reply's api, provider, model, usage and timestamps: the FakeModel's replies carry none (thinking and its signature are kept)";
    case "piCompaction":
      return "a compaction: its summary becomes a user message, the entries it replaced are left out";
    case "piExtensionMessage":
      return `an extension message (${detail.customType}) is replayed as a user message`;
    case "piBranchSummary":
      return "a branch summary is replayed as a user message";
    case "piBookkeeping":
      return `a ${detail.entryType} entry (not part of the conversation)`;
    case "piAssistantFields":
      return `assistant fields ${detail.fields.join(", ")}`;
    case "piResultDetails":
      return "details (the model never sees them; the replay's recorded tool has none)";
    case "piReplayedAsUser":
      return `a ${detail.role} message is replayed as a user message`;
    case "unenforcedKeyword":
      return `${detail.tool}: schema keyword ${detail.keyword} is not enforced by the replay's validators`;
    case "undeclaredTool":
      return `${detail.name} is called but not declared: the replay answers its calls from the record without showing the tool to the model`;
    case "argumentsMismatch":
      if (detail.answered === "ran")
        return `the arguments of call ${detail.callId} do not match ${detail.tool}'s declared schema (${detail.errorEn}), yet the log answers it with a result not flagged as an error: the harness ran it, and the replay answers with that recorded result (narrated at the reply)`;
      if (detail.answered === "refused")
        return `the arguments of call ${detail.callId} do not match ${detail.tool}'s declared schema (${detail.errorEn}): the harness answered with an error result, and the replay gives that recorded answer`;
      return `the arguments of call ${detail.callId} do not match ${detail.tool}'s declared schema (${detail.errorEn}), and the log holds no answer: the replay answers with its own error`;
  }
}

const importNotesEn: ImportNotes = { note, malformed: malformedText };

export default importNotesEn;
