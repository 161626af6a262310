import { isSafeApiPath } from "./api-proxy";
import { CH, DE, DE_PROD, recordingUpstream, testApp, TRUSTED_PROXY, UPSTREAM_ORIGIN } from "@tests/kit/edge";

describe("API proxy: what goes upstream", () => {
  test("allowlisted headers plus the bearer token from the environment's cookie; never Cookie", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/cart/?x=1`, {
      headers: {
        cookie: "bh_token_development=abc.def-123; other=secret",
        accept: "application/json",
        "accept-language": "de",
        "x-custom": "nope",
        authorization: "Bearer forged",
        "x-shop-id": "CH",
        "x-forwarded-host": "evil.com",
      },
    });
    const sent = t.upstream.requests[0]!;
    expect(sent.url).toBe(`${UPSTREAM_ORIGIN}/apiv2/cart/?x=1`);
    expect(sent.headers.get("authorization")).toBe("Bearer abc.def-123");
    expect(sent.headers.get("cookie")).toBeNull();
    expect(sent.headers.get("x-custom")).toBeNull();
    expect(sent.headers.get("x-forwarded-host")).toBeNull();
    expect(sent.headers.get("x-shop-id")).toBe("DE");
    expect(sent.headers.get("x-shop-language")).toBe("de");
    expect(sent.headers.get("accept")).toBe("application/json");
  });

  test("production hosts use the production cookie name (host-only: __Host- prefix)", async () => {
    const t = testApp();
    await t.request(`${DE_PROD}/apiv1/x`, { headers: { cookie: "bh_token_development=dev; __Host-bh_token=prod" } });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBe("Bearer prod");
  });

  test("a token cookie with unsafe characters is not forwarded", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/x`, { headers: { cookie: 'bh_token_development="a b"' } });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBeNull();
  });

  test("the CH language prefix goes upstream as x-shop-language, not in the path", async () => {
    const t = testApp();
    await t.request(`${CH}/fr/apiv2/catalog/category/top`);
    const sent = t.upstream.requests[0]!;
    expect(new URL(sent.url).pathname).toBe("/apiv2/catalog/category/top");
    expect(sent.headers.get("x-shop-language")).toBe("fr");
    expect(sent.headers.get("x-shop-id")).toBe("CH");
  });

  test("CH without prefix uses the fallback language", async () => {
    const t = testApp();
    await t.request(`${CH}/apiv2/x`);
    expect(t.upstream.requests[0]!.headers.get("x-shop-language")).toBe("de");
  });

  test("/graphql works on the no-shop-found host (the build sources from it)", async () => {
    const t = testApp();
    const res = await t.request("http://localhost:8787/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query":"{ shops { id } }"}',
    });
    expect(res.status).toBe(200);
    expect(t.upstream.bodies[0]).toBe('{"query":"{ shops { id } }"}');
  });

  test("/graphql carries the client's own bearer token, Origin, Sec-Fetch-Site and address, never the visitor's token", async () => {
    const t = testApp({ env: TRUSTED_PROXY.env });
    const cookie = "bh_token_development=visitor";
    await t.request(`${DE}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer build-token", ...TRUSTED_PROXY.headers("203.0.113.7"), cookie },
      body: '{"query":"{ shops { id } }"}',
    });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBe("Bearer build-token");
    expect(t.upstream.requests[0]!.headers.get("cf-connecting-ip")).toBe("203.0.113.7");
    // a GET from another site passes the edge (it changes nothing); the shop API refuses it
    await t.request(`${DE}/graphql?query=%7Bshops%7Bid%7D%7D`, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", cookie } });
    const sent = t.upstream.requests[1]!;
    expect(sent.headers.get("authorization")).toBeNull();
    expect(sent.headers.get("origin")).toBe("https://evil.example");
    expect(sent.headers.get("sec-fetch-site")).toBe("cross-site");
    await t.request(`${DE}/apiv2/cart/`, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", cookie } });
    expect(t.upstream.requests[2]!.headers.get("origin")).toBeNull();
    expect(t.upstream.requests[2]!.headers.get("authorization")).toBe("Bearer visitor");
  });

  test("hop-by-hop headers are stripped both ways, including those named in Connection", async () => {
    const upstream = recordingUpstream(
      () =>
        new Response("{}", {
          headers: {
            "content-type": "application/json",
            connection: "x-secret-hop",
            "x-secret-hop": "1",
            "keep-alive": "timeout=5",
            "proxy-authenticate": "Basic",
            "x-ok": "1",
            "set-cookie": "sid=1",
          },
        }),
    );
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv1/x`, {
      headers: { connection: "accept-language", "accept-language": "de", te: "trailers", "proxy-authorization": "x", upgrade: "h2c" },
    });
    const sent = upstream.requests[0]!;
    for (const name of ["connection", "accept-language", "te", "proxy-authorization", "upgrade"]) expect(sent.headers.get(name)).toBeNull();
    for (const name of ["connection", "x-secret-hop", "keep-alive", "proxy-authenticate", "set-cookie"]) expect(res.headers.get(name)).toBeNull();
    expect(res.headers.get("x-ok")).toBe("1");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("Server-Timing tells the shop API's time next to the upstream's own entries", async () => {
    const upstream = recordingUpstream(async () => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return new Response("{}", { headers: { "content-type": "application/json", "server-timing": "search;dur=3" } });
    });
    const res = await testApp({ upstream }).request(`${DE}/apiv2/search?query=eiche`);
    const timing = res.headers.get("server-timing") ?? "";
    expect(timing).toMatch(/^search;dur=3, shop-api;dur=\d+$/);
    expect(Number(/shop-api;dur=(\d+)/.exec(timing)![1])).toBeGreaterThanOrEqual(20);
  });
});

