/**
 * The back-office host through the edge app (app.request()): the console's files with their
 * own headers, /admin/* forwarded with the staff cookie as a header, nothing of the shops,
 * shop hosts without /admin/*, the config's host check, and Cloudflare Access.
 */
import rawConfig from "@config/shops.json";
import { parseShopConfig, ShopConfigError } from "@config/shop-config";
import { STAFF_SESSION_HEADER } from "../lib/shop-headers";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { createAccessVerifier } from "./access-jwt";
import { BACK_OFFICE_CSP } from "./security-headers";
import { siteForHost } from "./site";
import { DE, directory, FILES, recordingUpstream, testApp, TRUSTED_PROXY, UPSTREAM_ORIGIN } from "@tests/kit/edge";

const ADMIN = "http://admin.localhost:8787";
const ADMIN_PROD = "https://admin.bodenhaus.example";
const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/main-ABC123.js"></script></head><body><div id="root"></div></body></html>';
const CONSOLE_FILES = {
  ...FILES,
  "/_console/index.html": INDEX,
  "/_console/assets/main-ABC123.js": "console.log('console')",
  "/_console/assets/main-DEF456.css": "body{}",
};
const TOKEN = "A".repeat(20) + "b".repeat(20) + "_-0";

const consoleApp = (options: Parameters<typeof testApp>[0] = {}) => testApp({ files: CONSOLE_FILES, ...options });

describe("the back-office host", () => {
  test.each([
    ["admin.localhost:8787", "development"],
    ["admin.localhost:8797", "test"],
    ["ADMIN.bodenhaus.example", "production"],
    ["admin.staging.bodenhaus.example", "staging"],
  ])("%s is the back office (%s)", (host, environment) => {
    const site = siteForHost(directory, host, "production");
    expect(site.kind).toBe("back-office");
    expect(site.environment).toBe(environment);
  });

  test.each(["admin.localhost:8788", "admin.localhost", "admin.bodenhaus.example.evil.com"])("%s is not", (host) => {
    expect(siteForHost(directory, host, "production").kind).toBe("no-shop");
  });

  test("a back-office host that is also a shop host is refused by the config check, naming the field", () => {
    const raw = structuredClone(rawConfig) as { backOffice: { hosts: Record<string, string[]> } };
    raw.backOffice.hosts.development = ["de.localhost:8787"];
    expect(() => parseShopConfig(raw)).toThrow(ShopConfigError);
    expect(() => parseShopConfig(raw)).toThrow("backOffice.hosts.development[0]: host 'de.localhost:8787' is already used by shop DE");
  });

  test("a back-office host listed twice is refused", () => {
    const raw = structuredClone(rawConfig) as { backOffice: { hosts: Record<string, string[]> } };
    raw.backOffice.hosts.test = ["admin.localhost:8787"];
    expect(() => parseShopConfig(raw)).toThrow("backOffice.hosts.test[0]: host 'admin.localhost:8787' is already used by the back office");
  });
});

