/**
 * The plan step of the import: compares a validated document with what D1 holds and
 * decides which rows to write, which child rows to replace and which products really
 * changed (an identical re-import plans no writes and no changes). Reads only.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { Shop } from "../core/shop";
import { CATEGORY_FAMILY, MANUFACTURER_FAMILY, PRODUCT_FAMILY, REVIEWS, sameRow, type AnyRow, type Family, type Table } from "./catalogue-tables";
import type { CatalogueDocument, CategoryRecord, ReviewRecord } from "./import-format";
import { readByKeys } from "./json-chunks";
import { planPrices, type PriceHistoryWrite, type PricePlan } from "./plan-prices";
import {
  campaignRow,
  categoryRows,
  cmsBlockRow,
  cmsPageRow,
  manufacturerRows,
  productRows,
  reviewRow,
  seoLinkRow,
  terraceFamilyRow,
  terraceSystemRow,
  type CampaignWrite,
  type CmsBlockWrite,
  type CmsPageWrite,
  type PriceWrite,
  type ProductRows,
  type ReviewWrite,
  type SeoLinkWrite,
  type TerraceFamilyWrite,
  type TerraceSystemWrite,
} from "./record-rows";
import { selectOwnedSql } from "./table-sql";

/** Rows of a record, by table name. */
export type TableRows = Readonly<Record<string, readonly AnyRow[]>>;

/** A record that changed or is new: its main row is upserted, its child rows replaced. */
export interface RecordWrite {
  key: string;
  isNew: boolean;
  rows: TableRows;
}

export interface ImportPlan {
  /** In write order: parents before children. */
  categories: RecordWrite[];
  manufacturers: RecordWrite[];
  /** In write order: configurable and simple products before variants. */
  products: RecordWrite[];
  prices: PriceWrite[];
  priceHistory: PriceHistoryWrite[];
  reviews: ReviewWrite[];
  /** Pages, blocks and links are upserted as given; the write leaves identical rows untouched. */
  cmsPages: CmsPageWrite[];
  cmsBlocks: CmsBlockWrite[];
  seoLinks: SeoLinkWrite[];
  /** The terrace planner's family rules and substructures: upserted as given (identical rows untouched); no page shows them, so no rebuild. */
  terraceFamilies: TerraceFamilyWrite[];
  terraceSystems: TerraceSystemWrite[];
  /** Sales campaigns: upserted as given (identical rows untouched); their shops are rebuilt (docs/decisions/0048). */
  campaigns: CampaignWrite[];
  /** Products whose own rows, prices or reviews change, sorted. */
  changedSkus: string[];
  /**
   * Per changed product, the shops whose pages its change touches (the rebuild request's shops,
   * write-import.ts): "selling", every shop that sells it before or after the import, when its
   * own rows (content, attributes, stock, categories, shops) or its reviews change; only the
   * shops of its changed price rows when nothing but its prices changes (plan-prices.ts).
   */
  shopsOfChange: ReadonlyMap<string, ChangeShops>;
}

/** The shops a product's change concerns: every shop selling it, or the listed ones. */
export type ChangeShops = "selling" | readonly string[];

export interface PlanOptions {
  now: Date;
  shops: readonly Shop[];
  /** CSV product rows cannot carry media, downloads, tutorials, attributes and some texts: keep what D1 holds. */
  keepProductExtras: boolean;
}

export async function planImport(db: D1Database, doc: CatalogueDocument, options: PlanOptions): Promise<ImportPlan> {
  const variantsLast = [...(doc.products ?? [])].sort((a, b) => Number(a.type === "variant") - Number(b.type === "variant"));
  const products = await planRecords(
    db,
    PRODUCT_FAMILY,
    variantsLast,
    (p) => p.sku,
    (p, stored) => (options.keepProductExtras && stored ? withProductExtras(productRows(p), stored) : productRows(p)),
  );
  const prices = await planPrices(db, doc.prices ?? [], options);
  const reviews = await planReviews(db, doc.reviews ?? []);
  return {
    categories: await planRecords(db, CATEGORY_FAMILY, orderCategories(doc.categories ?? []), (c) => c.id, categoryRows),
    manufacturers: await planRecords(db, MANUFACTURER_FAMILY, doc.manufacturers ?? [], (m) => m.id, manufacturerRows),
    products,
    prices: prices.prices,
    priceHistory: prices.history,
    reviews: reviews.rows,
    cmsPages: (doc.cmsPages ?? []).map(cmsPageRow),
    cmsBlocks: (doc.cmsBlocks ?? []).map(cmsBlockRow),
    seoLinks: (doc.seoLinks ?? []).map(seoLinkRow),
    terraceFamilies: (doc.terraceFamilies ?? []).map(terraceFamilyRow),
    terraceSystems: (doc.terraceSystems ?? []).map(terraceSystemRow),
    campaigns: (doc.campaigns ?? []).map(campaignRow),
    changedSkus: [...new Set([...products.map((write) => write.key), ...prices.changed.map((change) => change.sku), ...reviews.changedSkus])].sort(),
    shopsOfChange: shopsOfChange([...products.map((write) => write.key), ...reviews.changedSkus], prices.changed),
  };
}

