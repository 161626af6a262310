/**
 * Fixture catalogue for the GraphQL tests, written with plain INSERTs (the tests do not
 * depend on the import pipeline). Times are relative to FIXTURE_NOW, which the tests pass
 * to the handler as its clock.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "./d1";
import { joinSql, sql, SqlFragment } from "@worker/lib/sql";
import { handleGraphQL } from "@shop-api/graphql/http";

export const FIXTURE_NOW = new Date("2025-03-01T12:00:00.000Z");
export const daysAgo = (days: number): string => new Date(FIXTURE_NOW.getTime() - days * 86_400_000).toISOString();

export const FIRST_IMPORT_AT = "2025-01-01T08:00:00.000Z";
export const SECOND_IMPORT_AT = "2025-02-01T08:00:00.000Z";
/** Simple products P001..P120, sold in DE and CH. */
export const SIMPLE_COUNT = 120;
export const simpleSku = (n: number): string => `P${String(n).padStart(3, "0")}`;
/** Active products visible in DE/de: 120 simple + configurable + 2 variants + one with an unknown unit. */
export const DE_PRODUCT_COUNT = SIMPLE_COUNT + 4;

const LANGS = ["de", "at", "fr", "it", "en", "nl"] as const;

type Row = Record<string, unknown>;

/** One row; the shops table is not written here (it is synced from config/shops.json). */
function insert(db: D1Database, table: string, row: Row): D1PreparedStatement {
  const columns = Object.keys(row);
  const values = joinSql(
    columns.map((column) => sql`${row[column] ?? null}`),
    ", ",
  );
  return sql`INSERT INTO ${SqlFragment.raw(`${table} (${columns.join(", ")})`)} VALUES (${values})`.prepare(db);
}

function product(sku: string, overrides: Row = {}): Row {
  return {
    sku,
    type: "simple",
    manufacturer_id: "holzwerk",
    category_id: "eiche",
    ean: `40000000${sku}`,
    unit: "SQM",
    package_content: 2.2,
    blend_percent: 5,
    shipping_group: "freight",
    delivery_days_min: 3,
    delivery_days_max: 5,
    stock_qty: 10,
    updated_at: FIRST_IMPORT_AT,
    ...overrides,
  };
}

function content(sku: string, language: string, title = `${sku} ${language}`): Row {
  return {
    sku,
    language,
    slug: `${sku.toLowerCase()}-${language}`,
    title,
    subtitle: `Sub ${language}`,
    short_description: "short",
    description: "<p>long</p>",
    features: JSON.stringify(["robust", "warm"]),
    attributes: JSON.stringify([{ code: "thickness", label: "Stärke", type: "number", value: "14", isVisible: true }]),
  };
}

