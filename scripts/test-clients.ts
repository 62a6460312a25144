// A module resolve hook for `npm test`'s workers (scripts/test-worker.ts registers it where Node
// cannot run hooks in the worker's own thread, Node 20; it uses CLIENT_LIBRARY itself elsewhere): it tells
// the worker each client library a test file imports — the SDKs the serve tests drive: openai,
// @openai/agents, @anthropic-ai/sdk, @google/genai, ai, LangChain, Pi. On Node 20 each takes
// 0.3–1.3 s of CPU to load, and a worker that has loaded one runs the next file that needs it for
// nothing. scripts/test.ts keeps what each file imported and gives those files to one worker.
// Resolution is asked again at every import even of a loaded module, so each file is seen.
import type { ResolveHook } from "node:module";
import type { MessagePort } from "node:worker_threads";

/** The client libraries' package names (package.json devDependencies). A library missing here
 *  only costs time: its files may share out across workers. */
export const CLIENT_LIBRARY = /^(?:(?:openai|ai)(?:\/|$)|@openai\/|@anthropic-ai\/|@google\/genai|@ai-sdk\/|@langchain\/|@mariozechner\/)/;

let port: MessagePort | undefined;

export function initialize(data: { port: MessagePort }): void {
  port = data.port;
}

export const resolve: ResolveHook = (specifier, context, next) => {
  if (CLIENT_LIBRARY.test(specifier)) port?.postMessage(specifier);
  return next(specifier, context);
};