/** The one place that decides which shops a product's change concerns (see ImportPlan.shopsOfChange). */
function shopsOfChange(changedOwnRows: readonly string[], priceChanges: PricePlan["changed"]): Map<string, ChangeShops> {
  const shops = new Map<string, ChangeShops>();
  for (const { sku, shop } of priceChanges) {
    const known = shops.get(sku);
    shops.set(sku, [...new Set([...(known === "selling" ? [] : (known ?? [])), shop])].sort());
  }
  for (const sku of changedOwnRows) shops.set(sku, "selling");
  return shops;
}

/** What D1 holds of a record: table name → rows. */
type StoredRecord = Map<string, AnyRow[]>;

/**
 * The records of a family that are new or differ from what D1 holds, in the given
 * order. `rowsOf` builds a record's rows (it sees the stored ones).
 */
async function planRecords<R>(
  db: D1Database,
  family: Family,
  records: readonly R[],
  keyOf: (record: R) => string,
  rowsOf: (record: R, stored: StoredRecord | undefined) => TableRows,
): Promise<RecordWrite[]> {
  const stored = await readRecords(db, family, records.map(keyOf));
  return records.flatMap((record) => {
    const key = keyOf(record);
    const before = stored.get(key);
    const rows = rowsOf(record, before);
    if (before && canonical(family, (table) => before.get(table.name)) === canonical(family, (table) => rows[table.name])) return [];
    return [{ key, isNew: !before, rows }];
  });
}

/** Owner key → what D1 holds of the record. */
async function readRecords(db: D1Database, family: Family, keys: readonly string[]): Promise<Map<string, StoredRecord>> {
  const stored = new Map<string, StoredRecord>();
  for (const table of [family.main, ...family.children]) {
    for (const row of await readByKeys<AnyRow>(db, keys, (chunk) => selectOwnedSql(table, chunk))) {
      const owner = String(row[table.owner]);
      let record = stored.get(owner);
      if (!record) stored.set(owner, (record = new Map()));
      record.set(table.name, [...(record.get(table.name) ?? []), row]);
    }
  }
  return stored;
}

/** The rows of every table of the family as one comparable text (row order does not matter). */
function canonical(family: Family, rowsOf: (table: Table) => readonly AnyRow[] | undefined): string {
  return JSON.stringify(
    [family.main, ...family.children].map((table) =>
      (rowsOf(table) ?? []).map((row) => JSON.stringify(table.columns.map((column) => row[column] ?? null))).sort(),
    ),
  );
}

/** Reviews that are new or changed; a review moved to another product changes the product it left as well. */
async function planReviews(db: D1Database, reviews: readonly ReviewRecord[]): Promise<{ rows: ReviewWrite[]; changedSkus: string[] }> {
  const stored = new Map(
    (
      await readByKeys<ReviewWrite>(
        db,
        reviews.map((r) => r.id),
        (chunk) => selectOwnedSql(REVIEWS, chunk),
      )
    ).map((row) => [row.id, row]),
  );
  const rows = reviews.map(reviewRow).filter((row) => {
    const before = stored.get(row.id);
    return !before || !sameRow(REVIEWS, before, row);
  });
  const changedSkus = rows.flatMap((row) => [row.sku, stored.get(row.id)?.sku ?? null]).filter((sku): sku is string => typeof sku === "string");
  return { rows, changedSkus };
}

const KEPT_CONTENT_COLUMNS = [
  "low_stock_message",
  "measurement",
  "attributes",
  "meta_title",
  "meta_description",
  "marketing_label",
  "plus_content",
  "top_description",
] as const;

/** A CSV product row: media, downloads, tutorials, terrace data, configurable attributes, product sets and content extras stay as D1 holds them. */
function withProductExtras(rows: ProductRows, before: StoredRecord): TableRows {
  const storedProduct = before.get("products")?.[0];
  const storedContent = before.get("product_content") ?? [];
  return {
    ...rows,
    products: rows.products.map((row) => ({ ...row, configurable_attributes: storedProduct?.configurable_attributes ?? row.configurable_attributes })),
    product_content: rows.product_content.map((row) => {
      const stored = storedContent.find((old) => old.language === row.language);
      if (!stored) return row;
      return { ...row, ...Object.fromEntries(KEPT_CONTENT_COLUMNS.map((column) => [column, stored[column] ?? null])) };
    }),
    media: before.get("media") ?? [],
    downloads: before.get("downloads") ?? [],
    tutorials: before.get("tutorials") ?? [],
    terrace_products: before.get("terrace_products") ?? [],
    roof_window_components: before.get("roof_window_components") ?? [],
    product_sets: before.get("product_sets") ?? [],
  };
}

/** Parents before their children, so every parent_id points at a written row. */
function orderCategories(categories: readonly CategoryRecord[]): CategoryRecord[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const ordered: CategoryRecord[] = [];
  const done = new Set<string>();
  const visit = (c: CategoryRecord) => {
    if (done.has(c.id)) return;
    done.add(c.id);
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    if (parent) visit(parent);
    ordered.push(c);
  };
  categories.forEach(visit);
  return ordered;
}
