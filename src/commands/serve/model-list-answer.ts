// The answer to a client that asks which models there are (GET /v1/models, GET /v1beta/models):
// the provider's own list (its parts' `response.models`), naming the models this server answers
// as, with the provider's request id, and a record the narration tells in one line. A fixture names
// no model (fixture-format.ts has no such key, and serve answers whatever model a request names),
// so the list holds the one name the wire view gives every body: fake-model.
import type { PartsOf, ProviderId } from "../../providers/registry.ts";
import { WIRE_MODEL } from "../../providers/shared/provider.ts";
import { type Answer, answering, exchangeRecord, JSON_TYPE } from "./answer.ts";
import type { Seen } from "./shell.ts";

/** The models every list names. */
export const listedModels: readonly string[] = [WIRE_MODEL];

export function modelListAnswer(seen: Seen, provider: ProviderId, partsOf: PartsOf): Answer {
  const head = { number: seen.number, method: seen.method, path: seen.path, provider, stream: false };
  const to = answering(head, partsOf(provider).response);
  return {
    status: 200,
    contentType: JSON_TYPE,
    body: JSON.stringify(to.responder.models(listedModels)),
    headers: to.headers,
    record: exchangeRecord(head, undefined, { status: 200, kind: "models", models: [...listedModels] }),
  };
}
