// serve's own paths for a harness's tests (docs/testing.md), beside the providers' routes:
// `GET /_playground/exchanges` answers the journal (journal.ts) as one JSON array, and
// `POST /_playground/reset` starts the script over and empties it, so a test in another process
// (a jest global setup, a pytest fixture, a shell script) reads and resets what an in-process test
// reaches through src/testing.ts. Like the live page they answer only a request whose Host names
// this server and that no other site's page sent (request-guard.ts): a web page can neither read
// what a harness sent nor reset it. Anything else goes on to serve's usual answers. The shell
// writes their answers as it writes the live page's (page-writes.ts), and the reset happens when
// the answer's turn comes.
import type { Asked, OwnAnswer } from "./page-writes.ts";
import { browserRefusal, type HostPolicy } from "./request-guard.ts";
import { requestTarget } from "./routes.ts";

export const EXCHANGES_PATH = "/_playground/exchanges";
export const RESET_PATH = "/_playground/reset";

export interface PlaygroundPaths {
  /** The request's answer when it is one of these paths'; undefined leaves it to serve. */
  answerFor(request: Asked, policy: HostPolicy): OwnAnswer | undefined;
}

const sentHeaders = { "cache-control": "no-store" };
const journalHeaders = { ...sentHeaders, "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" };
const nothing = Buffer.alloc(0);

export function playgroundPaths(journalJson: () => string, reset: () => void): PlaygroundPaths {
  return {
    answerFor(request, policy) {
      const path = requestTarget(request.url ?? "")?.pathname;
      const asked = `${request.method} ${path}`;
      if (asked !== `GET ${EXCHANGES_PATH}` && asked !== `POST ${RESET_PATH}`) return undefined;
      if (browserRefusal(request, policy) !== undefined) return undefined;
      if (asked === `GET ${EXCHANGES_PATH}`) return { status: 200, headers: journalHeaders, take: () => Buffer.from(journalJson()) };
      const started = (): Buffer => {
        reset();
        return nothing;
      };
      return { status: 204, headers: sentHeaders, take: started };
    },
  };
}
