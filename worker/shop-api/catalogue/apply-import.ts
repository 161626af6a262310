/**
 * Applies a catalogue import: parse, validate the whole file, and write it in one
 * D1 batch (one transaction) or not at all. Records which products changed so the
 * rebuild touches only their pages; an identical re-import changes nothing.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import type {
  CatalogueDocument,
  CategoryRecord,
  ImportFormat,
  ImportResult,
  ManufacturerRecord,
  ProductRecord,
  ShopRecord,
} from "./import-format";
import { SECTIONS, selectIn, validateCatalogueDocument } from "./validate-import";
import { mergeCsvProblems, parseCsvImport } from "./csv-import";
import type { ImportProblem } from "./import-format";

export interface ImportInput {
  format: ImportFormat;
  text: string;
}

export interface ImportOptions {
  /** File name, 'http' or another label stored with the import. */
  source: string;
  /** Time of the import (default: now); used for updated_at, default validFrom and changed_at. */
  now?: Date;
}

type Value = string | number | null;
type Row = Value[];

interface TableSpec {
  table: string;
  /** Column naming the owning entity (sku, id, category_id, ...). */
  owner: string;
  columns: string[];
  /** Conflict target for upserts of the entity's main table. */
  conflict?: string[];
}

const PRODUCT_TABLES: TableSpec[] = [
  {
    table: "products",
    owner: "sku",
    conflict: ["sku"],
    columns: [
      "sku", "parent_sku", "type", "manufacturer_id", "category_id", "ean", "unit", "package_content", "blend_percent",
      "shipping_group", "is_decking", "is_express", "is_clearance", "is_plus", "is_active", "reached_eol", "delivery_days_min",
      "delivery_days_max", "stock_qty", "min_order_qty", "notification_qty", "sample_active", "sample_express",
      "sample_long_delivery", "sample_free", "sample_max", "configurable_attributes",
    ],
  },
  {
    table: "product_content",
    owner: "sku",
    columns: [
      "sku", "language", "slug", "title", "subtitle", "short_description", "description", "low_stock_message", "measurement",
      "features", "attributes", "meta_title", "meta_description",
    ],
  },
  { table: "product_categories", owner: "sku", columns: ["sku", "category_id", "position"] },
  { table: "product_shops", owner: "sku", columns: ["sku", "shop_id"] },
  { table: "media", owner: "sku", columns: ["sku", "position", "kind", "url", "alt"] },
  { table: "downloads", owner: "sku", columns: ["sku", "language", "position", "title", "url"] },
  { table: "tutorials", owner: "sku", columns: ["sku", "language", "position", "title", "content", "type", "url"] },
];

const CATEGORY_TABLES: TableSpec[] = [
  { table: "categories", owner: "id", conflict: ["id"], columns: ["id", "parent_id", "position", "image", "top_position", "sorting"] },
  {
    table: "category_translations",
    owner: "category_id",
    columns: ["category_id", "language", "name", "slug", "description", "teaser", "top_description", "meta_title", "meta_description"],
  },
];

const MANUFACTURER_TABLES: TableSpec[] = [
  { table: "manufacturers", owner: "id", conflict: ["id"], columns: ["id", "name", "slug", "logo", "url", "top_position"] },
  { table: "manufacturer_translations", owner: "manufacturer_id", columns: ["manufacturer_id", "language", "description", "short_description"] },
];

const SHOP_TABLE: TableSpec = {
  table: "shops",
  owner: "id",
  conflict: ["id"],
  columns: ["id", "name", "currency", "default_language", "languages", "domain_prefixes", "delivery_countries", "tax_rate", "base_url"],
};
const CMS_PAGE_TABLE: TableSpec = {
  table: "cms_pages",
  owner: "shop_id",
  conflict: ["shop_id", "language", "identifier"],
  columns: [
    "shop_id", "language", "identifier", "page_type", "title", "content_heading", "content", "meta_title", "meta_description", "robots",
    "exclude_from_sitemap",
  ],
};
const CMS_BLOCK_TABLE: TableSpec = { table: "cms_blocks", owner: "shop_id", conflict: ["shop_id", "language", "identifier"], columns: ["shop_id", "language", "identifier", "content"] };
const SEO_LINK_TABLE: TableSpec = { table: "top_seo_links", owner: "shop_id", conflict: ["shop_id", "language", "position"], columns: ["shop_id", "language", "position", "label", "url"] };
const PRICE_TABLE: TableSpec = {
  table: "prices",
  owner: "sku",
  conflict: ["sku", "shop_id"],
  columns: ["sku", "shop_id", "currency", "package_price", "unit_price", "tax_rate", "updated_at"],
};
const HISTORY_TABLE: TableSpec = { table: "price_history", owner: "sku", columns: ["sku", "shop_id", "package_price", "valid_from"] };
const REVIEW_TABLE: TableSpec = {
  table: "reviews",
  owner: "id",
  conflict: ["id"],
  columns: ["id", "sku", "language", "mark", "comment", "reviewer", "answer", "created_at"],
};

