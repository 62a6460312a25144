// One reply as a provider's stream, for the wire view (--wire with --stream): where the provider
// sends it from, and its events in each form the provider has.
import type { AssistantStreamEvent } from "../protocol/stream-events.ts";
import { type ProviderId, providers } from "./registry.ts";
import { endpointLine } from "./shared/provider.ts";
import type { WireStreamBlock } from "./shared/sse.ts";

export type WireStreamRenderer = (events: readonly AssistantStreamEvent[]) => WireStreamBlock;

export async function loadWireStreamRenderer(id: ProviderId): Promise<WireStreamRenderer> {
  const provider = providers[id];
  const { stream } = await provider.load();
  const endpoint = endpointLine(provider.endpoints, "stream");
  return (events) => ({ provider: id, endpoint, variants: stream.views(events) });
}
