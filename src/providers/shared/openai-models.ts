// OpenAI's list of models, the same for Chat Completions and Responses (GET /v1/models):
// `{"object":"list","data":[{"id","object":"model","created","owned_by"}]}`. Source:
// https://platform.openai.com/docs/api-reference/models/list (the spec's `ListModelsResponse`
// and `Model`, which require exactly these four keys); openai-node's `client.models.list()` reads
// it as one page. `created` is a Unix time: serve keeps no clock, so it is 0, as its replies' are.
import type { Model } from "openai/resources/models";

export interface OpenAIModelList {
  object: "list";
  data: Model[];
}

export function openAIModelList(names: readonly string[]): OpenAIModelList {
  return { object: "list", data: names.map((id) => ({ id, object: "model", created: 0, owned_by: "tool-call-playground" })) };
}
