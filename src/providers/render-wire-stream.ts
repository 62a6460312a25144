// One reply as a provider's stream, for the wire view (--wire with --stream): where the provider
// sends it from, and its events in each form the provider has.
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import { providers, type ProviderId } from "./registry.ts";
import { endpointLine } from "./shared/provider.ts";
import type { WireStreamBlock } from "./shared/sse.ts";

export function renderWireStream(id: ProviderId, events: readonly AssistantStreamEvent[]): WireStreamBlock {
  const provider = providers[id];
  return { provider: id, endpoint: endpointLine(provider.endpoints, "stream"), variants: provider.stream.views(events) };
}
