// What a hostile client (or a web page) sends cannot end serve, nor hold it: request targets that
// `new URL` throws on, foreign Hosts and Origins, headers and bodies trickled to hold a socket, a
// client that leaves mid-body, a narration that fails. Raw sockets, so the
// test controls every byte; each case ends with the server still answering a valid request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { TestClock, until } from "../test-clock.ts";
import { bodyOf, heldSocket, outcomeKinds, rawExchange, startHostile, statusOf, validChat } from "./hostile-raw.ts";

test("request targets that new URL throws on are a 404 in a provider's shape, and the server lives on", async () => {
  const { server, port, events } = await startHostile();
  try {
    for (const method of ["GET", "POST", "PUT", "BREW"]) {
      for (const target of ["//[", "http://[", "http://a:99999/", "http://[::1", "*", "%zz", "/v1/messages?%zz=%"]) {
        const response = await rawExchange(port, `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        const status = statusOf(response);
        assert.ok(status !== undefined && status >= 400 && status < 500, `${method} ${target}: ${response.slice(0, 80)}`);
      }
    }
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    assert.ok(!events.some((event) => event.type === "exchange" && event.record.outcome.kind === "internal"), "no request was an internal error");
  } finally {
    await server.close();
  }
});

test("//v1/chat/completions is reported as the path it is, not as a host and a shorter path", async () => {
  const { server, port } = await startHostile();
  try {
    const response = await rawExchange(port, "POST //v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}");
    assert.equal(statusOf(response), 404);
    assert.match(JSON.stringify(bodyOf(response)), /no route POST \/\/v1\/chat\/completions /);
  } finally {
    await server.close();
  }
});

test("a request whose Host is not this server (DNS rebinding) is refused 403 in the provider's shape, saying why", async () => {
  const { server, port, events } = await startHostile();
  try {
    const response = await rawExchange(port, validChat().replace("Host: 127.0.0.1", "Host: rebind.evil.example:8080"));
    assert.equal(statusOf(response), 403);
    const body = bodyOf(response) as { error: { message: string } };
    assert.match(body.error.message, /Host header names "rebind\.evil\.example:8080", not an address this server listens on/);
    assert.ok(events.some((event) => event.type === "exchange" && event.record.outcome.kind === "forbidden"));
    // The names that do stand for it: its address, and localhost for a loopback one.
    for (const host of ["127.0.0.1", `127.0.0.1:${port}`, `localhost:${port}`, "LOCALHOST"])
      assert.equal(statusOf(await rawExchange(port, validChat().replace("Host: 127.0.0.1", `Host: ${host}`))), 200, host);
  } finally {
    await server.close();
  }
});

test("the 403 carries each provider's own refusal type: Anthropic permission_error, Gemini PERMISSION_DENIED", async () => {
  const { server, port } = await startHostile();
  try {
    const foreign = (path: string) =>
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`;
    const anthropic = await rawExchange(port, foreign("/v1/messages"));
    assert.equal(statusOf(anthropic), 403);
    assert.equal((bodyOf(anthropic) as { error: { type: string } }).error.type, "permission_error");
    // Answered by the server itself, not the exchange: its request id all the same, header and body.
    const requestId = /^request-id: (\S+)\r$/im.exec(anthropic)?.[1];
    assert.ok(requestId?.startsWith("req_01"), anthropic.slice(0, 300));
    assert.equal((bodyOf(anthropic) as { request_id: string }).request_id, requestId);
    const gemini = await rawExchange(port, foreign("/v1beta/models/fake-model:generateContent"));
    assert.equal(statusOf(gemini), 403);
    assert.deepEqual((bodyOf(gemini) as { error: { code: number; status: string } }).error.status, "PERMISSION_DENIED");
  } finally {
    await server.close();
  }
});

test("a request from a web page (a foreign Origin) is refused 403; a text/plain POST without one is answered", async () => {
  const { server, port } = await startHostile();
  try {
    for (const origin of ["https://evil.example", "null", `http://localhost:${port + 1}`]) {
      const response = await rawExchange(port, validChat(`Origin: ${origin}\r\n`));
      assert.equal(statusOf(response), 403, origin);
      assert.match((bodyOf(response) as { error: { message: string } }).error.message, /comes from a web page/);
    }
    // Its own origin is not foreign; curl's text/plain (or any content type) is not a browser.
    assert.equal(
      statusOf(await rawExchange(port, validChat(`Origin: http://127.0.0.1:${port}\r\n`).replace("Host: 127.0.0.1", `Host: 127.0.0.1:${port}`))),
      200,
    );
    assert.equal(statusOf(await rawExchange(port, validChat().replace("application/json", "text/plain"))), 200);
  } finally {
    await server.close();
  }
});

test("listening on every interface, any address of the machine is its own, and a foreign name still is not", async () => {
  const { server, port } = await startHostile({ host: "0.0.0.0" });
  try {
    assert.equal(statusOf(await rawExchange(port, validChat().replace("Host: 127.0.0.1", "Host: 10.1.2.3:9"))), 200);
    assert.equal(statusOf(await rawExchange(port, validChat().replace("Host: 127.0.0.1", "Host: rebind.evil.example"))), 403);
  } finally {
    await server.close();
  }
});

test("headers trickled (slowloris) and a body trickled are cut off at their time limits, on the server's clock", async () => {
  const clock = new TestClock();
  const { server, port, events } = await startHostile({ limits: { headersMs: 300, requestMs: 600 }, clock });
  try {
    const headers = heldSocket(port);
    headers.socket.write("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const body = heldSocket(port);
    body.socket.write("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{");
    await until(() => server.inFlight() === 1 && server.openSockets() === 2, "both sockets reached the server");
    // A trickle every 50 ms of the server's clock: a sign of life each time, never the end. The
    // server's table drops a socket the moment it cuts it off.
    const cuts: number[] = [];
    for (let open = 2; open > 0 && clock.now() < 1000; ) {
      if (!headers.socket.destroyed) headers.socket.write("X-Slow: 1\r\n");
      if (!body.socket.destroyed) body.socket.write(" ");
      await clock.advance(50);
      for (; server.openSockets() < open; open--) cuts.push(clock.now());
    }
    await Promise.all([headers.closed, body.closed]);
    // Each at its limit, or at the sweep after it (every quarter of the shortest limit).
    const [cutHeaders, cutBody] = cuts;
    assert.ok(cutHeaders !== undefined && cutHeaders >= 300 && cutHeaders < 400, `the trickled headers held their socket ${cutHeaders} ms`);
    assert.ok(cutBody !== undefined && cutBody >= 600 && cutBody < 700, `the trickled body held its socket ${cutBody} ms`);
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    assert.ok(!events.some((event) => event.type === "exchange" && event.record.outcome.kind === "internal"), "a cut-off body is not an internal error");
  } finally {
    await server.close();
  }
});

test("a client that leaves mid-body is narrated as that, not as an internal error", async () => {
  const { server, port, events } = await startHostile();
  try {
    const held = heldSocket(port);
    held.socket.write("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{");
    await until(() => server.inFlight() === 1, "the request reached the server");
    held.socket.destroy();
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    assert.deepEqual(outcomeKinds(events), ["clientGone", "reply"]);
  } finally {
    await server.close();
  }
});

test("shutting down waits for a held request only as long as its limit, on the server's clock", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ limits: { shutdownMs: 300 }, clock });
  const held = heldSocket(port);
  held.socket.write("POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{");
  await until(() => server.inFlight() === 1, "the request reached the server");
  await clock.run(server.close());
  assert.ok(clock.now() >= 300 && clock.now() <= 350, `closed after ${clock.now()} ms of the grace`);
  await held.closed;
});

test("shutting down is bounded even while requests wait for an output that never drains (a pager never read again)", async () => {
  const clock = new TestClock();
  const { server, port } = await startHostile({ limits: { shutdownMs: 300 }, drained: () => new Promise<void>(() => {}), clock });
  const waiting = [rawExchange(port, validChat(), 60_000), rawExchange(port, validChat(), 60_000), rawExchange(port, validChat(), 60_000)];
  await until(() => server.inFlight() === 3, "the requests reached the server");
  await clock.run(server.close());
  assert.ok(clock.now() <= 350, `closed after ${clock.now()} ms`);
  await Promise.all(waiting);
});

test("a bug while answering is a 500 in the provider's shape from the last-resort handler, and the server goes on", async () => {
  let failures = 1;
  const { server, port, events } = await startHostile({
    fixture: (loaded) => ({
      ...loaded,
      get episodes() {
        if (failures-- > 0) throw new Error("the fixture fell over");
        return loaded.episodes;
      },
    }),
  });
  try {
    const response = await rawExchange(port, validChat());
    assert.equal(statusOf(response), 500);
    assert.match((bodyOf(response) as { error: { message: string } }).error.message, /internal error \(please report it\): the fixture fell over/);
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    assert.deepEqual(outcomeKinds(events), ["internal", "reply"]);
  } finally {
    await server.close();
  }
});

test("a narration that fails leaves the client's answer as it was, and the record keeps its outcome", async () => {
  let failed = 0;
  const { server, port, events } = await startHostile({
    onEvent: (event) => {
      if (event.type === "exchange" && event.record.conversation !== undefined) {
        failed++;
        throw new RangeError("Maximum call stack size exceeded");
      }
    },
  });
  try {
    assert.equal(statusOf(await rawExchange(port, validChat())), 200);
    assert.equal(failed, 1);
    const last = events.at(-1);
    assert.ok(last?.type === "exchange");
    assert.equal(last.record.outcome.status, 200);
    assert.equal(last.record.outcome.kind, "reply");
  } finally {
    await server.close();
  }
});

test("a body that is not UTF-8, or nests deeper than the limit, is a 400; one with a byte order mark is read", async () => {
  const { server, port } = await startHostile();
  const post = (body: Buffer) =>
    rawExchange(
      port,
      Buffer.concat([
        Buffer.from(
          `POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        ),
        body,
      ]),
    );
  try {
    const request = {
      model: "m",
      max_tokens: 10,
      messages: [{ role: "user", content: "What is 7 + 5, and 6 times 7?" }],
      tools: [{ name: "calc", input_schema: { type: "object" } }],
    };
    const bad = await post(Buffer.concat([Buffer.from('{"model":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]));
    assert.equal(statusOf(bad), 400);
    assert.match(JSON.stringify(bodyOf(bad)), /not UTF-8/);
    const deep = await post(Buffer.from(`${JSON.stringify(request).slice(0, -1)},"metadata":{"x":${"[".repeat(5000)}${"]".repeat(5000)}}}`));
    assert.equal(statusOf(deep), 400);
    assert.match(JSON.stringify(bodyOf(deep)), /nests deeper than 1000 levels/);
    assert.equal(statusOf(await post(Buffer.from(`\uFEFF${JSON.stringify(request)}`))), 200);
  } finally {
    await server.close();
  }
});

test("a fixture name or a --host with control characters is shown escaped in serve's error lines", async () => {
  const { serve } = await import("../../src/commands/serve/serve-command.ts");
  for (const [fixture, host] of [
    ["no-such\u001b[2J", "127.0.0.1"],
    ["serve-calc", "bad\u001b]0;title\u0007host"],
  ] as const) {
    let err = "";
    const code = await serve(fixture, { port: 0, host, lang: "en" }, { out: () => {}, err: (text) => void (err += text), env: {}, isTTY: false });
    assert.equal(code, 1, err);
    assert.doesNotMatch(err, /[\u001b\u0007]/);
    assert.match(err, /\\u001b/);
  }
});
