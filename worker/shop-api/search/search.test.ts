import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { imported, importDocument } from "@tests/kit/catalogue";
import type { ShopApiEnv } from "@worker/env";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { searchCatalogue } from "@tests/kit/search-catalogue";
import { MINIMUM_SEARCH_CHARACTERS, type FilterOption, type ProductResult, type ResultGroup } from "@domain/search-api";

interface Body {
  status: number;
  data: {
    query: string;
    searchResults: ResultGroup[];
    filterOptions: FilterOption[];
    activeFilterOptions: unknown[];
  } | null;
  meta?: Record<string, unknown>;
  errors: { message: string }[];
}

const REPORT_TOKEN = "report-token-0123456789abcdef01234567";

let database: TestDatabase;
let db: D1Database;
let env: ShopApiEnv;
let api: ShopApiCaller;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  env = { ...database.env, SEARCH_REPORT_TOKEN: REPORT_TOKEN };
  api = shopApiCaller(env);
  await imported(db, searchCatalogue());
});

afterAll(async () => {
  await database.dispose();
});

async function call(
  params: Record<string, string | number | object>,
  options: { kind?: "search" | "suggestions"; shop?: string; language?: string } = {},
): Promise<{ status: number; body: Body }> {
  const url = new URL(`https://shop-api.example/apiv2/${options.kind === "suggestions" ? "search/suggestions" : "search"}`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  const headers: Record<string, string> = { "x-shop-id": options.shop ?? "DE" };
  if (options.language) headers["x-shop-language"] = options.language;
  const response = await api(new Request(url, { headers }));
  return { status: response.status, body: (await response.json()) as Body };
}

const group = (body: Body, type: string) => body.data!.searchResults.find((g) => g.type === type)!;
const skus = (body: Body, type = "products") => (group(body, type).results as ProductResult[]).map((r) => r.sku);
const filter = (body: Body, key: string) => body.data!.filterOptions.find((f) => f.key === key);
const search = (query: string, extra: Record<string, string | number | object> = {}, options = {}) => call({ query, log: "false", ...extra }, options);

describe("ranking", () => {
  it("puts the product whose SKU is the query first, before products that merely contain it", async () => {
    const { body } = await search("BH-100200");
    expect(skus(body)).toEqual(["BH-100200", "BH-100200-1"]);
  });

  it("finds a product by its EAN", async () => {
    const { body } = await search("4006381333931");
    expect(skus(body)).toEqual(["LD-1"]);
  });

  it("puts the exact title first, then titles starting with the query", async () => {
    const { body } = await search("landhausdiele eiche");
    expect(skus(body)).toEqual(["LD-2", "LD-1"]);
  });

  it("ranks products in stock before others among equal matches", async () => {
    const { body } = await search("sockelleiste eiche");
    expect(skus(body)[0]).toBe("BH-100200");
  });
});

describe("matching", () => {
  it("matches parts of German compound words and hyphenated names", async () => {
    expect(skus((await search("diele")).body)).toEqual(expect.arrayContaining(["LD-1", "LD-2", "LD-3"]));
    expect(skus((await search("vinyl")).body).sort()).toEqual(["KV-1", "KV-2"]);
    expect(skus((await search("klickvinyl")).body).sort()).toEqual(["KV-1", "KV-2"]);
    expect(skus((await search("Klick-Vinyl eiche")).body)).toEqual(["KV-1"]);
    expect(skus((await search("klick vinyl eiche")).body)).toEqual(["KV-1"]);
  });

  it("ignores case and accents, and finds transliterated umlauts", async () => {
    expect(skus((await search("GEOLT")).body)).toEqual(["LD-1"]);
    expect(skus((await search("geoelt")).body)).toEqual(["LD-1"]);
  });

  it("matches words of one or two characters as word prefixes", async () => {
    expect(skus((await search("eiche 14 mm")).body)).toEqual(["LD-1"]);
  });

  it("matches category and manufacturer names", async () => {
    expect(skus((await search("aquastep")).body).sort()).toEqual(["KV-1", "KV-2"]);
    expect(skus((await search("parkett buche")).body)).toEqual(["LD-3"]);
  });

  it("tolerates one typo in words of five or more letters", async () => {
    const { body } = await search("landhausdile buche");
    expect(skus(body)).toEqual(["LD-3"]);
    expect(body.meta!.corrections).toEqual({ landhausdile: ["landhausdiele"] });
    expect(skus((await search("eihce grau")).body)).toEqual(["KV-1"]);
  });

  it("does not correct words shorter than five letters", async () => {
    expect(skus((await search("buhe")).body)).toEqual([]);
    expect(skus((await search("buch")).body)).toEqual(["LD-3"]);
  });

  it("searches the shop's language and assortment only", async () => {
    expect(skus((await search("chêne", {}, { shop: "CH", language: "fr" })).body)).toEqual(["LD-1"]);
    expect(skus((await search("chene", {}, { shop: "CH", language: "fr" })).body)).toEqual(["LD-1"]);
    expect(skus((await search("chene", {}, { shop: "DE" })).body)).toEqual([]);
    expect(skus((await search("oak plank", {}, { shop: "DE" })).body)).toEqual([]);
    expect(skus((await search("oak plank", {}, { shop: "COM" })).body)).toEqual(["COM-1"]);
  });

  it("uses the shop's default language when the header names a language the shop lacks", async () => {
    expect(skus((await search("landhausdiele eiche", {}, { shop: "DE", language: "fr" })).body)).toEqual(["LD-2", "LD-1"]);
  });

  it("leaves out inactive products", async () => {
    expect(skus((await search("alt")).body)).not.toContain("OLD-1");
  });
});

describe("product results", () => {
  it("carry identifier, sku, name, prices in the shop's currency, image, link, delivery time and selling-out-soon", async () => {
    const { body } = await search("klick-vinyl eiche");
    const [result] = group(body, "products").results as ProductResult[];
    expect(result).toMatchObject({
      identifier: "KV-1",
      sku: "KV-1",
      name: "Klick-Vinyl Eiche grau 5 mm",
      manufacturer: "Aquastep Flooring",
      price: { amount: 5681, currency: "EUR", formattedWithCurrency: "56,81\u00a0€" },
      unitPrice: { amount: 2841, unit: "SQM", unitLabel: "m²" },
      image: { url: "/images/products/KV-1.jpg" },
      link: "/klick-vinyl-eiche-grau-5-mm-kv-1.html",
      deliveryTime: { min: 2, max: 4, express: false },
      sellingOutSoon: true,
      inStock: true,
    });
    const ch = await search("chene", {}, { shop: "CH", language: "fr" });
    expect(group(ch.body, "products").results[0] as ProductResult).toMatchObject({
      price: { currency: "CHF", formattedWithCurrency: "CHF\u00a0120.76" },
      link: "/fr/parquet-chene-naturel-huile-14-mm-ld-1.html",
      sellingOutSoon: false,
    });
  });

  it("returns advises, videos, infos and the own-brand group beside the products", async () => {
    const landhaus = (await search("landhausdiele")).body;
    // Advice: the magazine's guide page first (linking to it), then the product's written guide; guides are no info pages.
    expect(group(landhaus, "advises").results).toMatchObject([
      {
        title: "Landhausdielen richtig pflegen",
        link: "/landhausdielen-richtig-pflegen.html",
        text: "Geölte Landhausdielen wischen Sie nebelfeucht.",
        url: null,
      },
      { title: "Landhausdiele pflegen", link: "/landhausdiele-eiche-natur-geoelt-14-mm-ld-1.html" },
    ]);
    expect(group(landhaus, "advises").totalResults).toBe(2);
    expect(group(landhaus, "infos").results).toMatchObject([
      { identifier: "magazin", title: "Magazin", link: "/magazin.html" },
      { identifier: "versand", title: "Versand & Lieferung", link: "/versand.html" },
    ]);
    expect(group(landhaus, "brand")).toMatchObject({ name: "Dielenmanufaktur", totalResults: 1 });
    expect(skus(landhaus, "brand")).toEqual(["LD-2"]);
    const vinyl = (await search("vinyl")).body;
    expect(group(vinyl, "videos").results).toMatchObject([{ title: "Klick-Vinyl verlegen", url: "/videos/tutorials/klick-vinyl-de.mp4" }]);
    expect(vinyl.data!.searchResults.map((g) => g.type)).toEqual(["products", "advises", "videos", "infos", "brand"]);
  });
});

describe("facets", () => {
  it("counts categories (rolled up the tree), manufacturers, prices and attributes over the result set", async () => {
    const { body } = await search("eiche");
    expect(group(body, "products").totalResults).toBe(4);
    expect(filter(body, "category")).toMatchObject({
      type: "tree",
      values: [
        { key: "parkett", name: "Parkett", count: 2, children: [{ key: "parkett-landhausdielen", name: "Landhausdielen", count: 2 }] },
        { key: "vinyl", count: 1, children: [{ key: "vinyl-klick", count: 1 }] },
        { key: "zubehoer", name: "Zubehör", count: 1 },
      ],
    });
    expect(filter(body, "manufacturer")!.values).toEqual([
      { key: "holzwerk", name: "Holzwerk Alpen", count: 2 },
      { key: "aquastep", name: "Aquastep Flooring", count: 1 },
      { key: "dielenmanufaktur", name: "Dielenmanufaktur", count: 1 },
    ]);
    expect(filter(body, "price")).toMatchObject({ type: "range", unit: "EUR", min: 12, max: 110, minValue: 12, maxValue: 110 });
    // The catalogue's label "Stärke (mm)": the unit once, as the option's unit, not in its name too.
    expect(filter(body, "thickness_mm")).toMatchObject({ type: "range", name: "Stärke", unit: "mm", min: 5, max: 15 });
    expect(filter(body, "wear_class")).toMatchObject({ type: "collection", name: "Nutzungsklasse", values: [{ key: "23/33", count: 1 }] });
  });

  it("names a yes/no attribute's values in the language, never true or false", async () => {
    const de = await search("vinyl");
    expect(
      filter(de.body, "underfloor_heating")!
        .values.map((v) => [v.key, v.name])
        .sort(),
    ).toEqual([
      ["false", "Nein"],
      ["true", "Ja"],
    ]);
    const fr = await search("chêne", {}, { shop: "CH", language: "fr" });
    expect(filter(fr.body, "underfloor_heating")?.values.map((v) => v.name)).toEqual(["Oui"]);
  });

  it("keeps mm values unrounded", async () => {
    const { body } = await search("vinyl");
    expect(filter(body, "thickness_mm")).toMatchObject({ min: 4.5, max: 5 });
  });
});

describe("filters", () => {
  it("range: price between min and max (whole currency units)", async () => {
    const { body } = await search("eiche", { filters: [{ name: "price", type: "products", min: 50, max: 100 }] });
    expect(skus(body).sort()).toEqual(["KV-1", "LD-2"]);
    expect(filter(body, "price")).toMatchObject({ min: 12, max: 110, minValue: 50, maxValue: 100 });
    expect(body.data!.activeFilterOptions).toEqual([{ key: "price", min: 50, max: 100 }]);
  });

  it("range: an attribute in mm keeps decimals", async () => {
    const { body } = await search("vinyl", { filters: [{ name: "thickness_mm", type: "products", min: 4.5, max: 4.5 }] });
    expect(skus(body)).toEqual(["KV-2"]);
  });

  it("collection: manufacturer and text attributes; counts of the filter's own values ignore the filter", async () => {
    const { body } = await search("eiche", { filters: [{ name: "manufacturer", type: "products", values: ["holzwerk"] }] });
    expect(skus(body).sort()).toEqual(["BH-100200", "LD-1"]);
    expect(filter(body, "manufacturer")!.values.map((v) => [v.key, v.count])).toEqual([
      ["holzwerk", 2],
      ["aquastep", 1],
      ["dielenmanufaktur", 1],
    ]);
    expect(filter(body, "category")!.values.map((v) => [v.key, v.count])).toEqual([
      ["parkett", 1],
      ["zubehoer", 1],
    ]);
    const wear = await search("vinyl", { filters: [{ name: "wear_class", type: "products", values: ["23/42"] }] });
    expect(skus(wear.body)).toEqual(["KV-2"]);
    expect(
      filter(wear.body, "wear_class")!
        .values.map((v) => v.key)
        .sort(),
    ).toEqual(["23/33", "23/42"]);
  });

  it("tree: a category includes its subcategories", async () => {
    const { body } = await search("eiche", { filters: [{ name: "category", type: "products", values: ["parkett"] }] });
    expect(skus(body)).toEqual(["LD-1", "LD-2"]);
  });

  it("combines filters and merges entries of one key", async () => {
    const { body } = await search("eiche", {
      filters: [
        { name: "manufacturer", type: "products", values: ["holzwerk"] },
        { name: "manufacturer", type: "products", values: ["aquastep"] },
        { name: "price", type: "products", min: 50 },
      ],
    });
    expect(skus(body).sort()).toEqual(["KV-1", "LD-1"]);
    expect(body.data!.activeFilterOptions).toEqual([
      { key: "manufacturer", values: ["holzwerk", "aquastep"] },
      { key: "price", min: 50, max: null },
    ]);
  });
});

describe("minimum characters and paging", () => {
  it("answers a query under the minimum with an empty result and the message", async () => {
    const { status, body } = await search("ei");
    expect(status).toBe(200);
    expect(group(body, "products")).toMatchObject({ totalResults: 0, results: [] });
    expect(body.meta).toMatchObject({ message: "Please use at least 3 characters", minimumSearchCharacters: 3, characters: 2 });
  });

  it("searches from the minimum on: one constant for the environment call and the search (domain/search-api.ts)", async () => {
    expect(MINIMUM_SEARCH_CHARACTERS).toBe(3);
    const { body } = await search("eic");
    expect(body.meta).toMatchObject({ minimumSearchCharacters: 3, characters: 3 });
    expect(body.meta).not.toHaveProperty("message");
  });

  it("pages with offset and limit (default 50)", async () => {
    const all = await search("sockelleiste weiß");
    expect(group(all.body, "products")).toMatchObject({ totalResults: 25, offset: 0 });
    expect(skus(all.body)).toHaveLength(25);
    const page = await search("sockelleiste weiß", { offset: 20, limit: 10 });
    expect(group(page.body, "products")).toMatchObject({ totalResults: 25, offset: 20 });
    expect(skus(page.body)).toEqual(skus(all.body).slice(20));
    const first = await search("sockelleiste weiß", { limit: 10 });
    expect(skus(first.body)).toEqual(skus(all.body).slice(0, 10));
  });

  it("suggestions: at most 20 per group, no filter options", async () => {
    const { body } = await call({ query: "sockelleiste" }, { kind: "suggestions" });
    expect(group(body, "products")).toMatchObject({ totalResults: 27 });
    expect(skus(body)).toHaveLength(20);
    expect(body.data!.filterOptions).toEqual([]);
  });
});

describe("sorting", () => {
  const prices = (body: Body) => (group(body, "products").results as ProductResult[]).map((r) => r.price?.value ?? null);

  it("sorts by price, name or newest as the category pages do; without sort (or position-asc) by relevance", async () => {
    const relevance = await search("eiche");
    expect((await search("eiche", { sort: "position-asc" })).body.data).toEqual(relevance.body.data);
    const up = await search("eiche", { sort: "price-asc" });
    expect(skus(up.body)).toEqual(["BH-100200", "KV-1", "LD-2", "LD-1"]);
    expect(prices(up.body)).toEqual([12.5, 56.81, 89, 109.78]);
    expect(skus((await search("eiche", { sort: "price-desc" })).body)).toEqual(["LD-1", "LD-2", "KV-1", "BH-100200"]);
    const names = (await search("eiche", { sort: "name-asc" })).body;
    const titles = (group(names, "products").results as ProductResult[]).map((r) => r.name);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : 1)));
    // The filters, the counts and the facets do not depend on the order.
    expect(group(up.body, "products").totalResults).toBe(4);
    expect(up.body.data!.filterOptions).toEqual(relevance.body.data!.filterOptions);
  });

  it("pages through the sorted list with filters", async () => {
    const all = await search("sockelleiste weiß", { sort: "price-desc" });
    expect(prices(all.body)).toEqual(Array.from({ length: 25 }, (_, i) => 29 - i));
    const page = await search("sockelleiste weiß", { sort: "price-desc", offset: 20, limit: 10 });
    expect(skus(page.body)).toEqual(skus(all.body).slice(20));
    const cheap = await search("sockelleiste weiß", { sort: "price-asc", filters: [{ name: "price", type: "products", max: 7 }] });
    expect(prices(cheap.body)).toEqual([5, 6, 7]);
  });
});

