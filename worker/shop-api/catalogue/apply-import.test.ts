import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { looseCopy } from "@tests/kit/loose-json";
import { allShops } from "../core/shop";
import { importCatalogue } from "./apply-import";
import { SECTIONS, type CatalogueDocument, type ImportResult } from "./import-format";
import { rowCounts, sampleDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.dispose();
});

const NOW = new Date("2025-07-01T08:00:00Z");
const importJson = (doc: unknown, now = NOW): Promise<ImportResult> =>
  importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "test.json", now });

function problemsOf(result: ImportResult) {
  if (result.ok) throw new Error("expected the import to be refused");
  return result.problems;
}

test("a valid import writes every table in one go", async () => {
  const result = await importJson(sampleDocument());
  expect(result).toMatchObject({ ok: true, changedSkus: ["P-100", "P-200", "P-200-1"] });
  if (!result.ok) return;
  expect(result.counts).toMatchObject({ categories: 2, manufacturers: 1, products: 3, prices: 3, reviews: 1 });
  expect(result.counts).not.toHaveProperty("shops");
  const counts = await rowCounts(t.db);
  expect(counts).toMatchObject({
    shops: allShops().length,
    categories: 2,
    category_translations: 4,
    manufacturers: 1,
    manufacturer_translations: 1,
    products: 3,
    product_categories: 4,
    product_shops: 4,
    product_content: 4,
    prices: 3,
    price_history: 3,
    media: 1,
    downloads: 1,
    tutorials: 1,
    reviews: 1,
    cms_pages: 1,
    cms_blocks: 1,
    top_seo_links: 1,
    imports: 1,
    product_changes: 3,
  });
  const product = await t.db.prepare("SELECT * FROM products WHERE sku = 'P-100'").first<Record<string, unknown>>();
  expect(product).toMatchObject({
    unit: "SQM",
    package_content: 2.2,
    is_express: 1,
    sample_active: 1,
    sample_max: 3,
    min_order_qty: 2.2,
    shipping_group: "freight",
  });
  const price = await t.db.prepare("SELECT * FROM prices WHERE sku = 'P-100' AND shop_id = 'CH'").first<Record<string, unknown>>();
  expect(price).toMatchObject({ currency: "CHF", package_price: 11990, unit_price: 5450, tax_rate: 8.1 });
  const history = await t.db.prepare("SELECT valid_from FROM price_history WHERE sku = 'P-100' AND shop_id = 'DE'").first<{ valid_from: string }>();
  expect(history?.valid_from).toBe(NOW.toISOString());
  const content = await t.db
    .prepare("SELECT features, attributes FROM product_content WHERE sku = 'P-100' AND language = 'de'")
    .first<{ features: string; attributes: string }>();
  expect(JSON.parse(content!.features)).toEqual(["Klicksystem", "Fußbodenheizung geeignet"]);
  expect(JSON.parse(content!.attributes)[0]).toMatchObject({ code: "thickness_mm", value: "14" });
  const change = await t.db.prepare("SELECT import_id FROM product_changes LIMIT 1").first<{ import_id: number }>();
  expect(change?.import_id).toBe(result.importId);
});

test("a bad file is refused whole, naming every problem, and nothing is written", async () => {
  await importJson(sampleDocument());
  const before = await rowCounts(t.db);
  const doc = looseCopy(sampleDocument());
  doc.products[0].unit = "XYZ";
  doc.products[0].packageContent = "2.2";
  delete doc.products[1].shippingGroup;
  doc.products[2].colour = "grey";
  doc.products.push({ ...doc.products[0], content: { de: { slug: "andere-diele", title: "Andere" } } });
  doc.prices[1].currency = "EUR";
  doc.prices[0].packagePrice = 10.999;
  doc.categories[0].parentId = "gibt-es-nicht";
  doc.products[1].deliveryDays = { min: 5, max: 2 };
  doc.reviews[0].mark = 6;
  const problems = problemsOf(await importJson(doc));
  const byField = (field: string) => problems.find((p) => p.field === field);
  expect(byField("products[0].unit")?.message).toMatch(/^unknown unit 'XYZ' \(allowed: KG, LBS, .*SQM.*TUBE\)$/);
  expect(byField("products[0].unit")?.row).toBe(1);
  expect(byField("products[0].packageContent")?.message).toBe("must be a number (got string)");
  expect(byField("products[1].shippingGroup")?.message).toBe("is required");
  expect(byField("products[2]")?.message).toBe("unknown field 'colour'");
  expect(byField("prices[1].currency")?.message).toBe("shop CH sells in CHF, not EUR");
  expect(byField("prices[0].packagePrice")?.message).toBe("must have at most 2 decimals");
  expect(byField("categories[0].parentId")?.message).toBe("unknown category 'gibt-es-nicht'");
  expect(byField("reviews[0].mark")?.message).toBe("must be 1 to 5");
  expect(await rowCounts(t.db)).toEqual(before);
});

