// What the wire view had to add or change on the way from the neutral history to one provider's
// body: the renderers write these notes, the transcript narrates them.

/**
 * What the wire view changed. Ids in `syntheticResult`, `strayResultDropped` and
 * `argumentsReplaced` are the history's original ids, so they match the transcript.
 */
export type WireNote =
  /** A toolCall had no toolResult: an error result was made up, because every provider refuses an unanswered call. */
  | { kind: "syntheticResult"; toolCallId: string; toolName: string; text: string }
  /** The provider's id rule rejected the id; the call and its result both carry `to`. */
  | { kind: "idRewritten"; from: string; to: string }
  /** A toolResult answered no open call (unknown id, or a repeat): no provider accepts it, so it is left out. */
  | { kind: "strayResultDropped"; toolCallId: string; messageIndex: number }
  /** An assistant message with nothing to say (no text, no call) is refused by the providers, so it is left out. */
  | { kind: "emptyAssistantDropped"; messageIndex: number }
  /** The provider carries arguments as a JSON object; anything else the model sent is replaced by `{}`. */
  | { kind: "argumentsReplaced"; toolCallId: string; original: unknown }
  /** A text block with only whitespace in messages[messageIndex] was left out: Anthropic and Gemini refuse one. */
  | { kind: "blankTextDropped"; messageIndex: number }
  /** A user message with nothing visible in it is sent as `text`, because a blank one is refused. */
  | { kind: "blankUserMessageFilled"; messageIndex: number; text: string }
  /** A later call repeated `id`; providers refuse a repeated id, so this one (and its result) carries `to`. */
  | { kind: "duplicateIdRenamed"; id: string; to: string; occurrence: number }
  /** The provider's tool-name rule refuses `from`; the definition, the calls and Gemini's results carry `to`. */
  | { kind: "toolNameRewritten"; from: string; to: string }
  /** This provider cannot take the reasoning of messages[messageIndex] back (no signature it issued), so it is left out. */
  | { kind: "thinkingDropped"; messageIndex: number }
  /** This provider cannot carry the image where the history has it (say, in an OpenAI Chat tool message), so it is left out. */
  | { kind: "imageDropped"; mimeType: string; where: string };
