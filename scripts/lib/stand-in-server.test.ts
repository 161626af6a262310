import { get } from "node:http";
import { answerJson, deliverLocally, escapeHtml, outcomeButton, readBody, startStandInServer } from "./stand-in-server";

test("a stand-in on a free port reads the whole body and answers JSON with its own headers", async () => {
  const server = await startStandInServer(0, async (request, response) => {
    const body = await readBody(request);
    answerJson(response, 201, JSON.stringify({ got: body, length: body.length }), { "request-id": "req_1" });
  });
  try {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const text = "ä".repeat(50_000);
    const answer = await fetch(`${server.origin}/v1/x`, { method: "POST", body: text });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("request-id")).toBe("req_1");
    expect(await answer.json()).toEqual({ got: text, length: 50_000 });
  } finally {
    await server.close();
  }
});

test("a body longer than the limit is refused, and a port in use is not taken twice", async () => {
  const failures: string[] = [];
  const server = await startStandInServer(0, async (request, response) => {
    try {
      answerJson(response, 200, JSON.stringify(await readBody(request, 10)));
    } catch (error) {
      failures.push(String(error));
      answerJson(response, 413, "{}");
    }
  });
  try {
    expect((await fetch(server.origin, { method: "POST", body: "0123456789" })).status).toBe(200);
    expect((await fetch(server.origin, { method: "POST", body: "0123456789X" })).status).toBe(413);
    expect(failures).toEqual(["Error: request body over 10 bytes"]);
    const port = Number(new URL(server.origin).port);
    await expect(startStandInServer(port, async () => undefined)).rejects.toThrow(/EADDRINUSE/);
  } finally {
    await server.close();
  }
});

test("close ends the connections still open (an answer never sent) instead of waiting for them", async () => {
  let received: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (received = resolve));
  const server = await startStandInServer(0, async () => received());
  const failed = new Promise<string>((resolve) => get(`${server.origin}/`, () => resolve("answered")).on("error", (error) => resolve(error.message)));
  await arrived;
  // A close that waited for the open request would time the test out.
  await server.close();
  expect(await failed).toBe("socket hang up");
});

test("webhooks go to a shop's *.localhost host on 127.0.0.1 with the shop's Host header; the answer is logged", async () => {
  const seen: { host?: string; path?: string; body: string }[] = [];
  const shop = await startStandInServer(0, async (request, response) => {
    seen.push({ host: request.headers.host, path: request.url, body: await readBody(request) });
    answerJson(response, 202, "{}");
  });
  try {
    const { port } = new URL(shop.origin);
    const lines: string[] = [];
    const url = `http://de.localhost:${port}/apiv2/callback?x=1`;
    await deliverLocally("test stand-in", (line) => lines.push(line))(url, { body: '{"a":1}', headers: { "content-type": "application/json" } });
    expect(seen).toEqual([{ host: `de.localhost:${port}`, path: "/apiv2/callback?x=1", body: '{"a":1}' }]);
    expect(lines).toEqual([`test stand-in: webhook ${url} answered 202`]);
  } finally {
    await shop.close();
  }
});

test("a page's outcome button posts its outcome, and page text is escaped", () => {
  expect(outcomeButton("/pay/cs_1", "succeed", "Pay")).toBe(
    '<form method="post" action="/pay/cs_1"><input type="hidden" name="outcome" value="succeed"><button type="submit" data-outcome="succeed">Pay</button></form>',
  );
  expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe("&#60;script&#62;alert(&#34;x&#34; &#38; &#39;y&#39;)&#60;/script&#62;");
});