describe("bad input", () => {
  it.each([
    [{ sort: "position-desc" }, /sort must be/],
    [{ sort: "price" }, /sort must be/],
    [{ sort: "price-asc; DROP TABLE products" }, /sort must be/],
    [{ sort: "relevance" }, /sort must be/],
    [{ filters: "[{name:" }, /filters must be a JSON list/],
    [{ filters: JSON.stringify({ name: "price" }) }, /filters: Expected array/],
    [{ filters: JSON.stringify([{ name: "price", type: "products" }]) }, /needs either values or min\/max/],
    [{ filters: JSON.stringify([{ name: "colour", type: "products", values: ["rot"] }]) }, /Unknown filter 'colour'/],
    [{ filters: JSON.stringify([{ name: "price", type: "products", values: ["1"] }]) }, /'price' takes min and max/],
    [{ filters: JSON.stringify([{ name: "price", type: "products", min: 9, max: 1 }]) }, /min must not be greater than max/],
    [{ limit: "101" }, /limit must not be greater than 100/],
    [{ limit: "0" }, /limit must be at least 1/],
    [{ offset: "-1" }, /offset must not be negative/],
    [{ offset: "abc" }, /offset must be a whole number/],
  ])("%j is refused with 400", async (params, message) => {
    const { status, body } = await call({ query: "eiche", ...params });
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.errors[0]!.message).toMatch(message);
  });

  it("answers 404 for an unknown shop", async () => {
    expect((await search("eiche", {}, { shop: "XX" })).status).toBe(404);
  });

  it("treats FTS5 syntax as plain text", async () => {
    for (const query of ['eiche" OR "', "eiche*", "NEAR(eiche)", "title:eiche", "-eiche", "'; DROP TABLE products; --"]) {
      const { status } = await search(query);
      expect(status).toBe(200);
    }
  });
});

