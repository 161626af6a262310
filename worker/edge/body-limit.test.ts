import { DE, testApp } from "@tests/kit/edge";

const LIMIT = 1_048_576;

describe("body limit (413 before any upstream call)", () => {
  test("a declared Content-Length over the limit", async () => {
    const t = testApp();
    const res = await t.request(`${DE}/apiv2/cart/`, { method: "POST", body: "x".repeat(LIMIT + 1), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("a streamed body without Content-Length is counted and cut off", async () => {
    const t = testApp();
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.request(`${DE}/graphql`, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(t.upstream.requests).toHaveLength(0);
    expect(sent).toBeLessThan(8);
  });

  test("a lying Content-Length is not trusted: the body is still counted", async () => {
    const t = testApp();
    const big = new Uint8Array(LIMIT + 10);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(big);
        controller.close();
      },
    });
    const res = await t.request(`${DE}/graphql`, { method: "POST", body: stream, duplex: "half", headers: { "content-length": "10" } } as RequestInit);
    expect(res.status).toBe(413);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("a body at the limit goes through intact", async () => {
    const t = testApp();
    const body = "y".repeat(LIMIT);
    const res = await t.request(`${DE}/apiv2/x`, { method: "PUT", body });
    expect(res.status).toBe(200);
    expect(t.upstream.bodies[0]).toHaveLength(LIMIT);
  });

  test("a malformed Content-Length answers 400", async () => {
    const t = testApp();
    const res = await t.request(`${DE}/apiv2/x`, { method: "POST", body: "{}", headers: { "content-length": "1e9" } });
    expect([400, 413]).toContain(res.status);
    expect(t.upstream.requests).toHaveLength(0);
  });
});
