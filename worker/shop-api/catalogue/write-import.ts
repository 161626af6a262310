/**
 * The write step of the import: the plan as one `db.batch` (one transaction: all of it
 * or nothing), with the import row, the products that changed (read by the builds, GraphQL
 * changedSince) and the rebuild request of the change (docs/decisions/0032): an import that
 * fails writes no request, one that is written always has its request.
 *
 * The request's shops, per changed product as the plan says (ImportPlan.shopsOfChange): for a
 * change of its own rows or reviews the shops that sell it (product_shops), both as they were
 * before the import and after it (a product taken out of a shop changes that shop's pages
 * too); for a product whose only change is prices, the shops of those price rows (prices are
 * per shop). Besides: every configured shop when categories or manufacturers changed
 * (navigation, listings and brand pages of every shop show them); the shops of the CMS pages,
 * CMS blocks, top SEO links and campaigns in the file (the plan writes those as given, so they count as
 * changed). A change that concerns no shop writes no request; nor does an import that changes
 * nothing.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { sql, SqlFragment } from "@worker/lib/sql";
import { deleteLastRequestWithoutShops, insertLastRequestShops, insertLastRequestShopsOfSkus, insertRequest, selectRequestOfImport } from "../tables/rebuilds";
import {
  CAMPAIGNS,
  CATEGORY_FAMILY,
  CMS_BLOCKS,
  CMS_PAGES,
  MANUFACTURER_FAMILY,
  PRICE_HISTORY,
  PRICES,
  PRODUCT_FAMILY,
  REVIEWS,
  SEO_LINKS,
  TERRACE_FAMILIES,
  TERRACE_SYSTEMS,
  type Family,
} from "./catalogue-tables";
import type { ImportFormat } from "./import-format";
import { jsonChunks } from "./json-chunks";
import type { ImportPlan, RecordWrite } from "./plan-import";
import { deleteOwnedSql, insertSql, upsertSql } from "./table-sql";

export interface WriteOptions {
  format: ImportFormat;
  /** File name, 'http' or another label stored with the import. */
  source: string;
  now: Date;
  /** Records in the file, stored with the import. */
  rows: number;
  /** Who imported: cli, http or a staff member's e-mail. */
  actor: string;
  /** Every configured shop id (a category or manufacturer change concerns them all). */
  shops: readonly string[];
}

export interface WrittenImport {
  importId: number;
  /** The rebuild request written with the import (its change id); null when the import concerns no shop. */
  changeId: number | null;
}

const THIS_IMPORT = SqlFragment.raw("(SELECT MAX(id) FROM imports)");

