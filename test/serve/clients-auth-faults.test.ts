// The two fatal fault kinds a key brings, `unauthorized` (401) and `permissionDenied` (403), seen
// by the real SDKs with their retries on: the OpenAI and Anthropic SDKs raise their own
// AuthenticationError and PermissionDeniedError, Google's raises its ApiError with the status, in
// each provider's error body — and none of them sends the request a second time (the script fails
// nine attempts, so a retry would be narrated as attempt 2). Each test has its own server:
// attempts are counted per history.
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { isRecord } from "../../src/json/is-record.ts";
import { rejection, startServe } from "./serve-helpers.ts";

const UNAUTHORIZED = "Refuse my key.";
const DENIED = "Deny me.";

const done = [{ type: "text", text: "never reached" }];
const fixture = {
  title: "serve's key faults, seen by the SDKs",
  episodes: [
    { user: UNAUTHORIZED, script: [{ content: done, fail: { kind: "unauthorized", times: 9 } }] },
    { user: DENIED, script: [{ content: done, fail: { kind: "permissionDenied", times: 9 } }] },
  ],
};

let dir = "";
let file = "";
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "serve-auth-faults-"));
  file = join(dir, "auth-faults.json");
  await writeFile(file, JSON.stringify(fixture));
});
after(() => rm(dir, { recursive: true, force: true }));

/** Each SDK, retries on, asking once with `user` as the message. */
const sdks: Record<string, (url: string, user: string) => Promise<unknown>> = {
  "OpenAI SDK": (url, user) =>
    new OpenAI({ baseURL: `${url}/v1`, apiKey: "x", maxRetries: 2 }).chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: user }] }),
  "Anthropic SDK": (url, user) =>
    new Anthropic({ baseURL: url, apiKey: "x", maxRetries: 2 }).messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 100,
      messages: [{ role: "user", content: user }],
    }),
  // @google/genai retries only when told to: here it is, with its own default list of statuses.
  "Google GenAI SDK": (url, user) =>
    new GoogleGenAI({ apiKey: "x", httpOptions: { baseUrl: url, retryOptions: { attempts: 3 } } }).models.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: user }] }],
    }),
};

/** What each SDK raised, checked to be its own class for the kind: the status and the provider's error type. */
const raised: Record<string, (error: unknown, kind: "unauthorized" | "permissionDenied") => { status: number | undefined; type: unknown }> = {
  "OpenAI SDK": (error, kind) => {
    assert.ok(error instanceof (kind === "unauthorized" ? OpenAI.AuthenticationError : OpenAI.PermissionDeniedError), String(error));
    return { status: error.status, type: error.code };
  },
  "Anthropic SDK": (error, kind) => {
    assert.ok(error instanceof (kind === "unauthorized" ? Anthropic.AuthenticationError : Anthropic.PermissionDeniedError), String(error));
    const body = error.error;
    return { status: error.status, type: isRecord(body) && isRecord(body.error) ? body.error.type : undefined };
  },
  "Google GenAI SDK": (error) => {
    assert.ok(error instanceof ApiError, String(error));
    return { status: error.status, type: JSON.parse(error.message).error.status };
  },
};

const expected = {
  unauthorized: { status: 401, types: { "OpenAI SDK": "invalid_api_key", "Anthropic SDK": "authentication_error", "Google GenAI SDK": "UNAUTHENTICATED" } },
  permissionDenied: {
    status: 403,
    types: { "OpenAI SDK": "unsupported_country_region_territory", "Anthropic SDK": "permission_error", "Google GenAI SDK": "PERMISSION_DENIED" },
  },
} as const;

for (const [sdk, ask] of Object.entries(sdks)) {
  describe(sdk, () => {
    for (const [kind, user] of [
      ["unauthorized", UNAUTHORIZED],
      ["permissionDenied", DENIED],
    ] as const) {
      test(`with its retries on, raises its own error for ${kind} (${expected[kind].status}) after one attempt`, async () => {
        const server = await startServe(file);
        try {
          const error = await rejection(ask(server.url, user), "the SDK handed the harness a success");
          const { status, type } = raised[sdk]?.(error, kind) ?? {};
          assert.equal(status, expected[kind].status);
          assert.equal(type, Reflect.get(expected[kind].types, sdk));
          assert.equal(server.out().match(/── request \d+ ·/g)?.length, 1, `the SDK sent the request again:\n${server.out()}`);
          assert.match(server.out(), /attempt 1 at reply 1 \(the script fails the first 9\)/);
        } finally {
          await server.stop();
        }
      });
    }
  });
}
