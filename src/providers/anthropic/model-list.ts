// Anthropic's list of models (GET /v1/models, asked with the `anthropic-version` header):
// `{"data":[ModelInfo…],"has_more","first_id","last_id"}`, each ModelInfo `{"type":"model","id",
// "display_name","created_at",…}`. Source: https://docs.anthropic.com/en/api/models-list;
// @anthropic-ai/sdk resources/models `ModelInfo` types each entry, and its `Page` stops at
// `has_more: false`. serve knows no release date, which the SDK allows as the epoch; what it
// cannot know of a fake model (capabilities, token limits, a model line) is null, as the SDK
// types allow, and the model is `active`.
import type { ModelInfo } from "@anthropic-ai/sdk/resources/models";

export interface AnthropicModelList {
  data: ModelInfo[];
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}

export function anthropicModelList(names: readonly string[]): AnthropicModelList {
  const data = names.map(
    (id): ModelInfo => ({
      type: "model",
      id,
      display_name: id,
      created_at: "1970-01-01T00:00:00Z",
      capabilities: null,
      deprecated_at: null,
      lifecycle: "active",
      line: null,
      max_input_tokens: null,
      max_tokens: null,
      retires_at: null,
    }),
  );
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}