test("duplicate SKUs, unknown references and languages are problems", async () => {
  const doc = sampleDocument();
  doc.products!.push({ ...doc.products![0]!, content: { de: { slug: "zweite", title: "Zweite" } } });
  doc.products![0]!.categories = ["parkett", "fliesen"];
  doc.products![0]!.shops = ["DE", "XX"];
  doc.products![1]!.parentSku = "P-100";
  doc.products![1]!.content.nl = { slug: "vinyl", title: "Vinyl" };
  doc.products![2]!.content.de!.slug = "Klick Vinyl";
  doc.manufacturers = [];
  const problems = problemsOf(await importJson(doc));
  const messages = problems.map((p) => `${p.field}: ${p.message}`);
  expect(messages).toEqual(
    expect.arrayContaining([
      "products[3].sku: duplicate 'P-100' (also in products[0])",
      "products[0].categories[1]: unknown category 'fliesen'",
      `products[0].shops[1]: unknown shop 'XX' (known: ${allShops()
        .map((shop) => shop.id)
        .join(", ")})`,
      "products[0].manufacturer: unknown manufacturer 'holzwerk'",
      "products[1].parentSku: 'P-100' is not a configurable product (type 'simple')",
      expect.stringMatching(/^products\[2\]\.content\.de\.slug: must be lower-case words/),
      expect.stringMatching(/^products\[1\]\.content\.nl: language 'nl' is not used by any of the product's shops/),
    ]),
  );
  expect((await rowCounts(t.db)).products).toBe(0);
});

test("sections are only the format's: names of object properties (toString, __proto__) are unknown sections", async () => {
  const problems = problemsOf(await importCatalogue(t.db, { format: "json", text: '{"toString": [], "__proto__": [], "products": []}' }, { source: "x" }));
  expect(problems.map((p) => `${p.field}: ${p.message}`)).toEqual([
    `toString: unknown section (allowed: ${SECTIONS.join(", ")})`,
    expect.stringMatching(/^__proto__: unknown section/),
  ]);
});

test("malformed JSON is one problem for the file", async () => {
  const before = await rowCounts(t.db);
  const result = await importCatalogue(t.db, { format: "json", text: '{"products": [' }, { source: "x" });
  expect(problemsOf(result)).toEqual([{ field: "(file)", message: expect.stringMatching(/^malformed JSON/) }]);
  expect(await rowCounts(t.db)).toEqual(before);
});

test("problems are capped with a final count", async () => {
  const doc = sampleDocument();
  const base = doc.products![0]!;
  doc.products = Array.from({ length: 250 }, (_, i) => ({ ...base, sku: `X-${i}`, unit: "NOPE" as never, content: { de: { slug: `x-${i}`, title: "X" } } }));
  doc.prices = [];
  doc.reviews = [];
  const problems = problemsOf(await importJson(doc));
  expect(problems).toHaveLength(201);
  expect(problems[200]).toEqual({ field: "(file)", message: "… and 50 more" });
});

test("re-importing an identical file records no changes; one changed price records exactly that SKU", async () => {
  const first = await importJson(sampleDocument());
  expect(first.ok).toBe(true);
  const later = new Date("2025-07-02T08:00:00Z");
  const again = await importJson(sampleDocument(), later);
  expect(again).toMatchObject({ ok: true, changedSkus: [] });
  const updated = await t.db.prepare("SELECT updated_at FROM products WHERE sku = 'P-100'").first<{ updated_at: string }>();
  expect(updated?.updated_at).toBe(NOW.toISOString());

  const doc = sampleDocument();
  doc.prices![2]!.packagePrice = 49.99;
  const third = await importJson(doc, later);
  expect(third).toMatchObject({ ok: true, changedSkus: ["P-200-1"] });
  if (!third.ok) return;
  const changes = await t.db.prepare("SELECT sku FROM product_changes WHERE import_id = ?").bind(third.importId).all<{ sku: string }>();
  expect(changes.results.map((r) => r.sku)).toEqual(["P-200-1"]);

  doc.products![0]!.content.de!.features = ["Klicksystem"];
  expect(await importJson(doc, later)).toMatchObject({ ok: true, changedSkus: ["P-100"] });
  const features = await t.db.prepare("SELECT features FROM product_content WHERE sku = 'P-100' AND language = 'de'").first<{ features: string }>();
  expect(features?.features).toBe('["Klicksystem"]');
});

test("price history keeps older prices so the 30-day reference price can be read", async () => {
  const old: CatalogueDocument = sampleDocument();
  old.prices = [{ sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 129.8, unitPrice: 59, validFrom: "2025-06-11T08:00:00Z" }];
  expect((await importJson(old)).ok).toBe(true);
  const current = sampleDocument();
  current.prices = [{ sku: "P-100", shop: "DE", currency: "EUR", packagePrice: 109.78, unitPrice: 49.9 }];
  expect(await importJson(current)).toMatchObject({ ok: true, changedSkus: ["P-100"] });
  const history = await t.db
    .prepare("SELECT package_price, valid_from FROM price_history WHERE sku = 'P-100' AND shop_id = 'DE' ORDER BY valid_from")
    .all<{ package_price: number; valid_from: string }>();
  expect(history.results).toEqual([
    { package_price: 12980, valid_from: "2025-06-11T08:00:00.000Z" },
    { package_price: 10978, valid_from: NOW.toISOString() },
  ]);
  const reference = await t.db
    .prepare("SELECT MIN(package_price) AS p FROM price_history WHERE sku = 'P-100' AND shop_id = 'DE' AND valid_from >= ?")
    .bind(new Date(NOW.getTime() - 30 * 86400000).toISOString())
    .first<{ p: number }>();
  expect(reference?.p).toBe(10978);
  // The same files again: no new history row, no change, the current price stays.
  expect(await importJson(old)).toMatchObject({ ok: true, changedSkus: [] });
  expect(await importJson(current)).toMatchObject({ ok: true, changedSkus: [] });
  expect(await t.db.prepare("SELECT package_price FROM prices WHERE sku = 'P-100' AND shop_id = 'DE'").first()).toEqual({ package_price: 10978 });
  expect(await t.db.prepare("SELECT COUNT(*) AS n FROM price_history WHERE sku = 'P-100' AND shop_id = 'DE'").first()).toEqual({ n: 2 });
});

test("references to records already in the database resolve", async () => {
  await importJson(sampleDocument());
  const doc: CatalogueDocument = {
    products: [
      {
        sku: "P-200-2",
        parentSku: "P-200",
        type: "variant",
        category: "parkett",
        shops: ["CH"],
        unit: "SQM",
        packageContent: 1.9,
        shippingGroup: "parcel",
        deliveryDays: { min: 2, max: 4 },
        stock: { quantity: 3 },
        content: { de: { slug: "klick-vinyl-eiche-grau-5-mm-dunkel", title: "Dunkel" } },
      },
    ],
    prices: [{ sku: "P-200-2", shop: "CH", currency: "CHF", packagePrice: 60, unitPrice: 31.58 }],
    reviews: [{ id: "R-2", sku: "P-100", language: "fr", mark: 4, comment: "Bien", reviewer: "Luc", createdAt: "2025-06-02" }],
  };
  expect(await importJson(doc)).toMatchObject({ ok: true, changedSkus: ["P-100", "P-200-2"] });
  const slugTaken = {
    products: [
      {
        ...doc.products![0]!,
        sku: "P-300",
        parentSku: undefined,
        type: "simple" as const,
        content: { de: { slug: "landhausdiele-eiche-natur-geoelt-14-mm", title: "X" } },
      },
    ],
  };
  expect(problemsOf(await importJson(slugTaken))).toEqual([
    { row: 1, field: "products[0].content.de.slug", message: "slug 'landhausdiele-eiche-natur-geoelt-14-mm' (de) is already used by product 'P-100'" },
  ]);
});

test("a boolean attribute's value is true or false: anything else is a problem naming the field, and nothing is written", async () => {
  const before = await rowCounts(t.db);
  const doc = sampleDocument();
  const content = doc.products![0]!.content.de!;
  content.attributes = [
    { code: "underfloor_heating", label: "Fußbodenheizung", type: "boolean", value: "true", isVisible: true },
    { code: "water_resistant", label: "Wasserfest", type: "boolean", value: "ja", isVisible: true },
    { code: "thickness", label: "Stärke", type: "text", value: "ja", isVisible: true },
  ];
  const problems = problemsOf(await importJson(doc));
  expect(problems.map((problem) => `${problem.field}: ${problem.message}`)).toEqual([
    'products[0].content.de.attributes[1].value: a boolean attribute\'s value must be "true" or "false"',
  ]);
  expect(await rowCounts(t.db)).toEqual(before);
});
