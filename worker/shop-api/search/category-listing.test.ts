import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { imported } from "@tests/kit/catalogue";
import { searchCatalogue } from "@tests/kit/search-catalogue";
import type { CategoryListingData } from "@domain/category-listing";
import type { FilterOption } from "@domain/search-api";

interface Body {
  status: number;
  data: CategoryListingData | null;
  errors: { message: string; code?: string; field?: string }[];
}

let database: TestDatabase;
let api: ShopApiCaller;

beforeAll(async () => {
  database = await createTestDatabase();
  api = shopApiCaller(database.env);
  await imported(database.db, searchCatalogue());
});

afterAll(async () => {
  await database.dispose();
});

async function list(
  category: string,
  params: Record<string, string | object> = {},
  options: { shop?: string; language?: string } = {},
): Promise<{ status: number; body: Body }> {
  const url = new URL(`https://shop-api.example/apiv2/categories/${encodeURIComponent(category)}/products`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, typeof value === "object" ? JSON.stringify(value) : value);
  const headers: Record<string, string> = { "x-shop-id": options.shop ?? "DE" };
  if (options.language) headers["x-shop-language"] = options.language;
  const response = await api(new Request(url, { headers }));
  return { status: response.status, body: (await response.json()) as Body };
}

const skus = (body: Body) => body.data!.products.map((product) => product.sku);
const option = (body: Body, key: string): FilterOption | undefined => body.data!.filterOptions.find((filter) => filter.key === key);
const counts = (body: Body, key: string) => Object.fromEntries((option(body, key)?.values ?? []).map((value) => [value.key, value.count]));

