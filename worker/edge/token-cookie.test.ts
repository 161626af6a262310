import { VISITOR_TOKEN_HEADER } from "../lib/shop-headers";
import { isAcceptableToken, MAX_TOKEN_BYTES } from "./token-cookie";
import { DE, DE_PROD, recordingUpstream, testApp } from "@tests/kit/edge";

/** The shop API handing out a visitor token the way it does: in the x-visitor-token response header. */
const withToken = (token: string, body: unknown = { status: 200, data: {}, errors: [], meta: {} }, status = 200) =>
  recordingUpstream(() => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", [VISITOR_TOKEN_HEADER]: token } }));

const TOKEN = "eyJ.abc_DEF-1";

describe("token cookie from the shop API's x-visitor-token header (30 days; docs/decisions/0029)", () => {
  beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  test("production: host-only __Host- cookie, 30 days, Secure, HttpOnly, SameSite=Strict, no Domain, private", async () => {
    const res = await testApp({ upstream: withToken(TOKEN) }).request(`${DE_PROD}/apiv2/cart/`);
    expect(res.headers.get("set-cookie")).toBe(`__Host-bh_token=${TOKEN}; Max-Age=2592000; Path=/; Secure; HttpOnly; SameSite=Strict`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test.each([
    ["a staging host", "https://de.staging.bodenhaus.example", "__Host-bh_token_staging"],
    ["the no-shop-found host", "https://evil.example", "__Host-bh_token"],
  ])("%s gets a host-only cookie too, never a Domain attribute", async (_name, origin, name) => {
    const res = await testApp({ upstream: withToken("t1"), env: { ENVIRONMENT_NAME: "production" } }).request(`${origin}/apiv2/x`);
    expect(res.headers.get("set-cookie")).toBe(`${name}=t1; Max-Age=2592000; Path=/; Secure; HttpOnly; SameSite=Strict`);
  });

  test("the bare production host sets no cookie: it only redirects to the canonical host (one host, one host-only cookie)", async () => {
    const t = testApp({ upstream: withToken("t1"), env: { ENVIRONMENT_NAME: "production" } });
    const res = await t.request("https://bodenhaus.example/apiv2/x");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("https://www.bodenhaus.example/apiv2/x");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("development over http: the development cookie name without prefix and without Secure (browsers refuse both there)", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv2/x`);
    expect(res.headers.get("set-cookie")).toBe("bh_token_development=t1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict");
  });

  test("development over https: the __Host- cookie", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request("https://de.localhost:8787/apiv2/x");
    expect(res.headers.get("set-cookie")).toBe("__Host-bh_token_development=t1; Max-Age=2592000; Path=/; Secure; HttpOnly; SameSite=Strict");
  });

  test("production reads the __Host- cookie; the old domain-wide cookie is neither sent upstream nor kept", async () => {
    const t = testApp();
    const res = await t.request(`${DE_PROD}/apiv2/cart/`, { headers: { cookie: "bh_token=tossed-by-a-subdomain; __Host-bh_token=mine" } });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBe("Bearer mine");
    expect(res.headers.get("set-cookie")).toBe("bh_token=; Max-Age=0; Path=/; Domain=bodenhaus.example; Secure; HttpOnly; SameSite=Lax");
  });

  test("the old domain-wide cookie alone is not taken as the visitor's token", async () => {
    const t = testApp();
    await t.request(`${DE_PROD}/apiv2/cart/`, { headers: { cookie: "bh_token=tossed-by-a-subdomain" } });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBeNull();
  });

  test("renewal: the header repeating the cookie's own token sets the cookie again with a fresh Max-Age", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv2/cart/`, { headers: { cookie: "bh_token_development=t1" } });
    expect(res.headers.get("set-cookie")).toBe("bh_token_development=t1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict");
  });

  test("no header, no Set-Cookie (a request with a valid cookie is renewed only when the shop API says so)", async () => {
    const res = await testApp().request(`${DE}/apiv2/cart/`, { headers: { cookie: "bh_token_development=t1" } });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test.each([
    ["/apiv2/cart/", 200],
    ["/apiv2/sample/product/cart", 422],
    ["/apiv1/product/byId/1/delivery/byCountryCode/de", 200],
    ["/graphql", 200],
  ])("the token header never reaches the browser (%s, %i)", async (path, status) => {
    const res = await testApp({ upstream: withToken("t1", { status, data: null, errors: [], meta: {} }, status) }).request(`${DE}${path}`);
    expect(res.status).toBe(status);
    expect(res.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
    expect(await res.text()).not.toContain("t1");
  });

  test("a meta.token in a JSON body sets no cookie any more, and the body is passed through unchanged", async () => {
    const body = { status: 200, data: {}, errors: [], meta: { token: "from-the-body" } };
    const upstream = recordingUpstream(() => Response.json(body));
    const res = await testApp({ upstream }).request(`${DE}/apiv2/x`);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toEqual(body);
  });

  test("a client cannot send the token header upstream", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/cart/`, { headers: { [VISITOR_TOKEN_HEADER]: "forged" } });
    expect(t.upstream.requests[0]!.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
  });

  test.each([
    ["semicolon", "abc; Domain=evil.com"],
    ["control character", "abc\u0001"],
    ["space", "a b"],
    ["quote", 'a"b'],
    ["comma", "a,b"],
    ["over 4 KB", "a".repeat(MAX_TOKEN_BYTES + 1)],
    ["empty", ""],
  ])("refuses a token with %s", async (_name, token) => {
    const res = await testApp({ upstream: withToken(token) }).request(`${DE}/apiv2/x`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
  });

  test("a token of exactly 4 KB is accepted", () => {
    expect(isAcceptableToken("a".repeat(MAX_TOKEN_BYTES))).toBe(true);
  });
});
