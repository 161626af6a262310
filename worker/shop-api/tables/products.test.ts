import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { listedIn, mainImage, productOf, productTitle, type ProductRow } from "./products";

let t: TestDatabase;
const now = "2026-11-18T08:00:00Z";

function product(sku: string, active = 1): SqlFragment {
  return sql`INSERT INTO products (sku, type, category_id, unit, package_content, shipping_group, is_active, delivery_days_min, delivery_days_max, configurable_attributes, updated_at)
    VALUES (${sku}, 'simple', 'boden', 'SQM', 2, 'parcel', ${active}, 2, 4, ${sku === "BROKEN" ? "[{" : "[]"}, ${now})`;
}
const content = (sku: string, language: string, title: string) =>
  sql`INSERT INTO product_content (sku, language, slug, title) VALUES (${sku}, ${language}, ${`${sku}-${language}`.toLowerCase()}, ${title})`;
const media = (sku: string, position: number, kind: string, url: string) =>
  sql`INSERT INTO media (sku, position, kind, url) VALUES (${sku}, ${position}, ${kind}, ${url})`;
const listed = (sku: string, shop: string) => sql`INSERT INTO product_shops (sku, shop_id) VALUES (${sku}, ${shop})`;

beforeAll(async () => {
  t = await createTestDatabase();
  const statements = [
    sql`INSERT INTO categories (id, updated_at) VALUES ('boden', ${now})`,
    ...["ALL", "FR-ONLY", "NONE", "INACTIVE", "BROKEN"].map((sku) => product(sku, sku === "INACTIVE" ? 0 : 1)),
    content("ALL", "de", "Diele"),
    content("ALL", "en", "Plank"),
    content("FR-ONLY", "fr", "Lame"),
    media("ALL", 2, "image", "/second.jpg"),
    media("ALL", 0, "video", "/video.mp4"),
    media("ALL", 1, "image", "/first.jpg"),
    listed("ALL", "DE"),
    listed("INACTIVE", "DE"),
    listed("FR-ONLY", "CH"),
  ];
  await t.db.batch(statements.map((statement) => statement.prepare(t.db)));
});
afterAll(() => t.dispose());

async function column<T>(expression: SqlFragment, sku: string): Promise<T> {
  const row = await sql`SELECT ${expression} AS value FROM (SELECT ${sku} AS sku) k LEFT JOIN products p ON p.sku = k.sku`.prepare(t.db).first<{ value: T }>();
  return row!.value;
}

describe("productTitle", () => {
  test.each([
    ["the language's title", "ALL", "en", "Plank"],
    ["German when the language has none", "ALL", "it", "Diele"],
    ["any language when German has none", "FR-ONLY", "de", "Lame"],
    ["the SKU when there is no content", "NONE", "de", "NONE"],
  ])("%s", async (_name, sku, language, title) => {
    expect(await column(productTitle(language), sku)).toBe(title);
  });

  test("a hostile language is a bound value", async () => {
    expect(await column(productTitle("en' OR 1=1 --"), "ALL")).toBe("Diele");
  });
});

test("mainImage: the image with the lowest position, never a video; NULL without images", async () => {
  expect(await column(mainImage(), "ALL")).toBe("/first.jpg");
  expect(await column(mainImage(), "NONE")).toBeNull();
});

test("mainImage of a product under another alias than p", async () => {
  const row = await sql`SELECT ${mainImage(sql`pr.sku`)} AS value FROM products pr WHERE pr.sku = ${"ALL"}`.prepare(t.db).first<{ value: string }>();
  expect(row!.value).toBe("/first.jpg");
});

test("listedIn: active and listed in the shop; unknown products are not", async () => {
  expect(await column(listedIn("DE"), "ALL")).toBe(1);
  expect(await column(listedIn("CH"), "ALL")).toBe(0);
  expect(await column(listedIn("DE"), "INACTIVE")).toBe(0);
  expect(await column(listedIn("CH"), "FR-ONLY")).toBe(1);
  expect(await column(listedIn("DE"), "DOES-NOT-EXIST")).toBe(0);
});

test("productOf: flags as booleans; broken configurable attributes read as none", async () => {
  const row = await sql`SELECT * FROM products WHERE sku = ${"BROKEN"}`.prepare(t.db).first<ProductRow>();
  expect(productOf(row!)).toMatchObject({ sku: "BROKEN", isActive: true, isExpress: false, reachedEol: false, configurableAttributes: [] });
});
