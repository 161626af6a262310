/**
 * The shop API's service tokens, through the real route table and a real D1: one token
 * per purpose, at least 32 characters, and wrong tokens throttled per client address.
 */
import type { ShopApiEnv } from "@worker/env";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { AUTH_THROTTLE } from "./auth-throttle";
import { MIN_TOKEN_LENGTH } from "./service-token";

const TOKENS = {
  CATALOGUE_IMPORT_TOKEN: "import-0123456789abcdef0123456789abcdef",
  SEARCH_REPORT_TOKEN: "report-0123456789abcdef0123456789abcdef",
  GRAPHQL_TOKEN: "graphql-0123456789abcdef0123456789abcdef",
  BUILDER_TOKEN: "builder-0123456789abcdef0123456789abcdef",
} as const;
type TokenName = keyof typeof TOKENS;

let t: TestDatabase;
let clock: Date;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());
beforeEach(async () => {
  clock = new Date("2025-06-01T10:00:00.000Z");
  await t.db.prepare("DELETE FROM auth_failures").run();
});

const caller = (env: Partial<ShopApiEnv> = {}): ShopApiCaller => shopApiCaller({ ...t.env, ...TOKENS, ...env }, { now: () => clock });

/** A request to the endpoint each token opens, with the given bearer token, from the given address. */
const ENDPOINTS: Record<TokenName, (token: string | null, ip?: string) => Request> = {
  CATALOGUE_IMPORT_TOKEN: (token, ip) =>
    new Request("https://api.example/admin/catalogue/import?format=json", {
      method: "POST",
      headers: headers(token, ip, { "content-type": "application/json" }),
      body: "{}",
    }),
  SEARCH_REPORT_TOKEN: (token, ip) => new Request("https://api.example/admin/search/report?shop=DE", { headers: headers(token, ip) }),
  GRAPHQL_TOKEN: (token, ip) =>
    new Request("https://api.example/graphql", {
      method: "POST",
      headers: headers(token, ip, { "content-type": "application/json" }),
      body: JSON.stringify({ query: "{ shops { id } }" }),
    }),
  BUILDER_TOKEN: (token, ip) =>
    new Request("https://api.example/admin/builder/sweep", { method: "POST", headers: headers(token, ip, { "content-type": "application/json" }), body: "{}" }),
};

function headers(token: string | null, ip = "203.0.113.7", extra: Record<string, string> = {}): Record<string, string> {
  return { "cf-connecting-ip": ip, ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...extra };
}

const NAMES = Object.keys(TOKENS) as TokenName[];

describe("one token per purpose", () => {
  it.each(NAMES)("%s opens its own endpoint", async (name) => {
    const response = await caller()(ENDPOINTS[name](TOKENS[name]));
    expect(response.status).not.toBe(401);
    expect(response.status).toBeLessThan(500);
  });

  it.each(NAMES)("%s is refused with 401 by the other endpoints", async (name) => {
    for (const other of NAMES.filter((candidate) => candidate !== name)) {
      const response = await caller()(ENDPOINTS[other](TOKENS[name]));
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
    }
  });

  it.each(NAMES)("without %s configured its endpoint is 503", async (name) => {
    const response = await caller({ [name]: undefined })(ENDPOINTS[name](TOKENS[name]));
    expect(response.status).toBe(503);
  });
});

describe(`tokens shorter than ${MIN_TOKEN_LENGTH} characters`, () => {
  it.each(NAMES)("a short %s closes its endpoint with 503 and a log line naming the variable", async (name) => {
    const short = "x".repeat(MIN_TOKEN_LENGTH - 1);
    const log = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await caller({ [name]: short })(ENDPOINTS[name](short));
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        status: 503,
        data: null,
        errors: [{ message: "This service is not configured.", code: "not_configured" }],
      });
      expect(log).toHaveBeenCalledWith(expect.stringContaining(name));
      expect(log.mock.calls.flat().join(" ")).not.toContain(short);
    } finally {
      log.mockRestore();
    }
  });

  it(`${MIN_TOKEN_LENGTH} characters are enough`, async () => {
    const token = "y".repeat(MIN_TOKEN_LENGTH);
    expect((await caller({ SEARCH_REPORT_TOKEN: token })(ENDPOINTS.SEARCH_REPORT_TOKEN(token))).status).toBe(200);
  });
});

