/** The import names shops configured in config/shops.json and never writes the shops table. */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { allShops, shopById } from "../core/shop";
import { readShopRows } from "../tables/shops";
import { importCatalogue } from "./apply-import";
import type { ImportResult } from "./import-format";
import { rowCounts, sampleDocument } from "@tests/kit/catalogue";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.dispose();
});

const NOW = new Date("2025-07-01T08:00:00Z");
const importJson = (doc: unknown): Promise<ImportResult> =>
  importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "test.json", now: NOW });

function problemsOf(result: ImportResult) {
  if (result.ok) throw new Error("expected the import to be refused");
  return result.problems;
}

test("a file with a shops section is refused whole, naming the section; nothing is written", async () => {
  const before = await rowCounts(t.db);
  const shopsBefore = await readShopRows(t.db);
  const old = { ...sampleDocument(), shops: [{ id: "DE", name: "Bodenhaus Deutschland", currency: "EUR", taxRate: 19 }] };
  expect(problemsOf(await importJson(old))).toEqual([{ field: "shops", message: "shops are configured in config/shops.json, not imported" }]);
  // Whatever the section holds.
  expect(problemsOf(await importJson({ shops: "DE" }))).toEqual([{ field: "shops", message: "shops are configured in config/shops.json, not imported" }]);
  expect(await rowCounts(t.db)).toEqual(before);
  expect(await readShopRows(t.db)).toEqual(shopsBefore);
});

test("an import leaves the shops table as the config sync wrote it", async () => {
  const shopsBefore = await readShopRows(t.db);
  expect(await importJson(sampleDocument())).toMatchObject({ ok: true });
  expect(await readShopRows(t.db)).toEqual(shopsBefore);
});

test("a product, price or page naming a shop that is not configured is refused, naming row and field", async () => {
  expect(shopById("XX")).toBeUndefined();
  const doc = sampleDocument();
  doc.products![1]!.shops = ["DE", "XX"];
  doc.prices![2]!.shop = "XX";
  doc.cmsBlocks![0]!.shop = "XX";
  const problems = problemsOf(await importJson(doc));
  const configured = allShops()
    .map((shop) => shop.id)
    .join(", ");
  expect(problems).toEqual(
    expect.arrayContaining([
      { row: 2, field: "products[1].shops[1]", message: `unknown shop 'XX' (known: ${configured})` },
      { row: 3, field: "prices[2].shop", message: "unknown shop 'XX'" },
      { row: 1, field: "cmsBlocks[0].shop", message: "unknown shop 'XX'" },
    ]),
  );
  expect((await rowCounts(t.db)).products).toBe(0);

  const csv =
    "sku,type,category,shops,unit,packageContent,shippingGroup,deliveryDaysMin,deliveryDaysMax,stockQuantity,title.de,slug.de\n" +
    "P-1,simple,parkett,DE|XX,SQM,2,parcel,2,4,10,Diele,diele-p-1\n";
  await importJson({ categories: sampleDocument().categories });
  const refused = await importCatalogue(t.db, { format: "csv-products", text: csv }, { source: "test.csv", now: NOW });
  expect(problemsOf(refused)).toEqual([{ row: 1, field: "shops", message: `unknown shop 'XX' (known: ${configured})` }]);
});

test("currencies and languages are the configured shop's; the tax rate defaults to the configured one", async () => {
  const doc = sampleDocument();
  doc.products![0]!.shops = ["DE", "CH", "AT"];
  doc.products![0]!.content.at = { slug: "landhausdiele-eiche-at", title: "Landhausdiele Eiche" };
  doc.prices!.push({ sku: "P-100", shop: "AT", currency: "CHF", packagePrice: 112, unitPrice: 50.9 });
  doc.cmsPages!.push({ shop: "DE", language: "fr", identifier: "mentions-legales", title: "Mentions légales" });
  expect(problemsOf(await importJson(doc))).toEqual([
    { row: 4, field: "prices[3].currency", message: "shop AT sells in EUR, not CHF" },
    { row: 2, field: "cmsPages[1].language", message: "shop DE has no language 'fr' (languages: de)" },
  ]);

  doc.prices![3]!.currency = "EUR";
  doc.cmsPages!.pop();
  expect(await importJson(doc)).toMatchObject({ ok: true });
  const rates = await t.db.prepare("SELECT shop_id, tax_rate FROM prices WHERE sku = 'P-100' ORDER BY shop_id").all<{ shop_id: string; tax_rate: number }>();
  expect(rates.results).toEqual(["AT", "CH", "DE"].map((id) => ({ shop_id: id, tax_rate: shopById(id)!.taxRate })));
});