describe("query log", () => {
  it("stores queries unless log=false, and reports top queries and queries without result", async () => {
    await call({ query: "Eiche  " });
    await call({ query: "eiche" });
    await call({ query: "teppich" });
    await call({ query: "geheim", log: "false" });
    const rows = await db.prepare("SELECT query, searches, no_results FROM search_queries ORDER BY query").all();
    expect(rows.results).toEqual([
      { query: "eiche", searches: 2, no_results: 0 },
      { query: "teppich", searches: 1, no_results: 1 },
    ]);
    const unauthorized = await api(new Request("https://x/admin/search/report?shop=DE"));
    expect(unauthorized.status).toBe(401);
    const report = await api(new Request("https://x/admin/search/report?shop=DE&days=7", { headers: { Authorization: `Bearer ${REPORT_TOKEN}` } }));
    expect(((await report.json()) as { data: unknown }).data).toMatchObject({
      topQueries: [
        { query: "eiche", searches: 2, noResults: 0 },
        { query: "teppich", searches: 1, noResults: 1 },
      ],
      noResultQueries: [{ query: "teppich", searches: 1 }],
    });
  });
});

describe("index follows the catalogue import", () => {
  it("re-indexes changed titles, prices, shops and activity", async () => {
    const doc = searchCatalogue();
    const kv2 = doc.products!.find((p) => p.sku === "KV-2")!;
    kv2.content.de!.title = "Rigid-Vinyl Steinoptik Schiefer 4,5 mm";
    kv2.shops = ["DE", "CH"];
    doc.prices = doc.prices!.filter((p) => p.sku === "KV-2").map((p) => ({ ...p, packagePrice: 19.99 }));
    doc.prices.push({ sku: "KV-2", shop: "CH", currency: "CHF", packagePrice: 24.9, unitPrice: 12.45 });
    doc.products!.find((p) => p.sku === "OLD-1")!.isActive = true;
    const result = await importDocument(db, { products: doc.products, prices: doc.prices });
    expect(result.ok).toBe(true);
    expect(skus((await search("rigid")).body)).toEqual(["KV-2"]);
    expect((group((await search("schiefer")).body, "products").results[0] as ProductResult).name).toBe("Rigid-Vinyl Steinoptik Schiefer 4,5 mm");
    expect((group((await search("rigid")).body, "products").results[0] as ProductResult).price!.amount).toBe(1999);
    expect(skus((await search("rigid", {}, { shop: "CH" })).body)).toEqual(["KV-2"]);
    expect(skus((await search("landhausdiele eiche alt")).body)).toEqual(["OLD-1"]);
    const fts = await db.prepare("SELECT count(*) AS n FROM search_documents").first<{ n: number }>();
    const content = await db.prepare("SELECT count(*) AS n FROM product_content").first<{ n: number }>();
    expect(fts!.n).toBe(content!.n);
    const check = await db.prepare("INSERT INTO search_text (search_text, rank) VALUES ('integrity-check', 1)").run();
    expect(check.success).toBe(true);
  });

  it("keeps the per-shop listings and item groups equal to what the items say", async () => {
    const expected = `SELECT s.base + i.id AS id, i.in_stock, i.prices ->> ('$.' || s.shop_id) AS price, g.category_id, g.manufacturer_id, f.facets
      FROM search_items i JOIN search_shops s ON instr(i.shops, ',' || s.shop_id || ',') > 0
      JOIN search_item_groups g ON g.id = i.item_group JOIN search_facet_sets f ON f.id = g.facet_set
      WHERE i.is_active = 1 AND g.category_id = i.category_id AND g.manufacturer_id IS i.manufacturer_id AND f.facets = i.facets`;
    const actual = `SELECT l.id, l.in_stock, l.price, g.category_id, g.manufacturer_id, f.facets
      FROM search_listings l JOIN search_item_groups g ON g.id = l.item_group JOIN search_facet_sets f ON f.id = g.facet_set`;
    const count = async (sql: string) => (await db.prepare(`SELECT count(*) AS n FROM (${sql})`).first<{ n: number }>())!.n;
    expect(await count(`${expected} EXCEPT ${actual}`)).toBe(0);
    expect(await count(`${actual} EXCEPT ${expected}`)).toBe(0);
    const shopsOfActiveItems = await count(
      "SELECT s.base FROM search_items i JOIN product_shops s2 ON s2.sku = i.sku JOIN search_shops s ON s.shop_id = s2.shop_id WHERE i.is_active = 1",
    );
    expect(await count(actual)).toBe(shopsOfActiveItems);
  });
});
