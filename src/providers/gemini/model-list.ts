// The Gemini API's list of models (GET /v1beta/models): `{"models":[Model…]}`, with a
// `nextPageToken` only when there is another page. Each Model names itself `models/{id}` and holds
// its `baseModelId`, `version`, `displayName`, `description` and the methods it answers. Source:
// https://ai.google.dev/api/models#method:-models.list and its Model resource
// (https://ai.google.dev/api/models#Model); @google/genai's `ai.models.list()` reads `models` and
// pages on `nextPageToken`. The methods listed are the two serve answers.

export interface GeminiModel {
  name: string;
  baseModelId: string;
  version: string;
  displayName: string;
  description: string;
  supportedGenerationMethods: string[];
}

export interface GeminiModelList {
  models: GeminiModel[];
}

export function geminiModelList(names: readonly string[]): GeminiModelList {
  return {
    models: names.map((id) => ({
      name: `models/${id}`,
      baseModelId: id,
      version: "001",
      displayName: id,
      description: "A scripted model served by tool-call-playground serve.",
      supportedGenerationMethods: ["generateContent", "streamGenerateContent"],
    })),
  };
}