describe("GET /apiv2/categories/:id/products", () => {
  it("lists the category's and its subcategories' products of the shop with the search's filter options and counts", async () => {
    const { status, body } = await list("parkett");
    expect(status).toBe(200);
    // OLD-1 is inactive, COM-1 is not sold in DE.
    expect(skus(body)).toEqual(["LD-1", "LD-2", "LD-3"]);
    expect(body.data).toMatchObject({ categoryId: "parkett", sort: "position-asc", page: 1, pageCount: 1, perPage: 24, totalResults: 3 });
    expect(counts(body, "manufacturer")).toEqual({ holzwerk: 2, dielenmanufaktur: 1 });
    // The tree offers the category's own subcategories.
    expect(option(body, "category")?.values.map((value) => [value.key, value.count])).toEqual([["parkett-landhausdielen", 3]]);
    // Range bounds are rounded outward: 89 and 129.50 EUR become 89 and 130.
    expect(option(body, "price")).toMatchObject({ type: "range", unit: "EUR", min: 89, max: 130, minValue: 89, maxValue: 130 });
    expect(option(body, "thickness_mm")).toMatchObject({ type: "range", unit: "mm", min: 14, max: 20 });
    expect(body.data!.products[0]).toMatchObject({
      sku: "LD-1",
      link: expect.stringMatching(/^\/landhausdiele-eiche/),
      price: { value: 109.78, currency: "EUR" },
    });
  });

  it("counts a product under every subcategory it is in, as the subcategories' pages list it", async () => {
    const { body } = await list("wand");
    expect(skus(body)).toEqual(["WP-1"]);
    expect(counts(body, "category")).toEqual({ "wand-paneele": 1, "wand-akustik": 1 });
    // The further category's filter value lists what its own page lists.
    const further = await list("wand", { filters: [{ name: "category", type: "products", values: ["wand-akustik"] }] });
    expect(skus(further.body)).toEqual(["WP-1"]);
    expect(skus((await list("wand-akustik")).body)).toEqual(["WP-1"]);
    // In the world, the product counts once although two of its categories are under it.
    const world = await list("wand", { filters: [{ name: "category", type: "products", values: ["wand-paneele", "wand-akustik"] }] });
    expect(world.body.data!.totalResults).toBe(1);
  });

  it("narrows by a collection and still counts the filter's own values without it (disjunctive)", async () => {
    const { body } = await list("parkett", { filters: [{ name: "manufacturer", type: "products", values: ["holzwerk"] }] });
    expect(skus(body)).toEqual(["LD-1", "LD-3"]);
    expect(body.data!.totalResults).toBe(2);
    expect(counts(body, "manufacturer")).toEqual({ holzwerk: 2, dielenmanufaktur: 1 });
    // Other filters count within the narrowed set.
    expect(option(body, "price")).toMatchObject({ min: 109, max: 130 });
    expect(body.data!.activeFilterOptions).toEqual([{ key: "manufacturer", values: ["holzwerk"] }]);
  });

  it("narrows by ranges rounded as the search rounds them and combines filters", async () => {
    const { body } = await list("parkett", {
      filters: [
        { name: "thickness_mm", type: "products", min: 14.004, max: 15.006 },
        { name: "price", type: "products", max: 100.2 },
      ],
    });
    expect(body.data!.activeFilterOptions).toEqual([
      { key: "thickness_mm", min: 14, max: 15.01 },
      { key: "price", min: null, max: 101 },
    ]);
    expect(skus(body)).toEqual(["LD-2"]);
    // The price range is offered over the set without the price filter.
    expect(option(body, "price")).toMatchObject({ min: 89, max: 110, maxValue: 101 });
  });

  it("sorts by the category's sort orders, products without a price last", async () => {
    expect(skus((await list("parkett", { sort: "price-desc" })).body)).toEqual(["LD-3", "LD-1", "LD-2"]);
    expect(skus((await list("parkett", { sort: "price-asc" })).body)).toEqual(["LD-2", "LD-1", "LD-3"]);
    expect(skus((await list("parkett", { sort: "name-asc" })).body)).toEqual(["LD-3", "LD-2", "LD-1"]);
    expect(skus((await list("parkett", { sort: "position-desc" })).body)).toEqual(["LD-3", "LD-2", "LD-1"]);
  });

  it("pages by 24 with filters and sorting combined", async () => {
    const first = await list("zubehoer");
    expect(first.body.data).toMatchObject({ totalResults: 27, pageCount: 2 });
    expect(skus(first.body)).toHaveLength(24);
    const second = await list("zubehoer", { page: "2" });
    expect(skus(second.body)).toEqual(["SL-23", "SL-24", "SL-25"]);
    const filtered = await list("zubehoer", { filters: [{ name: "price", type: "products", max: 10 }], sort: "price-desc", page: "1" });
    expect(skus(filtered.body)).toEqual(["SL-06", "SL-05", "SL-04", "SL-03", "SL-02", "SL-01", "BH-100200-1"]);
    expect(filtered.body.data).toMatchObject({ totalResults: 7, pageCount: 1 });
    // A page past the end is empty, not an error.
    const past = await list("zubehoer", { page: "3" });
    expect(past.status).toBe(200);
    expect(skus(past.body)).toEqual([]);
  });

  it("answers in the shop's currency and language (CH in French)", async () => {
    const { body } = await list("parkett", {}, { shop: "CH", language: "fr" });
    expect(skus(body)).toEqual(["LD-1"]);
    expect(body.data!.products[0]).toMatchObject({ name: "Parquet chêne naturel huilé 14 mm", price: { value: 120.76, currency: "CHF" } });
    expect(body.data!.products[0]!.link.startsWith("/fr/")).toBe(true);
    expect(option(body, "price")).toMatchObject({ unit: "CHF", min: 120, max: 121 });
    expect(option(body, "category")?.values[0]).toMatchObject({ key: "parkett-landhausdielen", name: "Planches", count: 1 });
  });

  it("refuses bad and hostile input with the field and a code", async () => {
    const cases: [Record<string, string | object>, string, string][] = [
      [{ filters: [{ name: "colour", type: "products", values: ["rot"] }] }, "invalid_filters", "filters"],
      [{ filters: "[{" }, "invalid_filters", "filters"],
      [{ filters: [{ name: "x'); DROP TABLE products;--", type: "products", values: ["a"] }] }, "invalid_filters", "filters"],
      [{ filters: [{ name: "price", type: "products", values: ["1"] }] }, "invalid_filters", "filters"],
      [{ filters: [{ name: "price", type: "products", min: 50, max: 10 }] }, "invalid_filters", "filters"],
      [{ sort: "price-sideways" }, "invalid_sort", "sort"],
      [{ sort: "sku; DROP TABLE products" }, "invalid_sort", "sort"],
      [{ page: "0" }, "invalid_page", "page"],
      [{ page: "-1" }, "invalid_page", "page"],
      [{ page: "1.5" }, "invalid_page", "page"],
      [{ page: "99999" }, "invalid_page", "page"],
    ];
    for (const [params, code, field] of cases) {
      const { status, body } = await list("parkett", params);
      expect({ params, status, code: body.errors[0]?.code, field: body.errors[0]?.field }).toEqual({ params, status: 400, code, field });
    }
  });

  it("is 404 for unknown and malformed categories", async () => {
    for (const id of ["gibt-es-nicht", "parkett' OR '1'='1", "../admin", "x".repeat(200)]) {
      const { status, body } = await list(id);
      expect({ id, status, code: body.errors[0]?.code }).toEqual({ id, status: 404, code: "not_found" });
    }
    // The catalogue is untouched by what was sent.
    expect(skus((await list("parkett")).body)).toEqual(["LD-1", "LD-2", "LD-3"]);
  });
});