/** Writes the plan and its rebuild request; answers the ids of the import row and of the request. */
export async function writeImport(db: D1Database, plan: ImportPlan, options: WriteOptions): Promise<WrittenImport> {
  const nowIso = options.now.toISOString();
  const request = rebuildRequestOf(plan, options);
  // Products whose change concerns every shop selling them (the others name their shops in request.shops).
  const skuChunks = jsonChunks(plan.changedSkus.filter((sku) => (plan.shopsOfChange.get(sku) ?? "selling") === "selling"));
  const statements: SqlFragment[] = [
    sql`INSERT INTO imports (source, format, started_at, rows, actor, changed_products)
        VALUES (${options.source}, ${options.format}, ${nowIso}, ${options.rows}, ${options.actor}, ${plan.changedSkus.length}) RETURNING id`,
    // The request, and the shops that sold the changed products before the import.
    ...(request ? [insertRequest({ trigger: "import", importId: THIS_IMPORT, actor: options.actor, detail: request.detail, createdAt: options.now })] : []),
    ...(request ? skuChunks.map(insertLastRequestShopsOfSkus) : []),
    ...recordsSql(CATEGORY_FAMILY, plan.categories, nowIso),
    ...recordsSql(MANUFACTURER_FAMILY, plan.manufacturers, nowIso),
    ...recordsSql(PRODUCT_FAMILY, plan.products, nowIso),
    ...upsertSql(PRICES, plan.prices, nowIso, false),
    ...upsertSql(PRICE_HISTORY, plan.priceHistory, nowIso, false),
    ...upsertSql(REVIEWS, plan.reviews, nowIso, false),
    ...upsertSql(CMS_PAGES, plan.cmsPages, nowIso, true),
    ...upsertSql(CMS_BLOCKS, plan.cmsBlocks, nowIso, true),
    ...upsertSql(SEO_LINKS, plan.seoLinks, nowIso, true),
    ...upsertSql(TERRACE_FAMILIES, plan.terraceFamilies, nowIso, true),
    ...upsertSql(TERRACE_SYSTEMS, plan.terraceSystems, nowIso, true),
    ...upsertSql(CAMPAIGNS, plan.campaigns, nowIso, true),
    ...jsonChunks(plan.changedSkus).map(
      (skus) => sql`INSERT INTO product_changes (import_id, sku, changed_at) SELECT ${THIS_IMPORT}, value, ${nowIso} FROM json_each(${skus})`,
    ),
    // The shops that sell the changed products now, and those named by the other changes.
    ...(request ? skuChunks.map(insertLastRequestShopsOfSkus) : []),
    ...(request && request.shops.length > 0 ? [insertLastRequestShops(request.shops)] : []),
    ...(request ? [deleteLastRequestWithoutShops()] : []),
    selectRequestOfImport(THIS_IMPORT),
  ];
  const results = await db.batch<{ id: number }>(statements.map((statement) => statement.prepare(db)));
  const importId = results[0]?.results[0]?.id;
  if (typeof importId !== "number") throw new Error("the import row was not written");
  const changeId = results[results.length - 1]?.results[0]?.id;
  return { importId, changeId: typeof changeId === "number" ? changeId : null };
}

/**
 * The rebuild request of a plan: what changed in words, and the shops it names itself (those of
 * price-only product changes, categories, manufacturers, CMS rows; the shops selling the other
 * changed products are read from product_shops in the batch); null when nothing changed.
 */
function rebuildRequestOf(plan: ImportPlan, options: WriteOptions): { detail: string; shops: string[] } | null {
  const parts: string[] = [];
  const shops = new Set<string>();
  if (plan.changedSkus.length > 0) parts.push(`${plan.changedSkus.length} product${plan.changedSkus.length === 1 ? "" : "s"}`);
  for (const sku of plan.changedSkus) {
    const concerned = plan.shopsOfChange.get(sku) ?? "selling";
    if (concerned !== "selling") for (const shop of concerned) shops.add(shop);
  }
  const everyShop = [
    [plan.categories.length, "categories"],
    [plan.manufacturers.length, "manufacturers"],
  ] as const;
  for (const [count, label] of everyShop) {
    if (count === 0) continue;
    parts.push(`${count} ${label}`);
    for (const shop of options.shops) shops.add(shop);
  }
  const perShop = [
    [plan.cmsPages, "CMS pages"],
    [plan.cmsBlocks, "CMS blocks"],
    [plan.seoLinks, "SEO links"],
    [plan.campaigns, "campaigns"],
  ] as const;
  for (const [rows, label] of perShop) {
    if (rows.length === 0) continue;
    parts.push(`${rows.length} ${label}`);
    for (const row of rows) shops.add(row.shop_id);
  }
  if (parts.length === 0) return null;
  return { detail: `${options.format} import (${options.source}): ${parts.join(", ")}`, shops: [...shops].sort() };
}

/**
 * Changed records of a family: main rows upserted in plan order, then the child rows of
 * the records D1 already held deleted and every child row inserted (all deletes before
 * all inserts, so a slug may move from one record to another).
 */
function recordsSql(family: Family, writes: readonly RecordWrite[], nowIso: string): SqlFragment[] {
  const stored = writes.filter((write) => !write.isNew).map((write) => write.key);
  return [
    ...upsertSql(
      family.main,
      writes.flatMap((write) => write.rows[family.main.name] ?? []),
      nowIso,
      false,
    ),
    ...family.children.flatMap((table) => deleteOwnedSql(table, stored)),
    ...family.children.flatMap((table) =>
      insertSql(
        table,
        writes.flatMap((write) => write.rows[table.name] ?? []),
        nowIso,
      ),
    ),
  ];
}
