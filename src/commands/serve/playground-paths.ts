// serve's own paths for a harness's tests (docs/testing.md), beside the providers' routes:
// `GET /_playground/exchanges` answers the journal (journal.ts) as one JSON array, and
// `POST /_playground/reset` starts the script over and empties it, so a test in another process
// (a jest global setup, a pytest fixture, a shell script) reads and resets what an in-process test
// reaches through src/testing.ts. Like the live page they answer only a request whose Host names
// this server and that carries no foreign Origin (request-guard.ts): a web page can neither read
// what a harness sent nor reset it. Anything else goes on to serve's usual answers.
import type { IncomingMessage, ServerResponse } from "node:http";
import { browserRefusal, type HostPolicy } from "./request-guard.ts";
import { requestTarget } from "./routes.ts";

export const EXCHANGES_PATH = "/_playground/exchanges";
export const RESET_PATH = "/_playground/reset";

export interface PlaygroundPaths {
  /** Answers the request when it is one of these paths' (true); otherwise leaves it to serve (false). */
  answers(request: IncomingMessage, response: ServerResponse, policy: HostPolicy): boolean;
}

export function playgroundPaths(journalJson: () => string, reset: () => void): PlaygroundPaths {
  return {
    answers(request, response, policy) {
      const path = requestTarget(request.url ?? "")?.pathname;
      const asked = `${request.method} ${path}`;
      if (asked !== `GET ${EXCHANGES_PATH}` && asked !== `POST ${RESET_PATH}`) return false;
      if (browserRefusal(request, policy) !== undefined) return false;
      // A body, if any, is not read: neither path takes one.
      request.resume();
      if (asked === `POST ${RESET_PATH}`) {
        reset();
        response.writeHead(204, { "cache-control": "no-store" });
        response.end();
        return true;
      }
      const body = journalJson();
      response.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
      response.end(body);
      return true;
    },
  };
}