describe("wrong tokens are throttled per client address", () => {
  const { failures, windowSeconds } = AUTH_THROTTLE;

  it(`after ${failures} wrong tokens the client gets 429 with Retry-After, even with the right token (but the builder's and the build's), until the window ends`, async () => {
    const api = caller();
    for (let i = 0; i < failures; i++) expect((await api(ENDPOINTS.SEARCH_REPORT_TOKEN(`wrong-${i}`))).status).toBe(401);
    clock = new Date(clock.getTime() + 60_000);
    const refused = await api(ENDPOINTS.SEARCH_REPORT_TOKEN(TOKENS.SEARCH_REPORT_TOKEN));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(windowSeconds - 60));
    expect(await refused.json()).toMatchObject({ status: 429, data: null, errors: [{ code: "auth_throttled" }] });
    // every endpoint with a service token, not only the one guessed at
    expect((await api(ENDPOINTS.CATALOGUE_IMPORT_TOKEN(TOKENS.CATALOGUE_IMPORT_TOKEN))).status).toBe(429);
    expect((await api(ENDPOINTS.GRAPHQL_TOKEN("wrong"))).status).toBe(429);
    expect((await api(ENDPOINTS.BUILDER_TOKEN("wrong"))).status).toBe(429);
    // another address is not affected
    expect((await api(ENDPOINTS.SEARCH_REPORT_TOKEN(TOKENS.SEARCH_REPORT_TOKEN, "198.51.100.9"))).status).toBe(200);
    // the window is counted from the first wrong token
    clock = new Date(clock.getTime() + (windowSeconds - 60) * 1000);
    expect((await api(ENDPOINTS.SEARCH_REPORT_TOKEN(TOKENS.SEARCH_REPORT_TOKEN))).status).toBe(200);
  });

  it(`${failures} wrong tokens from the address the builder shares do not stop publishing: its and the build's right tokens pass`, async () => {
    const api = caller();
    for (let i = 0; i < failures; i++) expect((await api(ENDPOINTS.GRAPHQL_TOKEN(`wrong-${i}`))).status).toBe(401);
    expect((await api(ENDPOINTS.GRAPHQL_TOKEN("wrong"))).status).toBe(429);
    expect((await api(ENDPOINTS.BUILDER_TOKEN("wrong"))).status).toBe(429);
    const build = await api(ENDPOINTS.GRAPHQL_TOKEN(TOKENS.GRAPHQL_TOKEN));
    expect(build.status).toBe(200);
    expect((await api(ENDPOINTS.BUILDER_TOKEN(TOKENS.BUILDER_TOKEN))).status).toBe(200);
    // a right token neither counts nor clears the count: wrong ones stay refused
    expect((await api(ENDPOINTS.GRAPHQL_TOKEN("wrong"))).status).toBe(429);
    expect((await t.db.prepare("SELECT failures FROM auth_failures").first<{ failures: number }>())?.failures).toBe(failures);
  });

  it("counts wrong tokens on every endpoint together, and missing ones too", async () => {
    const api = caller();
    for (let i = 0; i < failures; i++) {
      const name = NAMES[i % NAMES.length]!;
      expect((await api(ENDPOINTS[name](i % 2 === 0 ? null : "wrong"))).status).toBe(401);
    }
    expect((await api(ENDPOINTS.CATALOGUE_IMPORT_TOKEN(TOKENS.CATALOGUE_IMPORT_TOKEN))).status).toBe(429);
  });

  it("right tokens do not count, and fewer wrong ones than the limit do not lock out", async () => {
    const api = caller();
    for (let i = 0; i < failures - 1; i++) expect((await api(ENDPOINTS.SEARCH_REPORT_TOKEN("wrong"))).status).toBe(401);
    for (let i = 0; i < failures * 2; i++) expect((await api(ENDPOINTS.SEARCH_REPORT_TOKEN(TOKENS.SEARCH_REPORT_TOKEN))).status).toBe(200);
  });

  it("keeps one row per address and drops rows whose window has ended", async () => {
    const api = caller();
    await api(ENDPOINTS.SEARCH_REPORT_TOKEN("wrong", "192.0.2.1"));
    await api(ENDPOINTS.SEARCH_REPORT_TOKEN("wrong", "192.0.2.1"));
    clock = new Date(clock.getTime() + windowSeconds * 1000);
    await api(ENDPOINTS.SEARCH_REPORT_TOKEN("wrong", "192.0.2.2"));
    const rows = await t.db.prepare("SELECT client, failures FROM auth_failures ORDER BY client").all();
    expect(rows.results).toEqual([{ client: "192.0.2.2", failures: 1 }]);
  });
});