/** Tables whose main row carries updated_at. */
const HAS_UPDATED_AT = new Set(["products", "categories", "manufacturers", "shops", "cms_pages", "cms_blocks"]);

const bool = (value: boolean | undefined, fallback: boolean): number => ((value ?? fallback) ? 1 : 0);
const opt = <T extends Value>(value: T | undefined): T | null => (value === undefined ? null : value);
const cents = (value: number): number => Math.round(value * 100);

/** Parses, validates and (only when the whole file is valid) writes a catalogue import. */
export async function importCatalogue(db: D1Database, input: ImportInput, options: ImportOptions): Promise<ImportResult> {
  const now = options.now ?? new Date();
  let raw: unknown;
  let preserveProductExtras = false;
  let cellProblems: ImportProblem[] = [];
  if (input.format === "json") {
    try {
      raw = JSON.parse(input.text.replace(/^\uFEFF/, ""));
    } catch (error) {
      return { ok: false, problems: [{ field: "(file)", message: `malformed JSON: ${(error as Error).message}` }] };
    }
  } else if (input.format === "csv-products" || input.format === "csv-prices") {
    const parsed = parseCsvImport(input.format, input.text);
    if (!parsed.ok) return parsed;
    raw = parsed.document;
    cellProblems = parsed.cellProblems;
    preserveProductExtras = input.format === "csv-products";
  } else {
    return { ok: false, problems: [{ field: "(file)", message: `unknown format '${String(input.format)}' (allowed: json, csv-products, csv-prices)` }] };
  }

  const validation = await validateCatalogueDocument(raw, db);
  if (input.format !== "json" && (!validation.ok || cellProblems.length > 0)) {
    return { ok: false, problems: mergeCsvProblems(input.format, cellProblems, validation.ok ? [] : validation.problems) };
  }
  if (!validation.ok) return validation;
  return applyDocument(db, validation.document, { format: input.format, source: options.source, now, preserveProductExtras });
}

interface ApplyContext {
  format: ImportFormat;
  source: string;
  now: Date;
  /** CSV product rows cannot carry media, downloads, tutorials, attributes: keep what the database has. */
  preserveProductExtras: boolean;
}

