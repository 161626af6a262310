import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { imported, importDocument } from "@tests/kit/catalogue";
import { D1SearchEngine } from "./d1-engine";
import { searchCatalogue } from "@tests/kit/search-catalogue";
import type { ActiveFilter } from "@domain/search-api";
import type { SearchRequest, SearchResult } from "./types";

let database: TestDatabase;
let db: D1Database;
/** caches every summary (the test catalogue is small) */
let cached: D1SearchEngine;
/** never caches: what a search computes from the index as it is */
let computed: D1SearchEngine;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  cached = new D1SearchEngine(db, { cacheMinimumMatches: 0 });
  computed = new D1SearchEngine(db, { cacheMinimumMatches: Number.POSITIVE_INFINITY });
  await imported(db, searchCatalogue());
});

afterAll(async () => {
  await database.dispose();
});

const request = (query: string, filters: ActiveFilter[] = [], facets = true): SearchRequest => ({
  shop: { id: "DE", currency: "EUR", domainPrefixes: [] },
  language: "de",
  query,
  offset: 0,
  limit: facets ? 50 : 20,
  filters,
  facets,
  brand: { shopId: "BRAND", name: "Dielenmanufaktur" },
});

const REQUESTS: SearchRequest[] = [
  request("eiche"),
  request("eiche", [{ key: "manufacturer", values: ["holzwerk"] }]),
  request("eiche", [{ key: "price", min: 50, max: 100 }]),
  request("eiche", [{ key: "category", values: ["parkett"] }]),
  request("vinyl", [{ key: "thickness_mm", min: 4.5, max: 4.5 }]),
  request("vinyl", [{ key: "wear_class", values: ["23/42"] }]),
  request("landhausdiele"),
  request("eiche", [], false),
];

const products = (result: SearchResult) => result.searchResults.find((group) => group.type === "products")!;
const entries = async () => (await db.prepare("SELECT count(*) AS n FROM search_cache").first<{ n: number }>())!.n;

describe("search cache", () => {
  it("answers from the cache exactly what it computes", async () => {
    for (const searchRequest of REQUESTS) {
      const expected = await computed.search(searchRequest);
      expect(await cached.search(searchRequest)).toEqual(expected);
      expect(await cached.search(searchRequest)).toEqual(expected);
    }
    expect(await entries()).toBe(REQUESTS.length);
  });

  it("serves no counts or facets of an index the catalogue import has changed since", async () => {
    const before = await cached.search(request("eiche"));
    expect(products(before).totalResults).toBe(4);

    const doc = searchCatalogue();
    const kv1 = doc.products!.find((p) => p.sku === "KV-1")!;
    kv1.manufacturer = "holzwerk";
    const ld1 = doc.products!.find((p) => p.sku === "LD-1")!;
    const copy = { ...ld1, sku: "LD-9", ean: "4006381333948", content: { de: { ...ld1.content.de!, slug: "landhausdiele-eiche-ld-9" } } };
    delete (copy as { tutorials?: unknown }).tutorials;
    const prices = [{ sku: "LD-9", shop: "DE", currency: "EUR" as const, packagePrice: 250, unitPrice: 125 }];
    const result = await importDocument(db, { products: [kv1, copy], prices });
    expect(result.ok).toBe(true);

    const after = await cached.search(request("eiche"));
    expect(after).toEqual(await computed.search(request("eiche")));
    expect(products(after).totalResults).toBe(5);
    const makers = after.filterOptions.find((option) => option.key === "manufacturer")!.values.map((value) => [value.key, value.count]);
    expect(makers).toEqual([
      ["holzwerk", 4],
      ["dielenmanufaktur", 1],
    ]);
    expect(after.filterOptions.find((option) => option.key === "price")).toMatchObject({ max: 250 });
    for (const searchRequest of REQUESTS) expect(await cached.search(searchRequest)).toEqual(await computed.search(searchRequest));
  });

  it("caches typo corrections per index version", async () => {
    const first = await cached.search(request("landhausdile"));
    expect(first.corrections).toEqual({ landhausdile: ["landhausdiele"] });
    expect(await cached.search(request("landhausdile"))).toEqual(first);
    const stored = await db
      .prepare("SELECT body FROM search_cache WHERE key = ?1")
      .bind(JSON.stringify({ corrections: "landhausdile" }))
      .first<{ body: string }>();
    expect(JSON.parse(stored!.body)).toEqual(["landhausdiele"]);
  });
});
