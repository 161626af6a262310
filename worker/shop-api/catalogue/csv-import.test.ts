import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { importCatalogue } from "./apply-import";
import { detectCsvFormat } from "./csv-import";
import type { ImportResult } from "./import-format";
import { rowCounts, sampleDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
  const base = sampleDocument();
  const result = await importCatalogue(t.db, { format: "json", text: JSON.stringify(base) }, { source: "base.json" });
  expect(result.ok).toBe(true);
});
afterEach(async () => {
  await t.dispose();
});

const csv = (format: "csv-products" | "csv-prices", text: string): Promise<ImportResult> =>
  importCatalogue(t.db, { format, text }, { source: `test.csv`, now: new Date("2025-07-03T00:00:00Z") });

const PRODUCT_HEADER =
  "sku,type,manufacturer,category,categories,shops,ean,unit,packageContent,shippingGroup,isExpress,deliveryDaysMin,deliveryDaysMax,stockQuantity,minimumOrderQuantity,sampleActive,title.de,slug.de,features.de,title.fr,slug.fr";

test("CSV products become product records", async () => {
  const text = [
    PRODUCT_HEADER,
    'P-500,simple,holzwerk,parkett,parkett-landhausdielen,DE|CH,,SQM,2.5,freight,yes,3,6,40,2.5,1,"Landhausdiele Eiche rustikal, gebürstet",landhausdiele-eiche-rustikal,Gebürstet|Geölt,Planche chêne rustique,planche-chene-rustique',
    "P-501,simple,,parkett,,DE,,LFM,2.4,parcel,0,2,3,0,,0,Sockelleiste Eiche,sockelleiste-eiche,,,",
  ].join("\n");
  const result = await csv("csv-products", text);
  expect(result).toMatchObject({ ok: true, changedSkus: ["P-500", "P-501"], counts: { products: 2 } });
  const row = await t.db.prepare("SELECT * FROM products WHERE sku = 'P-500'").first<Record<string, unknown>>();
  expect(row).toMatchObject({ unit: "SQM", package_content: 2.5, is_express: 1, min_order_qty: 2.5, sample_active: 1, stock_qty: 40 });
  const content = await t.db.prepare("SELECT title, features FROM product_content WHERE sku = 'P-500' AND language = 'de'").first();
  expect(content).toEqual({ title: "Landhausdiele Eiche rustikal, gebürstet", features: '["Gebürstet","Geölt"]' });
  const shops = await t.db.prepare("SELECT shop_id FROM product_shops WHERE sku = 'P-500' ORDER BY shop_id").all<{ shop_id: string }>();
  expect(shops.results.map((r) => r.shop_id)).toEqual(["CH", "DE"]);
  // Same file again: nothing changed.
  expect(await csv("csv-products", text)).toMatchObject({ ok: true, changedSkus: [] });
});

test("a CSV product row keeps the media and downloads only JSON can carry", async () => {
  const text = [
    "sku,type,manufacturer,category,categories,shops,ean,unit,packageContent,blendPercent,shippingGroup,isExpress,deliveryDaysMin,deliveryDaysMax,stockQuantity,minimumOrderQuantity,sampleActive,sampleMax,title.de,slug.de,features.de,title.fr,slug.fr",
    "P-100,simple,holzwerk,parkett-landhausdielen,parkett,DE|CH,4006381333931,SQM,2.2,10,freight,1,3,5,99,2.2,1,3,Landhausdiele Eiche natur geölt 14 mm,landhausdiele-eiche-natur-geoelt-14-mm,Klicksystem|Fußbodenheizung geeignet,Parquet chêne naturel huilé 14 mm,parquet-chene-naturel-huile-14-mm",
  ].join("\n");
  expect(await csv("csv-products", text)).toMatchObject({ ok: true, changedSkus: ["P-100"] });
  const counts = await rowCounts(t.db);
  expect(counts).toMatchObject({ media: 1, downloads: 1, tutorials: 1 });
  const attributes = await t.db.prepare("SELECT attributes FROM product_content WHERE sku = 'P-100' AND language = 'de'").first<{ attributes: string }>();
  expect(JSON.parse(attributes!.attributes)).toHaveLength(1);
  expect(await t.db.prepare("SELECT stock_qty FROM products WHERE sku = 'P-100'").first()).toEqual({ stock_qty: 99 });
});

