/**
 * /graphql as the shop API serves it, through the real route table and a real D1: the
 * build's token, no cross-site requests, no introspection outside development, and a
 * cost limit that refuses expensive queries before anything runs.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import type { TestDatabase } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import { MAX_NODES } from "./limits";
import { countingDatabase, useSeededCatalogue } from "@tests/kit/graphql";

const TOKEN = "graphql-token-0123456789abcdef0123456789";
const URL_BASE = "https://shop-api.example/graphql";

const catalogue = useSeededCatalogue();
let testDb: TestDatabase;
let db: D1Database;
beforeAll(() => {
  testDb = catalogue.database();
  db = testDb.db;
});
beforeEach(async () => {
  await db.prepare("DELETE FROM auth_failures").run();
});

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; code?: string }[] };
}

async function call(request: Request, env: Partial<ShopApiEnv> = {}, database: D1Database = db): Promise<Answer> {
  const response = await shopApiCaller({ ...testDb.env, DB: database, GRAPHQL_TOKEN: TOKEN, ENVIRONMENT_NAME: "production", ...env })(request);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer["body"] };
}

const bearer = (token: string | null): Record<string, string> => (token === null ? {} : { authorization: `Bearer ${token}` });
const post = (query: string, options: { token?: string | null; headers?: Record<string, string>; variables?: Record<string, unknown> } = {}) =>
  new Request(URL_BASE, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer(options.token === undefined ? TOKEN : options.token), ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
const get = (query: string, options: { token?: string | null; headers?: Record<string, string> } = {}) =>
  new Request(`${URL_BASE}?query=${encodeURIComponent(query)}`, {
    headers: { ...bearer(options.token === undefined ? TOKEN : options.token), ...options.headers },
  });

describe("the build's token", () => {
  it.each([
    ["no token", null],
    ["a wrong token", "graphql-token-0123456789abcdef012345678X"],
  ])("%s is 401 for POST and GET", async (_name, token) => {
    for (const request of [post("{ shops { id } }", { token }), get("{ shops { id } }", { token })]) {
      const answer = await call(request);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="graphql"');
      expect(answer.body.data ?? null).toBeNull();
    }
  });

  it("opens /graphql for POST and GET", async () => {
    const answer = await call(post("{ shops { id } }"));
    expect(answer.status).toBe(200);
    expect(answer.body.data!.shops).toContainEqual({ id: "DE" });
    expect((await call(get("{ shops { id } }"))).status).toBe(200);
  });

  it("is required in development too", async () => {
    expect((await call(post("{ shops { id } }", { token: null }), { ENVIRONMENT_NAME: "development" })).status).toBe(401);
  });

  it("catalogueChanges is not public", async () => {
    const query = `{ catalogueChanges(since: "2025-01-15T00:00:00Z") { skus until } }`;
    expect((await call(post(query, { token: null }))).status).toBe(401);
    expect((await call(get(query, { token: null }))).status).toBe(401);
    expect(await call(post(query))).toMatchObject({ status: 200, body: { data: { catalogueChanges: { skus: ["P005", "P006", "X-ONLY-AT"] } } } });
  });
});

describe("cross-site requests", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
    ["a configured Origin but cross-site fetch metadata", { origin: "https://www.bodenhaus.example", "sec-fetch-site": "cross-site" }],
  ])("%s is refused with 403 even with the token, for GET and POST, before anything runs", async (_name, headers: Record<string, string>) => {
    const counting = countingDatabase(db);
    for (const request of [
      get('{ categories(shop: "DE", language: "de") { id } }', { headers }),
      post('{ categories(shop: "DE", language: "de") { id } }', { headers }),
    ]) {
      const answer = await call(request, {}, counting.db);
      expect(answer.status).toBe(403);
      expect(answer.body.data ?? null).toBeNull();
    }
    expect(counting.statements.filter((statement) => /categories/.test(statement))).toEqual([]);
  });

  it.each([
    ["no browser headers (the build)", {}],
    ["a shop's production origin", { origin: "https://www.bodenhaus.example", "sec-fetch-site": "same-site" }],
    ["a shop's development origin", { origin: "http://de.localhost:8787" }],
    ["the request's own origin", { origin: "https://shop-api.example", "sec-fetch-site": "same-origin" }],
    ["a navigation typed into the address bar", { "sec-fetch-site": "none" }],
  ])("%s passes", async (_name, headers: Record<string, string>) => {
    expect((await call(get("{ shops { id } }", { headers }))).status).toBe(200);
  });
});

describe("introspection", () => {
  const schemaQuery = "{ __schema { queryType { name } } }";
  const typeQuery = '{ __type(name: "Product") { name } }';

  it.each([["production"], ["staging"], ["integration"], [undefined]] as const)("is refused with 400 in %s", async (environment) => {
    for (const query of [schemaQuery, typeQuery]) {
      const answer = await call(post(query), { ENVIRONMENT_NAME: environment });
      expect(answer.status).toBe(400);
      expect(answer.body.errors![0]!.message).toMatch(/introspection/i);
    }
  });

  it("is allowed in development", async () => {
    expect(await call(post(schemaQuery), { ENVIRONMENT_NAME: "development" })).toMatchObject({
      status: 200,
      body: { data: { __schema: { queryType: { name: "Query" } } } },
    });
  });

  it("__typename is not introspection", async () => {
    expect(await call(post("{ shops { __typename id } }"))).toMatchObject({ status: 200 });
  });
});

describe(`cost limit (${MAX_NODES} nodes)`, () => {
  const aliases = (count: number, selection: string) =>
    `{ ${Array.from({ length: count }, (_, i) => `a${i}: products(shop: "DE", language: "de", first: 200) { nodes { ${selection} } }`).join(" ")} }`;

  it.each([
    ["sku only", "sku"],
    // 142 × 7 = 994 field selections: under the field limit, which alone let it through
    ["titles and descriptions", "sku slug content { title description }"],
  ])("142 aliases of products(first: 200) with %s are refused with 400 before execution", async (_name, selection) => {
    const counting = countingDatabase(db);
    const answer = await call(post(aliases(142, selection)), {}, counting.db);
    expect(answer.status).toBe(400);
    expect(answer.body.errors![0]!.message).toMatch(/^Query is too expensive/);
    expect(counting.statements.filter((statement) => /products/.test(statement))).toEqual([]);
  });

  it("counts page sizes given as variables", async () => {
    const query = `query Q($n: Int!) { ${Array.from({ length: 142 }, (_, i) => `a${i}: products(shop: "DE", language: "de", first: $n) { nodes { sku } }`).join(" ")} }`;
    expect((await call(post(query, { variables: { n: 200 } }))).status).toBe(400);
    expect((await call(post(query, { variables: { n: 1 } }))).status).toBe(200);
  });

  it("a page of 200 products with the build's fields passes", async () => {
    const answer = await call(
      post(
        `query P($first: Int!) { products(shop: "DE", language: "de", first: $first) { totalCount nodes { sku content { title attributes { code value } }
        price { packagePrice { amount } unitPrice { amount } } media { url } childProducts { sku content { title } } configurableAttributes { code options { value } } } } }`,
        { variables: { first: 200 } },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
  });
});