async function applyDocument(db: D1Database, doc: CatalogueDocument, ctx: ApplyContext): Promise<ImportResult> {
  const nowIso = ctx.now.toISOString();
  const w = new BatchWriter(db, nowIso);
  const changedSkus = new Set<string>();
  const counts: Record<string, number> = {};
  let rows = 0;
  for (const section of SECTIONS) {
    const n = doc[section]?.length ?? 0;
    counts[section] = n;
    rows += n;
  }

  w.statements.push(
    db.prepare("INSERT INTO imports (source, format, started_at, rows) VALUES (?, ?, ?, ?) RETURNING id").bind(ctx.source, ctx.format, nowIso, rows),
  );

  // Shops (needed by everything else); an identical row keeps its updated_at.
  w.upsert(SHOP_TABLE, (doc.shops ?? []).map(shopRow), true);

  // Categories, parents first.
  const categories = orderCategories(doc.categories ?? []);
  const categoryWrites = await diffEntities(
    db,
    CATEGORY_TABLES,
    categories.map((c) => ({ key: c.id, tables: categoryRows(c) })),
  );
  w.entities(CATEGORY_TABLES, categoryWrites);

  const manufacturerWrites = await diffEntities(
    db,
    MANUFACTURER_TABLES,
    (doc.manufacturers ?? []).map((m) => ({ key: m.id, tables: manufacturerRows(m) })),
  );
  w.entities(MANUFACTURER_TABLES, manufacturerWrites);

  // Products: configurable and simple products before the variants that point at them.
  const products = [...(doc.products ?? [])].sort((a, b) => Number(a.type === "variant") - Number(b.type === "variant"));
  const existingProducts = await loadExisting(db, PRODUCT_TABLES, products.map((p) => p.sku));
  const productWrites = diffPlanned(
    PRODUCT_TABLES,
    products.map((p) => {
      const tables = productRows(p);
      if (ctx.preserveProductExtras) keepProductExtras(tables, existingProducts, p.sku);
      return { key: p.sku, tables };
    }),
    existingProducts,
  );
  w.entities(PRODUCT_TABLES, productWrites);
  for (const write of productWrites) changedSkus.add(write.key);

  // Prices and their history. A price whose validFrom lies before the latest known
  // price of that product and shop is history only: it never replaces the current price.
  const shopInfo = await shopTaxRates(db, doc.shops ?? []);
  const prices = doc.prices ?? [];
  const skus = prices.map((p) => p.sku);
  const existingPrices = new Map<string, { currency: string; package_price: number; unit_price: number; tax_rate: number }>();
  for (const row of await selectIn<{ sku: string; shop_id: string; currency: string; package_price: number; unit_price: number; tax_rate: number }>(
    db,
    (p) => `SELECT sku, shop_id, currency, package_price, unit_price, tax_rate FROM prices WHERE sku IN (${p})`,
    skus,
  )) {
    existingPrices.set(`${row.sku}\u0000${row.shop_id}`, row);
  }
  const history = new Map<string, Map<string, number>>();
  for (const row of await selectIn<{ sku: string; shop_id: string; package_price: number; valid_from: string }>(
    db,
    (p) => `SELECT sku, shop_id, package_price, valid_from FROM price_history WHERE sku IN (${p})`,
    skus,
  )) {
    const key = `${row.sku}\u0000${row.shop_id}`;
    if (!history.has(key)) history.set(key, new Map());
    history.get(key)!.set(row.valid_from, row.package_price);
  }
  const priceRows: Row[] = [];
  const historyRows: Row[] = [];
  for (const price of prices) {
    const key = `${price.sku}\u0000${price.shop}`;
    const taxRate = price.taxRate ?? shopInfo.get(price.shop) ?? 0;
    const packagePrice = cents(price.packagePrice);
    const unitPrice = cents(price.unitPrice);
    const validFrom = price.validFrom ? new Date(price.validFrom).toISOString() : nowIso;
    const known = history.get(key);
    const latest = known ? [...known.keys()].sort().pop() : undefined;
    if (price.validFrom && latest !== undefined && validFrom < latest) {
      if (known!.get(validFrom) !== packagePrice) {
        historyRows.push([price.sku, price.shop, packagePrice, validFrom]);
        changedSkus.add(price.sku);
      }
      continue;
    }
    const before = existingPrices.get(key);
    if (before && before.currency === price.currency && before.package_price === packagePrice && before.unit_price === unitPrice && before.tax_rate === taxRate) {
      continue;
    }
    priceRows.push([price.sku, price.shop, price.currency, packagePrice, unitPrice, taxRate, nowIso]);
    if (!before || before.package_price !== packagePrice) historyRows.push([price.sku, price.shop, packagePrice, validFrom]);
    changedSkus.add(price.sku);
  }
  w.upsert(PRICE_TABLE, priceRows, false);
  w.insert(HISTORY_TABLE, historyRows, "INSERT OR REPLACE");

  // Reviews.
  const reviews = doc.reviews ?? [];
  const reviewWrites = diffPlanned(
    [REVIEW_TABLE],
    reviews.map((r) => ({
      key: r.id,
      sku: r.sku,
      tables: { reviews: [[r.id, r.sku, r.language, r.mark, r.comment, r.reviewer, opt(r.answer), new Date(r.createdAt).toISOString()]] },
    })),
    await loadExisting(db, [REVIEW_TABLE], reviews.map((r) => r.id)),
  );
  w.upsert(REVIEW_TABLE, reviewWrites.map((write) => write.tables.reviews![0]!), false);
  for (const write of reviewWrites) {
    changedSkus.add(write.sku!);
    // A review moved to another product changes the product it left as well.
    if (write.previousOwner) changedSkus.add(write.previousOwner);
  }

  // Pages, blocks, links: identical rows stay untouched.
  w.upsert(
    CMS_PAGE_TABLE,
    (doc.cmsPages ?? []).map((page) => [
      page.shop, page.language, page.identifier, page.pageType ?? "CMS", page.title, page.contentHeading ?? "", page.content ?? "",
      opt(page.metaTitle), opt(page.metaDescription), page.robots ?? "index,follow", bool(page.excludeFromSitemap, false),
    ]),
    true,
  );
  w.upsert(CMS_BLOCK_TABLE, (doc.cmsBlocks ?? []).map((block) => [block.shop, block.language, block.identifier, block.content]), true);
  w.upsert(SEO_LINK_TABLE, (doc.seoLinks ?? []).map((link) => [link.shop, link.language, link.position, link.label, link.url]), true);

  const changed = [...changedSkus].sort();
  for (const chunk of jsonChunks(changed)) {
    w.statements.push(
      db
        .prepare("INSERT INTO product_changes (import_id, sku, changed_at) SELECT (SELECT MAX(id) FROM imports), value, ? FROM json_each(?)")
        .bind(nowIso, chunk),
    );
  }

  const results = await db.batch<{ id: number }>(w.statements);
  const importId = results[0]?.results[0]?.id;
  if (typeof importId !== "number") throw new Error("the import row was not written");
  return { ok: true, importId, changedSkus: changed, counts };
}