test("bad numbers, booleans, units and unknown columns name the row and column; nothing is written", async () => {
  const before = await rowCounts(t.db);
  const text = [
    PRODUCT_HEADER,
    "P-600,simple,,parkett,,DE,,SQM,zwei,parcel,1,3,6,40,,1,Diele,diele-600,,,",
    "P-601,simple,,parkett,,DE,,XYZ,2,parcel,vielleicht,3,6,40,,1,Diele,diele-601,,,",
    "P-602,simple,,fliesen,,DE,,SQM,2,parcel,1,7,6,40,,1,Diele,diele-602,,,",
    "P-603,simple,,parkett,,DE,,SQM,2,parcel,1,3,6,40,,1,,diele-603,,,",
  ].join("\n");
  const result = await csv("csv-products", text);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  const messages = result.problems.map((p) => `row ${p.row}, column ${p.field}: ${p.message}`);
  expect(messages).toEqual(
    expect.arrayContaining([
      "row 1, column packageContent: must be a number (got 'zwei')",
      "row 2, column isExpress: must be a boolean: 1/0, true/false or yes/no (got 'vielleicht')",
      expect.stringMatching(/^row 2, column unit: unknown unit 'XYZ' \(allowed: KG/),
      "row 3, column category: unknown category 'fliesen'",
      "row 3, column deliveryDaysMin: must not be more than deliveryDays.max (6)",
      "row 4, column title.de: is required",
    ]),
  );
  expect(messages.filter((m) => m.startsWith("row 1, column packageContent"))).toHaveLength(1);
  const unknown = await csv("csv-products", PRODUCT_HEADER + ",colour\n");
  expect(unknown).toMatchObject({
    ok: false,
    problems: [expect.objectContaining({ field: "colour", message: expect.stringMatching(/^unknown column 'colour'/) })],
  });
  expect(await rowCounts(t.db)).toEqual(before);
});

test("CSV prices: currency must be the shop's, money at most 2 decimals", async () => {
  const before = await rowCounts(t.db);
  const bad = "sku,shop,currency,packagePrice,unitPrice\nP-100,CH,EUR,99.00,45.00\nP-100,DE,EUR,99.001,45\nP-999,DE,EUR,1,1\n";
  const refused = await csv("csv-prices", bad);
  expect(refused).toMatchObject({
    ok: false,
    problems: expect.arrayContaining([
      { row: 1, field: "currency", message: "shop CH sells in CHF, not EUR" },
      { row: 2, field: "packagePrice", message: "must have at most 2 decimals" },
      { row: 3, field: "sku", message: "unknown product 'P-999'" },
    ]),
  });
  expect(await rowCounts(t.db)).toEqual(before);

  const good = "sku;shop;currency;packagePrice;unitPrice;taxRate\nP-100;CH;CHF;99,90;45,41;8,1\n";
  expect(await csv("csv-prices", good)).toMatchObject({ ok: true, changedSkus: ["P-100"] });
  expect(await t.db.prepare("SELECT package_price FROM prices WHERE sku = 'P-100' AND shop_id = 'CH'").first()).toEqual({ package_price: 9990 });
});

test("the CSV format is recognised from the header", () => {
  expect(detectCsvFormat("sku,shop,currency,packagePrice,unitPrice\n")).toBe("csv-prices");
  expect(detectCsvFormat(PRODUCT_HEADER)).toBe("csv-products");
  expect(detectCsvFormat("a,b,c")).toBeUndefined();
});
