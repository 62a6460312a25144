// What exactly an import note is about, as data: the importers say which field, block or form
// they dropped, changed or filled in, and `import` words it in the run's language
// (src/commands/import/import-notes-*.ts). Every string in here is data from the source (a key, a
// role, a type, an id — those marked "as JSON" are already JSON-quoted) or a name of the format.
export type NoteDetail =
  // any format
  /** A key the neutral types have no place for; `value`: a short JSON preview. */
  | { about: "unusedField"; key: string; value: string }
  | { about: "argumentsReformatted" }
  | { about: "argumentsNotJson" }
  /** `id` as JSON. */
  | { about: "unanswered"; id: string; name: string }
  | { about: "noDescription" }
  /** `role` as JSON; a Gemini `content`, or a `message` of the others. */
  | { about: "droppedRole"; role: string; container: "message" | "content" }
  /** `type` as given (not quoted): "a image_url part", "a document block". */
  | { about: "droppedPart"; type: string }
  | { about: "droppedBlock"; type: string; notBase64: boolean }
  // OpenAI Chat and Responses
  | { about: "systemJoined"; role: string; api: "chat" | "responses" }
  | { about: "developerAsSystem" }
  /** `type` as JSON. */
  | { about: "droppedToolType"; type: string }
  | { about: "droppedInputItem"; type: string }
  | { about: "strictFalse"; strict: string }
  | { about: "noErrorFlag"; api: "Chat" | "Responses" }
  | { about: "imageDetailAuto"; detail: string }
  | { about: "imageByUrl" }
  // Gemini
  | { about: "callIdFilled"; id: string }
  | { about: "noArgs" }
  | { about: "droppedGeminiPart"; keys: string[] }
  | { about: "parametersAsJsonSchema" }
  | { about: "responseAsText"; preview: string }
  // Anthropic
  | { about: "systemBlocksJoined" }
  /** `name` as JSON. */
  | { about: "droppedServerTool"; name: string }
  | { about: "resultAfterText" }
  // a Pi session
  | { about: "piNoSystemOrTools" }
  | { about: "piReplyMetadata" }
  | { about: "piCompaction" }
  | { about: "piExtensionMessage"; customType: string }
  | { about: "piBranchSummary" }
  | { about: "piBookkeeping"; entryType: string }
  | { about: "piAssistantFields"; fields: string[] }
  | { about: "piResultDetails" }
  | { about: "piReplayedAsUser"; role: string }
  // the fixture import builds
  | { about: "unenforcedKeyword"; tool: string; keyword: string }
  /** `name` as JSON. */
  | { about: "undeclaredTool"; name: string }
  /** `error`: the validator's own message (contract text: the same in every language). */
  /** `answered`: what the log did with the call — ran it anyway, refused it (an error result), or nothing. */
  | { about: "argumentsMismatch"; callId: string; tool: string; error: string; errorEn: string; answered: "ran" | "refused" | "unanswered" };
