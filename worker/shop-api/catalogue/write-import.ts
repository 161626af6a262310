/**
 * The write step of the import: the plan as one `db.batch` (one transaction: all of it
 * or nothing), with the import row and the products that changed, read by the rebuild
 * pipeline (GraphQL changedSince).
 */
import type { D1Database } from "@cloudflare/workers-types";
import { sql, type SqlFragment } from "../../lib/sql";
import {
  CATEGORY_FAMILY,
  CMS_BLOCKS,
  CMS_PAGES,
  MANUFACTURER_FAMILY,
  PRICE_HISTORY,
  PRICES,
  PRODUCT_FAMILY,
  REVIEWS,
  SEO_LINKS,
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
}

/** Writes the plan; answers the id of the import row. */
export async function writeImport(db: D1Database, plan: ImportPlan, options: WriteOptions): Promise<number> {
  const nowIso = options.now.toISOString();
  const statements: SqlFragment[] = [
    sql`INSERT INTO imports (source, format, started_at, rows) VALUES (${options.source}, ${options.format}, ${nowIso}, ${options.rows}) RETURNING id`,
    ...recordsSql(CATEGORY_FAMILY, plan.categories, nowIso),
    ...recordsSql(MANUFACTURER_FAMILY, plan.manufacturers, nowIso),
    ...recordsSql(PRODUCT_FAMILY, plan.products, nowIso),
    ...upsertSql(PRICES, plan.prices, nowIso, false),
    ...upsertSql(PRICE_HISTORY, plan.priceHistory, nowIso, false),
    ...upsertSql(REVIEWS, plan.reviews, nowIso, false),
    ...upsertSql(CMS_PAGES, plan.cmsPages, nowIso, true),
    ...upsertSql(CMS_BLOCKS, plan.cmsBlocks, nowIso, true),
    ...upsertSql(SEO_LINKS, plan.seoLinks, nowIso, true),
    ...jsonChunks(plan.changedSkus).map(
      (skus) => sql`INSERT INTO product_changes (import_id, sku, changed_at) SELECT (SELECT MAX(id) FROM imports), value, ${nowIso} FROM json_each(${skus})`,
    ),
  ];
  const results = await db.batch<{ id: number }>(statements.map((statement) => statement.prepare(db)));
  const importId = results[0]?.results[0]?.id;
  if (typeof importId !== "number") throw new Error("the import row was not written");
  return importId;
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