describe("the console's files", () => {
  test.each(["/", "/catalogue", "/publishing/", "/catalogue/imports/12", "/orders/DE-100010", "/returns/RMA-DE-2026-000042/", "/inquiries/7f0c2a9e-4d1b"])(
    "%s is the SPA's index.html, with the strict console headers",
    async (path) => {
      const res = await consoleApp().request(`${ADMIN}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(res.headers.get("content-security-policy")).toBe(BACK_OFFICE_CSP);
      expect(res.headers.get("content-security-policy")).not.toContain("unsafe-inline");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    },
  );

  test("over https the CSP also upgrades insecure requests", async () => {
    const res = await consoleApp().request(`${ADMIN_PROD}/`);
    expect(res.headers.get("content-security-policy")).toBe(`${BACK_OFFICE_CSP}; upgrade-insecure-requests`);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  test("hashed assets are immutable and come from dist/_console/assets", async () => {
    const t = consoleApp();
    const res = await t.request(`${ADMIN}/assets/main-ABC123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("console.log('console')");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(t.assets.requested).toContain("/_console/assets/main-ABC123.js");
  });

  test.each([
    "/assets/missing-1.js",
    "/assets/../index.html",
    "/assets/%2e%2e/index.html",
    "/_console/index.html",
    "/DE/index.html",
    "/parkett.html",
    "/Catalogue",
    "/unknown",
    "/favicon.ico",
  ])("%s is 404", async (path) => {
    const t = consoleApp();
    const res = await t.request(`${ADMIN}${path}`);
    expect(res.status).toBe(404);
    expect(t.assets.requested.every((file) => file.startsWith("/_console/"))).toBe(true);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  test("robots.txt disallows everything", async () => {
    const res = await consoleApp().request(`${ADMIN}/robots.txt`);
    expect(await res.text()).toBe("User-agent: *\nDisallow: /\n");
  });

  test("without a console build the page says so (503)", async () => {
    const res = await testApp().request(`${ADMIN}/`);
    expect(res.status).toBe(503);
  });
});

describe("nothing of the shops on the back-office host", () => {
  test.each([
    ["GET", "/apiv2/cart"],
    ["GET", "/apiv1/product/byId/1/delivery/byCountryCode/de"],
    ["GET", "/graphql"],
    ["POST", "/graphql"],
    ["POST", "/apiv2/cart"],
    ["GET", "/de/apiv2/cart"],
  ])("%s %s never reaches the shop API", async (method, path) => {
    const t = consoleApp();
    const res = await t.request(`${ADMIN}${path}`, { method, headers: { "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined });
    expect([404, 405]).toContain(res.status);
    expect(t.upstream.requests).toHaveLength(0);
  });
});

describe("shop hosts never reach /admin/*", () => {
  test.each([
    ["GET", `${DE}/admin/api/session`],
    ["POST", `${DE}/admin/api/session`],
    ["GET", "https://www.bodenhaus.example/admin/api/publishing"],
    ["GET", `${DE}/admin/`],
    ["GET", "http://evil.example/admin/api/session"],
  ])("%s %s", async (method, url) => {
    const t = consoleApp();
    const res = await t.request(url, { method, headers: { "content-type": "application/json" }, body: method === "POST" ? "{}" : undefined });
    expect([404, 405]).toContain(res.status);
    expect(t.upstream.requests).toHaveLength(0);
    expect(await res.text()).not.toContain("back office");
  });
});

describe("/admin/* on the back-office host", () => {
  test("goes to the shop API with the staff cookie as a header, never the Cookie header", async () => {
    const t = consoleApp({ env: TRUSTED_PROXY.env });
    const res = await t.request(`${ADMIN}/admin/api/session?x=1`, {
      headers: {
        cookie: `bh_staff=${TOKEN}; bh_token_development=visitor; other=1`,
        ...TRUSTED_PROXY.headers("203.0.113.9"),
        "x-forwarded-for": "1.2.3.4",
        "x-shop-id": "DE",
        "user-agent": "Console test",
      },
    });
    expect(res.status).toBe(200);
    const sent = t.upstream.requests[0]!;
    expect(sent.url).toBe(`${UPSTREAM_ORIGIN}/admin/api/session?x=1`);
    expect(sent.headers.get(STAFF_SESSION_HEADER)).toBe(TOKEN);
    expect(sent.headers.get("cookie")).toBeNull();
    expect(sent.headers.get("cf-connecting-ip")).toBe("203.0.113.9");
    expect(sent.headers.get("x-forwarded-for")).toBeNull();
    expect(sent.headers.get("x-trusted-proxy")).toBeNull();
    expect(sent.headers.get("x-shop-id")).toBeNull();
    expect(sent.headers.get("authorization")).toBeNull();
    expect(sent.headers.get("user-agent")).toBe("Console test");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a client's own x-staff-session header never goes upstream, nor a malformed cookie", async () => {
    const t = consoleApp();
    await t.request(`${ADMIN}/admin/api/session`, { headers: { [STAFF_SESSION_HEADER]: TOKEN, cookie: "bh_staff=not%20a%20token" } });
    expect(t.upstream.requests[0]!.headers.get(STAFF_SESSION_HEADER)).toBeNull();
  });

  test("over https only the __Host- cookie counts", async () => {
    const t = consoleApp();
    await t.request(`${ADMIN_PROD}/admin/api/session`, { headers: { cookie: `bh_staff=${TOKEN}` } });
    expect(t.upstream.requests[0]!.headers.get(STAFF_SESSION_HEADER)).toBeNull();
    await t.request(`${ADMIN_PROD}/admin/api/session`, { headers: { cookie: `__Host-bh_staff=${TOKEN}` } });
    expect(t.upstream.requests[1]!.headers.get(STAFF_SESSION_HEADER)).toBe(TOKEN);
  });

  test("the machine endpoints' Authorization and webhook signature headers go on", async () => {
    const t = consoleApp();
    await t.request(`${ADMIN}/admin/hooks/catalogue`, {
      method: "POST",
      headers: {
        authorization: "Bearer builder",
        "webhook-id": "msg_1",
        "webhook-timestamp": "1700000000",
        "webhook-signature": "v1,abc",
        "content-type": "application/json",
      },
      body: "{}",
    });
    const sent = t.upstream.requests[0]!;
    expect([
      sent.headers.get("authorization"),
      sent.headers.get("webhook-id"),
      sent.headers.get("webhook-timestamp"),
      sent.headers.get("webhook-signature"),
    ]).toEqual(["Bearer builder", "msg_1", "1700000000", "v1,abc"]);
  });

  test("a token the shop API hands over becomes the host-only staff cookie and never reaches the browser", async () => {
    const upstream = recordingUpstream(() => Response.json({ status: 200, data: {}, errors: [], meta: {} }, { headers: { [STAFF_SESSION_HEADER]: TOKEN } }));
    const dev = await consoleApp({ upstream }).request(`${ADMIN}/admin/api/session`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(dev.headers.get(STAFF_SESSION_HEADER)).toBeNull();
    expect(dev.headers.get("set-cookie")).toBe(`bh_staff=${TOKEN}; Max-Age=43200; Path=/; HttpOnly; SameSite=Strict`);
    const prod = await consoleApp({ upstream }).request(`${ADMIN_PROD}/admin/api/session`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(prod.headers.get("set-cookie")).toBe(`__Host-bh_staff=${TOKEN}; Max-Age=43200; Path=/; Secure; HttpOnly; SameSite=Strict`);
    expect(prod.headers.get("cache-control")).toBe("private, no-store");
  });

  test("an empty handed token deletes the cookie; a malformed one is refused", async () => {
    const empty = recordingUpstream(() => Response.json({ status: 200, data: {} }, { headers: { [STAFF_SESSION_HEADER]: "" } }));
    const out = await consoleApp({ upstream: empty }).request(`${ADMIN_PROD}/admin/api/session`, { method: "DELETE" });
    expect(out.headers.get("set-cookie")).toBe("__Host-bh_staff=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict");
    const bad = recordingUpstream(() => Response.json({ status: 200, data: {} }, { headers: { [STAFF_SESSION_HEADER]: "x; Domain=evil.example" } }));
    const refused = await consoleApp({ upstream: bad }).request(`${ADMIN}/admin/api/session`, { method: "DELETE" });
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(refused.headers.get(STAFF_SESSION_HEADER)).toBeNull();
  });

  test("upstream Set-Cookie and visitor tokens are dropped", async () => {
    const upstream = recordingUpstream(() => Response.json({ status: 200, data: {} }, { headers: { "set-cookie": "a=b", "x-visitor-token": TOKEN } }));
    const res = await consoleApp({ upstream }).request(`${ADMIN}/admin/api/session`);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("x-visitor-token")).toBeNull();
  });

  test.each<Record<string, string>>([
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site", origin: "http://de.localhost:8787" },
  ])("a cross-origin write is refused before the shop API (%o)", async (headers) => {
    const t = consoleApp();
    const res = await t.request(`${ADMIN}/admin/api/session`, {
      method: "POST",
      headers: { cookie: `bh_staff=${TOKEN}`, "content-type": "application/json", ...headers },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("a same-origin write goes through", async () => {
    const t = consoleApp();
    const res = await t.request(`${ADMIN}/admin/api/session`, {
      method: "POST",
      headers: { origin: ADMIN, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(t.upstream.requests[0]!.headers.get("origin")).toBe(ADMIN);
  });

  test("bodies over edge.maxBodyBytes are refused, catalogue uploads up to backOffice.maxImportBytes stream through", async () => {
    const t = consoleApp();
    const big = "x".repeat(2 * 1024 * 1024);
    const login = await t.request(`${ADMIN}/admin/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: big });
    expect(login.status).toBe(413);
    const upload = await t.request(`${ADMIN}/admin/api/catalogue/validate?format=csv-prices`, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: big,
    });
    expect(upload.status).toBe(200);
    expect(t.upstream.bodies[0]).toHaveLength(big.length);
    const declared = await t.request(`${ADMIN}/admin/api/catalogue/apply?format=csv-prices`, {
      method: "POST",
      headers: { "content-type": "text/csv", "content-length": String(30 * 1024 * 1024) },
      body: "x",
    });
    expect(declared.status).toBe(413);
    expect(t.upstream.requests).toHaveLength(1);
  });

  test.each(["/admin/api/%2e%2e/graphql", "/admin/api/..%2fgraphql", "/admin/a/../../apiv2/cart", "/admin/api/%2e%2e%2f%2e%2e%2fgraphql"])(
    "%s never leaves /admin/",
    async (path) => {
      const t = consoleApp();
      await t.request(`${ADMIN}${path}`);
      for (const request of t.upstream.requests) expect(new URL(request.url).pathname.startsWith("/admin/")).toBe(true);
    },
  );
});

describe("Cloudflare Access", () => {
  const TEAM = "bodenhaus.cloudflareaccess.com";
  const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";
  const NOW = 1_800_000_000;
  const env = { ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD };
  let privateKey: CryptoKey;
  let jwks: { keys: JWK[] };
  let fetched: string[];

  /** A token as Access signs it; each refusal reason is tested in access-jwt.test.ts. */
  const jwt = (claims: Record<string, unknown> = {}) =>
    new SignJWT({ aud: [AUD], iss: `https://${TEAM}`, exp: NOW + 600, nbf: NOW - 1, email: "anna@bodenhaus.example", ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "key-1" })
      .sign(privateKey);

  beforeAll(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateKey = pair.privateKey;
    jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "RS256" }] };
  });
  beforeEach(() => {
    fetched = [];
  });

  const verifier = () =>
    createAccessVerifier({
      now: () => NOW,
      fetchKeys: async (url) => {
        fetched.push(url);
        return Response.json(jwks);
      },
    });

  const accessApp = (extraEnv: Record<string, string> = env, access = verifier()) => consoleApp({ access, env: extraEnv });

  test("a valid Access JWT lets the request through; the keys come from the team's certs URL and are cached", async () => {
    const t = accessApp();
    const token = await jwt();
    for (const path of ["/admin/api/session", "/admin/api/session", "/catalogue"]) {
      const res = await t.request(`${ADMIN_PROD}${path}`, { headers: { "cf-access-jwt-assertion": token } });
      expect(res.status).toBe(200);
    }
    expect(fetched).toEqual([`https://${TEAM}/cdn-cgi/access/certs`]);
    expect(t.upstream.requests).toHaveLength(2);
  });

  test.each<[string, () => Promise<string | null>]>([
    ["no JWT", async () => null],
    ["garbage", async () => "not.a.jwt"],
    ["an expired token", () => jwt({ exp: NOW - 120 })],
    ["another audience", () => jwt({ aud: ["someone-else"] })],
  ])("%s is refused (403) before the shop API and before the console", async (_, make) => {
    const t = accessApp();
    const token = await make();
    const headers: Record<string, string> = token ? { "cf-access-jwt-assertion": token } : {};
    const api = await t.request(`${ADMIN_PROD}/admin/api/session`, { headers });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ status: 403, data: null, errors: [{ message: "Access to the back office requires a Cloudflare Access login." }] });
    const page = await t.request(`${ADMIN_PROD}/`, { headers });
    expect(page.status).toBe(403);
    expect(await page.text()).toBe("Access to the back office requires a Cloudflare Access login.");
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("the machine paths authenticate themselves and pass without an Access JWT", async () => {
    const t = accessApp();
    const res = await t.request(`${ADMIN_PROD}/admin/hooks/catalogue`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(t.upstream.requests).toHaveLength(1);
  });

  test("only one of the two variables set refuses everything (503) rather than run open", async () => {
    const t = accessApp({ ACCESS_TEAM_DOMAIN: TEAM });
    const res = await t.request(`${ADMIN_PROD}/admin/api/session`, { headers: { "cf-access-jwt-assertion": await jwt() } });
    expect(res.status).toBe(503);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("an unreachable key set refuses (403)", async () => {
    const access = createAccessVerifier({ now: () => NOW, fetchKeys: async () => new Response("down", { status: 500 }) });
    const res = await accessApp(env, access).request(`${ADMIN_PROD}/admin/api/session`, { headers: { "cf-access-jwt-assertion": await jwt() } });
    expect(res.status).toBe(403);
  });

  test("without the variables no Access JWT is needed (local development)", async () => {
    const res = await consoleApp().request(`${ADMIN}/admin/api/session`);
    expect(res.status).toBe(200);
  });
});