export async function seedCatalogue(db: D1Database): Promise<void> {
  const s: D1PreparedStatement[] = [];
  const categories: [id: string, parent: string | null, position: number, top: number | null][] = [
    ["parkett", null, 1, 1],
    ["landhausdielen", "parkett", 1, null],
    ["eiche", "landhausdielen", 1, null],
    ["vinyl", null, 2, 2],
    ["garten", null, 3, null],
  ];
  for (const [id, parent, position, top] of categories) {
    s.push(
      insert(db, "categories", {
        id,
        parent_id: parent,
        position,
        top_position: top,
        image: `/img/${id}.jpg`,
        sorting: JSON.stringify([{ sortBy: "price", direction: "asc" }]),
        updated_at: FIRST_IMPORT_AT,
      }),
    );
    for (const language of LANGS) {
      // The garden world has no Dutch translation.
      if (id === "garten" && language === "nl") continue;
      const slug = parent ? `${parent}/${id}` : id;
      s.push(insert(db, "category_translations", { category_id: id, language, name: `${id} (${language})`, slug, top_description: `top ${id}` }));
    }
  }

  s.push(insert(db, "manufacturers", { id: "holzwerk", name: "Holzwerk", slug: "holzwerk", logo: "/logos/holzwerk.svg", updated_at: FIRST_IMPORT_AT }));
  s.push(insert(db, "manufacturers", { id: "vinylia", name: "Vinylia", slug: "vinylia", updated_at: FIRST_IMPORT_AT }));
  s.push(insert(db, "manufacturers", { id: "atonly", name: "Alpenboden", slug: "alpenboden", updated_at: FIRST_IMPORT_AT }));
  s.push(
    insert(db, "manufacturer_translations", { manufacturer_id: "holzwerk", language: "de", description: "Parkett aus Bayern", short_description: "Parkett" }),
  );

  const skusIn = (shopIds: string[], sku: string) => shopIds.forEach((shop_id) => s.push(insert(db, "product_shops", { sku, shop_id })));

  for (let n = 1; n <= SIMPLE_COUNT; n++) {
    const sku = simpleSku(n);
    s.push(insert(db, "products", product(sku, { manufacturer_id: n % 2 ? "holzwerk" : "vinylia", category_id: n % 2 ? "eiche" : "vinyl" })));
    skusIn(["DE", "CH"], sku);
    for (const language of LANGS) s.push(insert(db, "product_content", content(sku, language)));
    s.push(insert(db, "prices", { sku, shop_id: "DE", currency: "EUR", package_price: 1000 + n, unit_price: 500, tax_rate: 19, updated_at: FIRST_IMPORT_AT }));
    s.push(insert(db, "prices", { sku, shop_id: "CH", currency: "CHF", package_price: 2000 + n, unit_price: 900, tax_rate: 8.1, updated_at: FIRST_IMPORT_AT }));
    s.push(insert(db, "media", { sku, position: 1, kind: "image", url: `/media/${sku}.jpg`, alt: sku }));
    s.push(insert(db, "product_changes", { import_id: 1, sku, changed_at: FIRST_IMPORT_AT }));
  }
  s.unshift(insert(db, "imports", { id: 1, source: "fixture", format: "json", started_at: FIRST_IMPORT_AT, rows: SIMPLE_COUNT }));
  s.push(insert(db, "imports", { id: 2, source: "fixture", format: "json", started_at: SECOND_IMPORT_AT, rows: 3 }));
  for (const sku of ["P005", "P006", "X-ONLY-AT"]) s.push(insert(db, "product_changes", { import_id: 2, sku, changed_at: SECOND_IMPORT_AT }));

  // Prices with history (DE): reference and savings cases.
  const setPrice = (sku: string, shop: string, currency: string, price: number, rate: number, history: [days: number, price: number][]) => {
    s.push(sql`UPDATE prices SET package_price = ${price}, currency = ${currency}, tax_rate = ${rate} WHERE sku = ${sku} AND shop_id = ${shop}`.prepare(db));
    for (const [days, historic] of history) s.push(insert(db, "price_history", { sku, shop_id: shop, package_price: historic, valid_from: daysAgo(days) }));
  };
  // 59.95, lowered to 44.95 20 days ago, raised to 49.95 5 days ago: reference 44.95 (window 35-5 days ago).
  setPrice("P001", "DE", "EUR", 4995, 19, [
    [60, 5995],
    [20, 4495],
    [5, 4995],
  ]);
  // 60.00 since 45 days, now 45.00 since 10 days: 25% saved, reference 60.00.
  setPrice("P002", "DE", "EUR", 4500, 19, [
    [90, 3000],
    [45, 6000],
    [10, 4500],
  ]);
  // 20.00 until 40 days ago, then 25.00: reference 20.00 (in force when the window before the change began).
  setPrice("P003", "DE", "EUR", 2500, 19, [
    [100, 2000],
    [40, 2500],
  ]);
  setPrice("P004", "DE", "EUR", 123450, 19, []);
  setPrice("P004", "CH", "CHF", 123450, 8.1, []);

  // P001: more data.
  s.push(insert(db, "product_categories", { sku: "P001", category_id: "vinyl", position: 2 }));
  s.push(insert(db, "product_categories", { sku: "P001", category_id: "garten", position: 1 }));
  s.push(insert(db, "downloads", { sku: "P001", language: "de", position: 1, title: "Datenblatt", url: "/dl/p001.pdf" }));
  s.push(
    insert(db, "tutorials", {
      sku: "P001",
      language: "de",
      position: 1,
      title: "Verlegen",
      content: "So geht's",
      type: "video",
      url: "https://video.example/1",
      poster: "/images/videos/tutorials/verlegen.jpg",
    }),
  );
  s.push(insert(db, "reviews", { id: "r1", sku: "P001", language: "de", mark: 5, comment: "Super", reviewer: "Anna", created_at: "2025-01-02T10:00:00.000Z" }));
  s.push(
    insert(db, "reviews", {
      id: "r2",
      sku: "P001",
      language: "de",
      mark: 4,
      comment: "Gut",
      reviewer: "Ben",
      answer: "Danke",
      created_at: "2025-01-03T10:00:00.000Z",
    }),
  );
  s.push(insert(db, "reviews", { id: "r3", sku: "P001", language: "fr", mark: 1, comment: "Bof", reviewer: "Chloé", created_at: "2025-01-04T10:00:00.000Z" }));

  // A configurable product with two variants; labels per language or one for all (domain/catalogue-label.ts).
  const configurable = JSON.stringify([
    {
      code: "color",
      label: { de: "Farbe", fr: "Couleur" },
      options: [
        { value: "oak", label: { de: "Eiche", fr: "Chêne" } },
        { value: "ash", label: "Esche" },
      ],
    },
  ]);
  s.push(insert(db, "products", product("A-CONF", { type: "configurable", configurable_attributes: configurable })));
  s.push(insert(db, "products", product("A-CONF-1", { type: "variant", parent_sku: "A-CONF" })));
  s.push(insert(db, "products", product("A-CONF-2", { type: "variant", parent_sku: "A-CONF" })));
  for (const sku of ["A-CONF", "A-CONF-1", "A-CONF-2"]) {
    skusIn(["DE"], sku);
    s.push(insert(db, "product_content", content(sku, "de")));
  }

  // A unit the table does not know.
  s.push(insert(db, "products", product("U-UNKNOWN", { unit: "BARREL" })));
  skusIn(["DE"], "U-UNKNOWN");
  s.push(insert(db, "product_content", content("U-UNKNOWN", "de")));

  // Sold only in Austria; by a manufacturer with no other products.
  s.push(insert(db, "products", product("X-ONLY-AT", { manufacturer_id: "atonly", unit: "PCS" })));
  skusIn(["AT"], "X-ONLY-AT");
  s.push(insert(db, "product_content", content("X-ONLY-AT", "at", "Nur in Österreich")));
  s.push(
    insert(db, "prices", {
      sku: "X-ONLY-AT",
      shop_id: "AT",
      currency: "EUR",
      package_price: 123450,
      unit_price: 100,
      tax_rate: 20,
      updated_at: FIRST_IMPORT_AT,
    }),
  );

  // Inactive: hidden everywhere.
  s.push(insert(db, "products", product("Z-INACTIVE", { is_active: 0 })));
  skusIn(["DE"], "Z-INACTIVE");
  s.push(insert(db, "product_content", content("Z-INACTIVE", "de")));

  s.push(
    insert(db, "cms_pages", {
      shop_id: "DE",
      language: "de",
      identifier: "impressum",
      title: "Impressum",
      content: "<p>Adresse</p>",
      updated_at: FIRST_IMPORT_AT,
    }),
  );
  s.push(
    insert(db, "cms_pages", {
      shop_id: "DE",
      language: "de",
      identifier: "agb",
      title: "AGB",
      robots: "noindex,follow",
      exclude_from_sitemap: 1,
      updated_at: FIRST_IMPORT_AT,
    }),
  );
  s.push(insert(db, "cms_pages", { shop_id: "CH", language: "fr", identifier: "mentions-legales", title: "Mentions légales", updated_at: FIRST_IMPORT_AT }));

  s.push(insert(db, "cms_blocks", { shop_id: "DE", language: "de", identifier: "header-warning", content: "<p>Verzögerung</p>", updated_at: FIRST_IMPORT_AT }));
  s.push(insert(db, "cms_blocks", { shop_id: "DE", language: "de", identifier: "header-info", content: "<p>Muster</p>", updated_at: FIRST_IMPORT_AT }));
  s.push(insert(db, "cms_blocks", { shop_id: "CH", language: "fr", identifier: "header-info", content: "<p>Échantillons</p>", updated_at: FIRST_IMPORT_AT }));

  s.push(insert(db, "top_seo_links", { shop_id: "DE", language: "de", position: 2, label: "Vinylboden", url: "/vinyl.html" }));
  s.push(insert(db, "top_seo_links", { shop_id: "DE", language: "de", position: 1, label: "Parkett", url: "/parkett.html" }));
  s.push(insert(db, "top_seo_links", { shop_id: "CH", language: "fr", position: 1, label: "Parquet", url: "/fr/parkett.html" }));

  await db.batch(s);
}

export interface GraphQLResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** POSTs a query to the handler, with the fixture clock (and introspection, as in development). */
export async function gql(db: D1Database, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse> {
  return send(
    db,
    new Request("https://shop.example/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    }),
  );
}

export async function send(db: D1Database, request: Request): Promise<GraphQLResponse> {
  const response = await handleGraphQL(request, db, { now: () => FIXTURE_NOW, introspection: true });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, headers: response.headers as unknown as Headers, body };
}

/** Wraps a D1 database so every prepare() is counted. */
export function countingDatabase(db: D1Database): { db: D1Database; count: () => number; reset: () => void; statements: string[] } {
  const statements: string[] = [];
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "prepare") {
        return (sql: string) => {
          statements.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: counted, count: () => statements.length, reset: () => void (statements.length = 0), statements };
}

/** A test database with the fixture catalogue for the tests of a file: created before them, disposed after. */
export function useSeededCatalogue(): { database(): TestDatabase } {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase();
    await seedCatalogue(test.db);
  });
  afterAll(async () => test?.dispose());
  return {
    database() {
      if (!test) throw new Error("the seeded catalogue is made in beforeAll");
      return test;
    },
  };
}
