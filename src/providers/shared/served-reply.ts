// What a served reply says about the request it answers, beside its ids: the model the request
// named (every API echoes it back), the tokens it counts, and the request's own id. Harnesses
// read all three — the AI SDK and LangChain report the usage, Pi prints the request id of an
// error — so serve sends them in each provider's shape rather than zeros or nulls.

/** The request's token counts, as serve estimates them (no tokenizer: see `estimateTokens`). */
export interface ServedUsage {
  input: number;
  output: number;
}

export interface ServedMeta {
  /** The model name as the request gave it (the body's `model`, Gemini's path). */
  model: string;
  usage: ServedUsage;
  /** Chat Completions: the request asked for the usage chunk (`stream_options.include_usage`). */
  includeUsage: boolean;
  /** The request's id in the provider's style, when the provider sends one (served-ids.ts). */
  requestId?: string;
}

/** About four characters a token, OpenAI's rule of thumb for English text
 *  (https://help.openai.com/en/articles/4936856-what-are-tokens-and-how-to-count-them); never 0, so
 *  a client that reads a count as "absent" when it is 0 (LangChain ChatOpenAI) still sees one. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
