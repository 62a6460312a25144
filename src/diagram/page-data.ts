// What the page is given: the diagram worded in the run's language, each arrow with the exact
// message it carried, and each episode's history and request bodies. The page builds everything it
// shows from this data, with text nodes only (no markup from the run is ever parsed), so a reply
// that holds `<script>` shows as text.
import { visible } from "../io/sanitize.ts";
import type { Catalog } from "../narration/catalog.ts";
import { arrowWords, isAnswer, laneName } from "./arrow-words.ts";
import type { DiagramMessages } from "./diagram-messages.ts";
import type { Diagram, DiagramEpisode } from "./diagram-model.ts";
import { type EpisodeBodies, episodeBodies, providerNames } from "./wire-bodies.ts";

export interface PageArrow {
  from: string;
  to: string;
  style: string;
  answer: boolean;
  label: string;
  request: number;
  message?: unknown;
}

export interface PageEpisode {
  heading: string;
  lanes: { id: string; name: string; kind: string }[];
  arrows: PageArrow[];
  requests: number[];
  history: readonly unknown[];
  bodies: EpisodeBodies;
  end?: string;
}

export interface PageData {
  lang: string;
  title: string;
  legend: string;
  arrowLegend: string[];
  words: DiagramMessages["page"] & { historyAt: Record<number, string> };
  providers: { id: string; name: string }[];
  episodes: PageEpisode[];
}

export interface PageWords {
  lang: string;
  marks: Catalog["marks"];
  legend: string;
  say: DiagramMessages;
}

function pageEpisode(episode: DiagramEpisode, index: number, { marks, say }: PageWords): PageEpisode {
  const page: PageEpisode = {
    heading: visible(say.episode(index, episode.title, episode.steps)),
    lanes: episode.lanes.map((lane) => ({ id: lane.id, name: visible(laneName(lane, marks)), kind: lane.kind })),
    arrows: episode.arrows.map(({ from, to, style, facts, request, message }) => ({
      from,
      to,
      style,
      answer: isAnswer(facts),
      label: visible(arrowWords(facts, say)),
      request,
      ...(message === undefined ? {} : { message }),
    })),
    requests: episode.requests.map((request) => request.historyLength),
    history: episode.history,
    bodies: episodeBodies(episode),
  };
  if (episode.end) page.end = visible(say.end(episode.end));
  return page;
}

/** The page's data. Request bodies, and the picker of providers to show them as, come only with
 *  episodes that know their requests' settings (a fixture run's); serve's live session does not. */
export function pageData(diagram: Diagram, words: PageWords): PageData {
  const { say } = words;
  const lengths = [...new Set(diagram.episodes.flatMap((episode) => episode.requests.map((request) => request.historyLength)))];
  const historyAt: Record<number, string> = {};
  for (const length of lengths) historyAt[length] = say.page.history(length);
  return {
    lang: words.lang,
    title: visible(diagram.title),
    legend: visible(words.legend),
    arrowLegend: Object.values(say.legend),
    words: { ...say.page, historyAt },
    providers: diagram.episodes.some((episode) => episode.head !== undefined) ? providerNames() : [],
    episodes: diagram.episodes.map((episode, index) => pageEpisode(episode, index, words)),
  };
}

/** The data as a script element's text: `<` is escaped so no text in it can close the element. */
export function embeddedJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