describe("API proxy: the path cannot escape its prefix", () => {
  test.each([
    "/apiv1/%2e%2e/admin",
    "/apiv2/..%2fadmin",
    "/apiv2/%2e%2e%2fadmin",
    "/apiv1/..%5cadmin",
    "/apiv2/a/../../admin/catalogue/import",
    "/apiv1/%00/x",
  ])("%s", async (path) => {
    const t = testApp();
    await t.request(`${DE}${path}`, { method: "GET" });
    for (const request of t.upstream.requests) {
      const url = new URL(request.url);
      expect(url.origin).toBe(UPSTREAM_ORIGIN);
      expect(url.pathname.startsWith("/admin")).toBe(false);
      expect(url.pathname).toMatch(/^\/(apiv1|apiv2)\/|^\/graphql$/);
    }
  });

  test("/apiv1/@evil.com/x stays on the configured upstream", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv1/@evil.com/x`);
    const url = new URL(t.upstream.requests[0]!.url);
    expect(url.origin).toBe(UPSTREAM_ORIGIN);
    expect(url.pathname).toBe("/apiv1/@evil.com/x");
  });

  test("encoded separators answer 400 JSON without an upstream call", async () => {
    const t = testApp();
    const res = await t.request(`${DE}/apiv2/..%2fadmin`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("isSafeApiPath", () => {
    expect(isSafeApiPath("/apiv2/search")).toBe(true);
    expect(isSafeApiPath("/apiv2/a%20b")).toBe(true);
    expect(isSafeApiPath("/apiv2/%2E%2E")).toBe(false);
    expect(isSafeApiPath("/apiv2/%0d%0a")).toBe(false);
    expect(isSafeApiPath("/apiv2/%E0%A4%A")).toBe(false);
  });
});

describe("API proxy: timeouts, retries, outages", () => {
  test("GET is retried at most twice on 502/503", async () => {
    const upstream = recordingUpstream(() => new Response("down", { status: 503 }));
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv2/x`);
    expect(upstream.requests).toHaveLength(3);
    expect(res.status).toBe(503);
  });

  test("GET succeeds on the second attempt after a connection error", async () => {
    const upstream = recordingUpstream((_request, attempt) => {
      if (attempt === 1) throw new TypeError("fetch failed");
      return Response.json({ ok: true });
    });
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv2/x`);
    expect(res.status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  test("POST is never retried", async () => {
    const upstream = recordingUpstream(() => new Response("bad gateway", { status: 502 }));
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv2/cart/`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(upstream.requests).toHaveLength(1);
    expect(res.status).toBe(502);
  });

  test("POST to an upstream that throws: one call, 503 JSON with Retry-After", async () => {
    const upstream = recordingUpstream(() => {
      throw new Error("connection refused at 10.0.0.1 with stack");
    });
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv2/cart/`, { method: "POST", body: "{}" });
    expect(upstream.requests).toHaveLength(1);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    const text = await res.text();
    expect(JSON.parse(text).errors[0].message).toBe("The shop service is not available.");
    expect(text).not.toContain("10.0.0.1");
  });

  test("an upstream that is down answers GET with 503 JSON after three attempts", async () => {
    const upstream = recordingUpstream(() => Promise.reject(new TypeError("fetch failed")));
    const t = testApp({ upstream });
    const res = await t.request(`${DE}/apiv2/x`);
    expect(upstream.requests).toHaveLength(3);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  test("a slow upstream answers 504 JSON when the timeout passes (not retried)", async () => {
    const upstream = recordingUpstream(() => new Promise<Response>(() => undefined));
    const t = testApp({ upstream, upstreamTimeoutMs: 50 });
    const started = Date.now();
    const res = await t.request(`${DE}/apiv2/x`);
    expect(res.status).toBe(504);
    expect(((await res.json()) as { status: number }).status).toBe(504);
    expect(upstream.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("a timed-out POST answers 504 with Retry-After; the in-process handler still finishes (its retry needs the idempotency key)", async () => {
    let committed = false;
    const upstream = recordingUpstream(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => {
            committed = true;
            resolve(Response.json({ status: 200, data: {}, errors: [], meta: {} }));
          }, 120),
        ),
    );
    const res = await testApp({ upstream, upstreamTimeoutMs: 50 }).request(`${DE}/apiv2/cart/`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(504);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(((await res.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe("The shop service did not answer in time.");
    expect(upstream.requests).toHaveLength(1);
    expect(committed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(committed).toBe(true);
  });

  test("the 504's Retry-After is the time limit in whole seconds, rounded up", async () => {
    const upstream = recordingUpstream(() => new Promise<Response>(() => undefined));
    const res = await testApp({ upstream, upstreamTimeoutMs: 1001 }).request(`${DE}/apiv2/x`);
    expect(res.status).toBe(504);
    expect(res.headers.get("retry-after")).toBe("2");
  });

  test("the upstream request carries an abort signal that fires on timeout", async () => {
    let signal: AbortSignal | undefined;
    const upstream = recordingUpstream((request) => {
      signal = request.signal;
      return new Promise<Response>(() => undefined);
    });
    await testApp({ upstream, upstreamTimeoutMs: 30 }).request(`${DE}/apiv2/x`);
    expect(signal?.aborted).toBe(true);
  });
});
