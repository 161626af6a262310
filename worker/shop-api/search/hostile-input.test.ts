/**
 * What a hostile or broken client can type into search, through the real route table
 * and a real D1: control and format characters, too many terms, unprintable log
 * entries, and made-up words filling the cache of typo corrections.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { imported } from "@tests/kit/catalogue";
import type { ProductResult, ResultGroup } from "@domain/search-api";
import { D1SearchEngine } from "./d1-engine";
import { MAX_QUERY_TERMS } from "./query-text";
import { CACHE_BUDGETS } from "./search-cache";
import { searchCatalogue } from "@tests/kit/search-catalogue";

interface Body {
  status: number;
  data: { query: string; searchResults: ResultGroup[] } | null;
  errors: { message: string; code?: string; field?: string }[];
}

let database: TestDatabase;
let db: D1Database;
let api: ShopApiCaller;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  api = shopApiCaller(database.env);
  await imported(db, searchCatalogue());
});

afterAll(async () => {
  await database.dispose();
});

async function call(query: string, options: { kind?: "search" | "suggestions"; log?: boolean } = {}): Promise<{ status: number; body: Body }> {
  const url = new URL(`https://shop-api.example/apiv2/${options.kind === "suggestions" ? "search/suggestions" : "search"}`);
  url.searchParams.set("query", query);
  if (!options.log) url.searchParams.set("log", "false");
  const response = await api(new Request(url, { headers: { "x-shop-id": "DE" } }));
  return { status: response.status, body: (await response.json()) as Body };
}

const skus = (body: Body) => (body.data!.searchResults.find((group) => group.type === "products")!.results as ProductResult[]).map((result) => result.sku);
const UNPRINTABLE = /\p{C}/u;

describe("control and format characters", () => {
  it.each([
    ["NUL after a word", "eiche\u0000", "eiche"],
    ["NUL inside a word", "ei\u0000che", "eiche"],
    ["only NULs", "\u0000\u0000\u0000eiche", "eiche"],
    ["an escape character", "\u001beiche\u001b", "eiche"],
    ["DEL", "vin\u007fyl", "vinyl"],
    ["C1 next line", "eiche\u0085", "eiche"],
    ["a bidi override", "\u202eeiche", "eiche"],
    ["a zero-width space", "landhaus\u200bdiele", "landhausdiele"],
    ["a private-use character", "\ue000eiche", "eiche"],
  ])("%s: stripped, no 500, the search of the printable text", async (_name, typed, printable) => {
    for (const kind of ["search", "suggestions"] as const) {
      const { status, body } = await call(typed, { kind });
      expect(status).toBe(200);
      expect(body.data!.query).not.toMatch(UNPRINTABLE);
      expect(skus(body)).toEqual(skus((await call(printable, { kind })).body));
      expect(skus(body).length).toBeGreaterThan(0);
    }
  });

  it("tabs and line breaks separate words like spaces", async () => {
    const { status, body } = await call("landhausdiele\teiche\r\n");
    expect(status).toBe(200);
    expect(skus(body)).toEqual(skus((await call("landhausdiele eiche")).body));
  });

  it("a query of control characters only is a query under the minimum", async () => {
    const { status, body } = await call("\u0000\u0001\u0002\u0003");
    expect(status).toBe(200);
    expect(body.data!.query).toBe("");
  });
});

describe("number of terms", () => {
  const letters = [..."abcdefghijklmnopqrstuvwxyz0123456789", ...Array.from({ length: 64 }, (_, i) => String.fromCodePoint(0x430 + i))];

  it(`allows ${MAX_QUERY_TERMS} terms`, async () => {
    const query = ["eiche", "landhausdiele", ...letters.slice(0, MAX_QUERY_TERMS - 2)].join(" ");
    expect((await call(query)).status).toBe(200);
  });

  it.each([
    ["100 one-character terms", letters.join(" ")],
    [`${MAX_QUERY_TERMS + 1} terms`, ["eiche", "landhausdiele", ...letters.slice(0, MAX_QUERY_TERMS - 1)].join(" ")],
    ["terms glued by separators", letters.slice(0, 40).join(",")],
  ])("refuses %s with 400 and the spec's message", async (_name, query) => {
    for (const kind of ["search", "suggestions"] as const) {
      const { status, body } = await call(query, { kind });
      expect(status).toBe(400);
      expect(body.data).toBeNull();
      expect(body.errors[0]).toMatchObject({ message: "The given data was invalid.", code: "too_many_terms", field: "query" });
    }
  });

  it("counts a repeated term once", async () => {
    expect((await call(Array.from({ length: 60 }, () => "eiche").join(" "))).status).toBe(200);
  });
});

describe("query log", () => {
  const logged = async () => (await db.prepare("SELECT query FROM search_queries ORDER BY query").all<{ query: string }>()).results.map((row) => row.query);

  it("stores only printable text", async () => {
    await db.prepare("DELETE FROM search_queries").run();
    await call("parkett\u0000\u202e", { log: true });
    await call("\u001b[2Jvinyl", { log: true });
    await call("\ue000fliese", { log: true });
    const queries = await logged();
    expect(queries).toEqual(["[2jvinyl", "fliese", "parkett"]);
    for (const query of queries) expect(query).not.toMatch(/\p{C}/u);
  });
});

describe("typo corrections in the search cache", () => {
  const correctionRows = async () => (await db.prepare(`SELECT count(*) AS n FROM search_cache WHERE key LIKE '{"corrections":%'`).first<{ n: number }>())!.n;
  const fillWithCorrections = async (count: number) =>
    db
      .prepare(
        `INSERT INTO search_cache (key, version, body)
           WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
           SELECT json_object('corrections', 'madeup' || i), (SELECT version FROM search_state), '[]' FROM n`,
      )
      .bind(count)
      .run();

  beforeEach(async () => {
    await db.prepare("DELETE FROM search_cache").run();
  });

  it("made-up words stop adding corrections at their own budget", async () => {
    await fillWithCorrections(CACHE_BUDGETS.corrections);
    const { status } = await call("qwertzuiop");
    expect(status).toBe(200);
    expect(await correctionRows()).toBe(CACHE_BUDGETS.corrections);
  });

  it("cannot crowd out result summaries", async () => {
    await fillWithCorrections(CACHE_BUDGETS.summaries);
    const engine = new D1SearchEngine(db, { cacheMinimumMatches: 0 });
    await engine.search({
      shop: { id: "DE", currency: "EUR", domainPrefixes: [] },
      language: "de",
      query: "eiche",
      offset: 0,
      limit: 50,
      filters: [],
      facets: true,
    });
    const summaries = await db.prepare(`SELECT count(*) AS n FROM search_cache WHERE key NOT LIKE '{"corrections":%'`).first<{ n: number }>();
    expect(summaries!.n).toBe(1);
  });
});