/** Rows travel as one JSON parameter per statement, split to stay well below D1's size limits. */
const MAX_JSON_PARAM = 512 * 1024;

function jsonChunks(rows: unknown[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const row of rows) {
    const text = JSON.stringify(row);
    if (current.length > 0 && size + text.length + 1 > MAX_JSON_PARAM) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}

/**
 * Collects the statements of one import. Set-based: each statement writes many rows
 * from a JSON array (`json_each`), so the batch stays small and every statement has
 * at most two bound parameters (D1 allows 100).
 */
class BatchWriter {
  readonly statements: D1PreparedStatement[] = [];

  constructor(
    private readonly db: D1Database,
    private readonly nowIso: string,
  ) {}

  private select(columns: string[]): string {
    return columns.map((c, i) => `json_extract(value, '$[${i}]')`).join(", ");
  }

  insert(spec: TableSpec, rows: Row[], verb = "INSERT"): void {
    const sql = `${verb} INTO ${spec.table} (${spec.columns.join(", ")}) SELECT ${this.select(spec.columns)} FROM json_each(?)`;
    for (const chunk of jsonChunks(rows)) this.statements.push(this.db.prepare(sql).bind(chunk));
  }

  /** Upsert on the spec's conflict target; `onlyIfDifferent` leaves identical rows (and their updated_at) alone. */
  upsert(spec: TableSpec, rows: Row[], onlyIfDifferent: boolean): void {
    if (rows.length === 0) return;
    const withTime = HAS_UPDATED_AT.has(spec.table);
    const columns = withTime ? [...spec.columns, "updated_at"] : spec.columns;
    const conflict = spec.conflict!;
    const updated = spec.columns.filter((c) => !conflict.includes(c));
    const set = (withTime ? [...updated, "updated_at"] : updated).map((c) => `${c} = excluded.${c}`).join(", ");
    const where = onlyIfDifferent ? ` WHERE ${updated.map((c) => `${spec.table}.${c} IS NOT excluded.${c}`).join(" OR ")}` : "";
    const action = updated.length === 0 ? "DO NOTHING" : `DO UPDATE SET ${set}${where}`;
    // "WHERE true" resolves the parsing ambiguity of INSERT ... SELECT ... ON CONFLICT.
    const sql = `INSERT INTO ${spec.table} (${columns.join(", ")}) SELECT ${this.select(columns)} FROM json_each(?) WHERE true ON CONFLICT(${conflict.join(", ")}) ${action}`;
    const full = withTime ? rows.map((row) => [...row, this.nowIso]) : rows;
    for (const chunk of jsonChunks(full)) this.statements.push(this.db.prepare(sql).bind(chunk));
  }

  /** Main rows upserted in order, then child rows replaced: all deletes before all inserts (slugs may move between entities). */
  entities(specs: TableSpec[], writes: Write[]): void {
    if (writes.length === 0) return;
    const [main, ...children] = specs;
    this.upsert(main!, writes.map((write) => write.tables[main!.table]![0]!), false);
    const existing = writes.filter((write) => !write.isNew).map((write) => write.key);
    for (const spec of children) {
      for (const chunk of jsonChunks(existing)) {
        this.statements.push(this.db.prepare(`DELETE FROM ${spec.table} WHERE ${spec.owner} IN (SELECT value FROM json_each(?))`).bind(chunk));
      }
    }
    for (const spec of children) this.insert(spec, writes.flatMap((write) => write.tables[spec.table] ?? []));
  }
}

// ---------------------------------------------------------------- rows per record

function shopRow(shop: ShopRecord): Row {
  return [
    shop.id, shop.name, shop.currency, shop.defaultLanguage, JSON.stringify(shop.languages), JSON.stringify(shop.domainPrefixes),
    JSON.stringify(shop.deliveryCountries), shop.taxRate, shop.baseUrl,
  ];
}

function categoryRows(c: CategoryRecord): Record<string, Row[]> {
  return {
    categories: [[c.id, c.parentId, c.position, opt(c.image), opt(c.topPosition), JSON.stringify(c.sorting ?? [])]],
    category_translations: Object.entries(c.translations).map(([lang, t]) => [
      c.id, lang, t!.name, t!.slug, t!.description ?? "", t!.teaser ?? "", t!.topDescription ?? "", opt(t!.metaTitle), opt(t!.metaDescription),
    ]),
  };
}

function manufacturerRows(m: ManufacturerRecord): Record<string, Row[]> {
  return {
    manufacturers: [[m.id, m.name, m.slug, opt(m.logo), opt(m.url), opt(m.topPosition)]],
    manufacturer_translations: Object.entries(m.translations ?? {}).map(([lang, t]) => [m.id, lang, t!.description ?? "", t!.shortDescription ?? ""]),
  };
}

function productRows(p: ProductRecord): Record<string, Row[]> {
  const categories = [p.category, ...(p.categories ?? []).filter((c) => c !== p.category)];
  return {
    products: [
      [
        p.sku, opt(p.parentSku), p.type, opt(p.manufacturer), p.category, opt(p.ean), p.unit, p.packageContent, p.blendPercent ?? 0,
        p.shippingGroup, bool(p.isDecking, false), bool(p.isExpress, false), bool(p.isClearance, false), bool(p.isPlus, false),
        bool(p.isActive, true), bool(p.reachedEol, false), p.deliveryDays.min, p.deliveryDays.max, p.stock.quantity,
        p.stock.minimumOrderQuantity ?? 1, p.stock.notificationQuantity ?? 0, bool(p.samples?.active, false), bool(p.samples?.express, false),
        bool(p.samples?.longDeliveryTime, false), bool(p.samples?.free, true), p.samples?.max ?? 1, JSON.stringify(p.configurableAttributes ?? []),
      ],
    ],
    product_content: Object.entries(p.content).map(([lang, c]) => [
      p.sku, lang, c!.slug, c!.title, c!.subtitle ?? "", c!.shortDescription ?? "", c!.description ?? "", c!.lowStockMessage ?? "",
      c!.measurement ?? "", JSON.stringify(c!.features ?? []), JSON.stringify(c!.attributes ?? []), opt(c!.metaTitle), opt(c!.metaDescription),
    ]),
    product_categories: [...new Set(categories)].map((c, position) => [p.sku, c, position]),
    product_shops: p.shops.map((s) => [p.sku, s]),
    media: (p.media ?? []).map((m, position) => [p.sku, position, m.kind, m.url, m.alt ?? ""]),
    downloads: Object.entries(p.downloads ?? {}).flatMap(([lang, list]) => list!.map((d, position) => [p.sku, lang, position, d.title, d.url])),
    tutorials: Object.entries(p.tutorials ?? {}).flatMap(([lang, list]) =>
      list!.map((t, position) => [p.sku, lang, position, t.title, t.content ?? "", t.type, opt(t.url)]),
    ),
  };
}

/** For CSV product rows: media, downloads, tutorials, configurable attributes and content extras stay as they are. */
function keepProductExtras(tables: Record<string, Row[]>, existing: Map<string, Map<string, Row[]>>, sku: string): void {
  const before = existing.get(sku);
  if (!before) return;
  for (const table of ["media", "downloads", "tutorials"]) tables[table] = before.get(table) ?? [];
  const productCols = PRODUCT_TABLES[0]!.columns;
  const configurable = productCols.indexOf("configurable_attributes");
  const oldProduct = before.get("products")?.[0];
  if (oldProduct && tables.products?.[0]) tables.products[0][configurable] = oldProduct[configurable]!;
  const contentCols = PRODUCT_TABLES[1]!.columns;
  const kept = ["low_stock_message", "measurement", "attributes", "meta_title", "meta_description"].map((c) => contentCols.indexOf(c));
  const language = contentCols.indexOf("language");
  for (const row of tables.product_content ?? []) {
    const old = before.get("product_content")?.find((r) => r[language] === row[language]);
    if (old) for (const index of kept) row[index] = old[index]!;
  }
}

// ---------------------------------------------------------------- diffing

interface Planned {
  key: string;
  sku?: string;
  tables: Record<string, Row[]>;
}
interface Write extends Planned {
  isNew: boolean;
  previousOwner?: string;
}

async function loadExisting(db: D1Database, specs: TableSpec[], keys: string[]): Promise<Map<string, Map<string, Row[]>>> {
  const existing = new Map<string, Map<string, Row[]>>();
  if (keys.length === 0) return existing;
  for (const spec of specs) {
    const rows = await selectIn<Record<string, Value>>(
      db,
      (p) => `SELECT ${spec.columns.join(", ")} FROM ${spec.table} WHERE ${spec.owner} IN (${p})`,
      keys,
    );
    for (const row of rows) {
      const owner = String(row[spec.owner]);
      let tables = existing.get(owner);
      if (!tables) existing.set(owner, (tables = new Map()));
      let list = tables.get(spec.table);
      if (!list) tables.set(spec.table, (list = []));
      list.push(spec.columns.map((c) => row[c] ?? null));
    }
  }
  return existing;
}

function canonical(specs: TableSpec[], tables: Map<string, Row[]> | Record<string, Row[]> | undefined): string {
  const get = (table: string): Row[] => (tables instanceof Map ? tables.get(table) : tables?.[table]) ?? [];
  return JSON.stringify(specs.map((spec) => get(spec.table).map((row) => JSON.stringify(row)).sort()));
}

function diffPlanned(specs: TableSpec[], planned: Planned[], existing: Map<string, Map<string, Row[]>>): Write[] {
  const writes: Write[] = [];
  for (const entity of planned) {
    const before = existing.get(entity.key);
    if (before && canonical(specs, before) === canonical(specs, entity.tables)) continue;
    const write: Write = { ...entity, isNew: !before };
    if (specs[0] === REVIEW_TABLE && before) {
      const oldSku = before.get("reviews")?.[0]?.[1];
      if (typeof oldSku === "string" && oldSku !== entity.sku) write.previousOwner = oldSku;
    }
    writes.push(write);
  }
  return writes;
}

async function diffEntities(db: D1Database, specs: TableSpec[], planned: Planned[]): Promise<Write[]> {
  return diffPlanned(specs, planned, await loadExisting(db, specs, planned.map((p) => p.key)));
}

function orderCategories(categories: CategoryRecord[]): CategoryRecord[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const out: CategoryRecord[] = [];
  const done = new Set<string>();
  const visit = (c: CategoryRecord) => {
    if (done.has(c.id)) return;
    done.add(c.id);
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    if (parent) visit(parent);
    out.push(c);
  };
  categories.forEach(visit);
  return out;
}

async function shopTaxRates(db: D1Database, shops: ShopRecord[]): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  const rows = await db.prepare("SELECT id, tax_rate FROM shops").all<{ id: string; tax_rate: number }>();
  for (const row of rows.results) rates.set(row.id, row.tax_rate);
  for (const shop of shops) rates.set(shop.id, shop.taxRate);
  return rates;
}
