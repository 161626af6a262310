import { DE, DE_PROD, recordingUpstream, testApp, TRUSTED_PROXY } from "@tests/kit/edge";

const CLIENT_SENT = {
  "x-forwarded-for": "198.51.100.1",
  "x-real-ip": "198.51.100.2",
  "true-client-ip": "198.51.100.3",
  forwarded: "for=198.51.100.4",
};
const OTHER_IP_HEADERS = [...Object.keys(CLIENT_SENT), "x-trusted-proxy"];

async function sentHeaders(options: Parameters<typeof testApp>[0], url: string, headers: Record<string, string>): Promise<Headers> {
  const t = testApp({ upstream: recordingUpstream(), ...options });
  await t.request(url, { headers });
  return t.upstream.requests[0]!.headers;
}

describe("API proxy: the client's address", () => {
  test("on Cloudflare (a deployed environment) the CF-Connecting-IP the platform set goes upstream; no other client-IP header does", async () => {
    const sent = await sentHeaders({ env: { ENVIRONMENT_NAME: "production" } }, `${DE_PROD}/apiv2/cart/`, {
      "cf-connecting-ip": "203.0.113.7",
      ...CLIENT_SENT,
    });
    expect(sent.get("cf-connecting-ip")).toBe("203.0.113.7");
    for (const name of OTHER_IP_HEADERS) expect(sent.get(name)).toBeNull();
  });

  test.each(["development", "test"] as const)("in %s (workerd keeps a header the client sent) no address goes upstream", async (environment) => {
    const sent = await sentHeaders({ env: { ENVIRONMENT_NAME: environment } }, `${DE}/apiv2/cart/`, { "cf-connecting-ip": "203.0.113.7", ...CLIENT_SENT });
    expect(sent.get("cf-connecting-ip")).toBeNull();
    for (const name of OTHER_IP_HEADERS) expect(sent.get(name)).toBeNull();
  });

  test("behind a trusted proxy only the address of a request carrying its secret goes upstream, also in production", async () => {
    for (const environment of ["development", "production"] as const) {
      const env = { ...TRUSTED_PROXY.env, ENVIRONMENT_NAME: environment };
      const url = environment === "production" ? `${DE_PROD}/apiv2/cart/` : `${DE}/apiv2/cart/`;
      const proxied = await sentHeaders({ env }, url, { ...TRUSTED_PROXY.headers("203.0.113.8"), ...CLIENT_SENT });
      expect(proxied.get("cf-connecting-ip")).toBe("203.0.113.8");
      for (const name of OTHER_IP_HEADERS) expect(proxied.get(name)).toBeNull();
      const direct = await sentHeaders({ env }, url, { "cf-connecting-ip": "203.0.113.9" });
      expect(direct.get("cf-connecting-ip")).toBeNull();
      const wrong = await sentHeaders({ env }, url, { "x-trusted-proxy": `${TRUSTED_PROXY.env.TRUSTED_PROXY_SECRET}x`, "cf-connecting-ip": "203.0.113.9" });
      expect(wrong.get("cf-connecting-ip")).toBeNull();
    }
  });

  test("a proxy secret shorter than 32 characters trusts no proxy", async () => {
    const secret = "short-secret";
    const sent = await sentHeaders({ env: { TRUSTED_PROXY_SECRET: secret, ENVIRONMENT_NAME: "production" } }, `${DE_PROD}/apiv2/cart/`, {
      "x-trusted-proxy": secret,
      "cf-connecting-ip": "203.0.113.7",
    });
    expect(sent.get("cf-connecting-ip")).toBeNull();
  });

  test("without a client address none is made up", async () => {
    const sent = await sentHeaders({ env: { ENVIRONMENT_NAME: "production" } }, `${DE_PROD}/apiv2/cart/`, { "x-forwarded-for": "198.51.100.1" });
    expect(sent.get("cf-connecting-ip")).toBeNull();
  });
});

describe("API proxy: the captcha token", () => {
  test("X-Captcha-Token goes upstream with the form's call", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/sample/product/cart/finish`, {
      method: "POST",
      headers: { "x-captcha-token": "token-123", "content-type": "application/json" },
      body: "{}",
    });
    expect(t.upstream.requests[0]!.headers.get("x-captcha-token")).toBe("token-123");
  });
});
