// The request body each provider would have received at each request of an episode, for the page's
// details. Written the way the wire view writes them (one renderer that grows with the history,
// providers/shared/wire-renderer.ts), and stored in the same parts: every request's history is the
// shared settled list up to its length plus a short tail, so an episode's bodies take space in
// proportion to its history, not to its history times its requests.
import type { Context } from "../protocol/types.ts";
import { type ProviderId, providerIds, providers } from "../providers/registry.ts";
import type { DiagramEpisode } from "./diagram-model.ts";

export interface RequestBody {
  /** The body around an empty history (an index into `heads`: most requests share one). */
  head: number;
  /** The body's key that holds the history (`messages`, `input`, `contents`). */
  key: string;
  /** The settled list (an index into `lists`), how much of it this request has, and its own tail. */
  list: number;
  length: number;
  tail: unknown[];
}

export interface EpisodeBodies {
  heads: unknown[];
  lists: (readonly unknown[])[];
  /** Per request, per provider. */
  requests: Record<string, RequestBody>[];
}

export function providerNames(): { id: ProviderId; name: string }[] {
  return providerIds.map((id) => ({ id, name: providers[id].name }));
}

function providerBodies(episode: DiagramEpisode, head: Omit<Context, "messages">, id: ProviderId, bodies: EpisodeBodies): void {
  const renderer = providers[id].request.open(head);
  const key = providers[id].request.historyKey;
  let appended = 0;
  let lastHead = "";
  let headIndex = -1;
  let lastList: readonly unknown[] | undefined;
  let listIndex = -1;
  episode.requests.forEach(({ historyLength }, index) => {
    for (; appended < historyLength; appended++) {
      const message = episode.history[appended];
      if (message !== undefined) renderer.append(message);
    }
    const request = renderer.request();
    const headText = JSON.stringify(request.body([]));
    if (headText !== lastHead) {
      headIndex = bodies.heads.push(JSON.parse(headText)) - 1;
      lastHead = headText;
    }
    if (request.history.settled !== lastList) {
      lastList = request.history.settled;
      listIndex = bodies.lists.push(lastList) - 1;
    }
    const perProvider = bodies.requests[index] ?? {};
    perProvider[id] = { head: headIndex, key, list: listIndex, length: request.history.settledLength, tail: [...request.history.tail] };
    bodies.requests[index] = perProvider;
  });
}

/** Every provider's body at every request of the episode (none for an episode that sent no request). */
export function episodeBodies(episode: DiagramEpisode): EpisodeBodies {
  const bodies: EpisodeBodies = { heads: [], lists: [], requests: [] };
  if (episode.head === undefined) return bodies;
  for (const id of providerIds) providerBodies(episode, episode.head, id, bodies);
  return bodies;
}
