import { isAcceptableToken, MAX_TOKEN_BYTES } from "./token-cookie";
import { DE, DE_PROD, recordingUpstream, testApp } from "./test-support";

const withToken = (token: unknown, contentType = "application/json") =>
  recordingUpstream(() => new Response(JSON.stringify({ status: 200, data: {}, errors: [], meta: { token } }), { headers: { "content-type": contentType } }));

describe("token cookie from meta.token (SPEC 4, 30 days)", () => {
  beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());
  test("production: root domain, 30 days, Secure, HttpOnly, SameSite=Lax, private", async () => {
    const res = await testApp({ upstream: withToken("eyJ.abc_DEF-1") }).request(`${DE_PROD}/apiv2/cart/`);
    expect(res.headers.get("set-cookie")).toBe("bh_token=eyJ.abc_DEF-1; Max-Age=2592000; Path=/; Domain=bodenhaus.example; Secure; HttpOnly; SameSite=Lax");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("the bare production host gets the same root domain", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request("https://bodenhaus.example/apiv2/x");
    expect(res.headers.get("set-cookie")).toContain("Domain=bodenhaus.example;");
  });

  test("development (*.localhost over http): no Domain, no Secure, development cookie name", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv2/x`);
    expect(res.headers.get("set-cookie")).toBe("bh_token_development=t1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax");
  });

  test("no Set-Cookie when the cookie already holds the token", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv2/x`, { headers: { cookie: "bh_token_development=t1" } });
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("only v2 responses set the token", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv1/x`);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test.each([
    ["CR/LF", "abc\r\nSet-Cookie: admin=1"],
    ["semicolon", "abc; Domain=evil.com"],
    ["control character", "abc\u0001"],
    ["space", "a b"],
    ["over 4 KB", "a".repeat(MAX_TOKEN_BYTES + 1)],
    ["not a string", { nested: true }],
    ["empty", ""],
  ])("refuses a token with %s", async (_name, token) => {
    const res = await testApp({ upstream: withToken(token) }).request(`${DE}/apiv2/x`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("a token of exactly 4 KB is accepted", () => {
    expect(isAcceptableToken("a".repeat(MAX_TOKEN_BYTES))).toBe(true);
  });

  test("the body is passed through unchanged", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE}/apiv2/x`);
    expect(((await res.json()) as { meta: { token: string } }).meta.token).toBe("t1");
  });

  test("the no-shop-found host never gets a Domain attribute (its host is not configured)", async () => {
    const res = await testApp({ upstream: withToken("t1"), env: { ENVIRONMENT_NAME: "production" } }).request("https://evil.example/apiv2/x");
    expect(res.headers.get("set-cookie")).toBe("bh_token=t1; Max-Age=2592000; Path=/; Secure; HttpOnly; SameSite=Lax");
  });
});
