/**
 * Sample orders for the back office ("Orders and service"): the list with
 * filters and keyset paging, the detail, the CSV export and the staff's fulfilment step.
 *
 * The shopper's life cycle stays as samples.ts runs it (open -> finished -> processed,
 * open -> expired). Staff add one step to an ordered quote (finished or processed): shipped
 * or cancelled, once, with who and when (migrations/0017_back_office.sql). A cancelled
 * order is not processed by the scheduled job any more.
 *
 * The limit keys of 0014 (e-mail, address and client keys) and the visitor id are internal
 * and never leave this module. The answers' types: domain/back-office/sample-orders.ts.
 */
import type { D1Database } from "@cloudflare/workers-types";
import {
  FULFILMENT_STATES,
  STATE_FILTERS,
  type FulfilmentState,
  type SampleAddress,
  type SampleOrderDetail,
  type SampleOrderFulfilment,
  type SampleOrderPage,
  type SampleOrderSummary,
  type SampleQuoteState,
  type StateFilter,
} from "@domain/back-office/sample-orders";
import { parseJsonOr } from "@worker/lib/json";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import { PLACED_AT, SAMPLE_ORDER_COLUMNS, sampleOrderItems, setFulfilment, type SampleOrderItemRow, type SampleOrderRow } from "../tables/sample-orders";
import { addDays, berlinInstant } from "../core/berlin-time";
import { mergedPage, newestFirst, type ListPage } from "../core/staff-databases";

export { FULFILMENT_STATES, STATE_FILTERS, type StateFilter };

export interface SampleOrderFilters {
  shop?: string;
  state: StateFilter;
  /** First and last calendar day (YYYY-MM-DD, Europe/Berlin) the order was placed on, both included. */
  from?: string;
  to?: string;
  /** A reference code (or its beginning) or part of an e-mail address. */
  search?: string;
}

/**
 * Where a page ends: the next page starts after this order. Its reference code breaks a tie of time and id, which
 * orders of two shop databases can share (core/staff-databases.ts); a cursor without one is that of one database.
 */
export interface SampleOrderCursor {
  placedAt: string;
  id: number;
  referenceCode?: string;
}

/** The cursor as the API hands it out: `<placedAt>_<id>_<referenceCode>`. */
export function encodeCursor(cursor: SampleOrderCursor): string {
  return `${cursor.placedAt}_${cursor.id}${cursor.referenceCode ? `_${cursor.referenceCode}` : ""}`;
}

/** The cursor of a request, or null when it is not one this module handed out. */
export function decodeCursor(text: string): SampleOrderCursor | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_([1-9]\d{0,15})(?:_([A-Z0-9]{1,40}))?$/.exec(text);
  if (!match) return null;
  return { placedAt: match[1]!, id: Number(match[2]), ...(match[3] ? { referenceCode: match[3] } : {}) };
}

/** The rows after the cursor in the list's order (time, id, reference code, newest first). */
function afterCursor(after: SampleOrderCursor): SqlFragment {
  const before = sql`(${PLACED_AT}, q.id) < (${after.placedAt}, ${after.id})`;
  return after.referenceCode
    ? sql`(${before} OR ((${PLACED_AT}, q.id) = (${after.placedAt}, ${after.id}) AND q.reference_code < ${after.referenceCode}))`
    : before;
}

/** `text` as a LIKE pattern that matches it literally (with `\` as the escape character). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function stateCondition(state: StateFilter): SqlFragment {
  switch (state) {
    case "ordered":
      return sql`q.finished_at IS NOT NULL`;
    case "all":
      return sql`1`;
    case "open":
    case "expired":
      return sql`q.state = ${state}`;
    case "finished":
    case "processed":
      return sql`q.state = ${state} AND q.fulfilment_state IS NULL`;
    case "shipped":
    case "cancelled":
      return sql`q.fulfilment_state = ${state}`;
  }
}

/** The WHERE conditions of the filters over `sample_quotes q`. */
function filterConditions(filters: SampleOrderFilters): SqlFragment[] {
  const conditions = [stateCondition(filters.state)];
  if (filters.shop) conditions.push(sql`q.shop_id = ${filters.shop}`);
  if (filters.from) conditions.push(sql`${PLACED_AT} >= ${berlinInstant(filters.from, 0).toISOString()}`);
  if (filters.to) conditions.push(sql`${PLACED_AT} < ${berlinInstant(addDays(filters.to, 1), 0).toISOString()}`);
  const search = filters.search?.trim();
  if (search) {
    const literal = likeLiteral(search);
    conditions.push(sql`(q.reference_code LIKE ${`${literal.toUpperCase()}%`} ESCAPE '\\' OR lower(q.email) LIKE ${`%${literal.toLowerCase()}%`} ESCAPE '\\')`);
  }
  return conditions;
}

function summaryOf(row: SampleOrderRow): SampleOrderSummary {
  const address = parseJsonOr<SampleAddress | null>(row.address, null);
  const name = [address?.firstname, address?.lastname].filter(Boolean).join(" ");
  return {
    referenceCode: row.reference_code,
    shop: row.shop_id,
    status: row.fulfilment_state ?? row.state,
    state: row.state,
    fulfilment: row.fulfilment_state ? { state: row.fulfilment_state, by: row.fulfilment_by, at: row.fulfilment_at } : null,
    email: row.email,
    name: name || null,
    city: address?.city ?? null,
    countryCode: address?.countryCode ?? null,
    itemCount: row.item_count,
    placedAt: row.placed_at,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    processedAt: row.processed_at,
  };
}

const rowCursor = (row: SampleOrderRow): SampleOrderCursor => ({ placedAt: row.placed_at, id: row.id, referenceCode: row.reference_code });

/**
 * A page of the filters' rows newest first after `after`, of every database given (the shop's, or every shop database:
 * core/staff-databases.ts), merged in the list's order; `columns` are those selected over `sample_quotes q`.
 */
function pageRows<Row extends SampleOrderRow>(
  databases: readonly D1Database[],
  filters: SampleOrderFilters,
  page: { limit: number; after?: SampleOrderCursor | null },
  columns: SqlFragment,
): Promise<ListPage<Row>> {
  const cursorOf = (row: Row) => encodeCursor(rowCursor(row));
  return mergedPage(
    databases,
    async (db) => {
      const conditions = filterConditions(filters);
      if (page.after) conditions.push(afterCursor(page.after));
      const { results } = await sql`SELECT ${columns} FROM sample_quotes q WHERE ${joinSql(conditions, " AND ")}
        ORDER BY ${PLACED_AT} DESC, q.id DESC, q.reference_code DESC LIMIT ${page.limit + 1}`
        .prepare(db)
        .all<Row>();
      const rows = results.slice(0, page.limit);
      const last = rows[rows.length - 1];
      return { items: rows, next: results.length > page.limit && last ? cursorOf(last) : null };
    },
    // Ties of the placing time go by the row id, as in SQL (ids compared as numbers: zero-padded texts), then by the code.
    { compare: newestFirst((row: Row) => [row.placed_at, `${String(row.id).padStart(16, "0")}_${row.reference_code}`]), cursorOf, limit: page.limit },
  );
}

/** The orders of the filters newest first, a page of `limit` after `after`; `next` is the cursor of the following page, if there is one. */
export async function listSampleOrders(
  databases: readonly D1Database[],
  filters: SampleOrderFilters,
  page: { limit: number; after?: SampleOrderCursor | null },
): Promise<SampleOrderPage> {
  const { items, next } = await pageRows<SampleOrderRow>(databases, filters, page, SAMPLE_ORDER_COLUMNS);
  return { orders: items.map(summaryOf), next };
}

/** How many orders the filters select. */
export async function countSampleOrders(databases: readonly D1Database[], filters: SampleOrderFilters): Promise<number> {
  const counts = await Promise.all(
    databases.map(
      async (db) =>
        (await sql`SELECT COUNT(*) AS n FROM sample_quotes q WHERE ${joinSql(filterConditions(filters), " AND ")}`.prepare(db).first<{ n: number }>())?.n ?? 0,
    ),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

function allowedFulfilment(row: SampleOrderRow): FulfilmentState[] {
  return row.fulfilment_state === null && (row.state === "finished" || row.state === "processed") ? [...FULFILMENT_STATES] : [];
}

/** One order by its reference code, with its address and samples; product names in `language`. Null when there is none. */
export async function sampleOrderDetail(db: D1Database, referenceCode: string, language: (shopId: string) => string): Promise<SampleOrderDetail | null> {
  const row = await sql`SELECT ${SAMPLE_ORDER_COLUMNS} FROM sample_quotes q WHERE q.reference_code = ${referenceCode}`.prepare(db).first<SampleOrderRow>();
  if (!row) return null;
  const { results } = await sampleOrderItems(row.id, language(row.shop_id)).prepare(db).all<SampleOrderItemRow>();
  return {
    ...summaryOf(row),
    address: parseJsonOr<SampleAddress | null>(row.address, null),
    slotCount: row.slot_count,
    expiresAt: row.expires_at,
    items: results.map((item) => ({
      sku: item.sku,
      name: item.title,
      quantity: item.quantity,
      recommendation: item.recommendation === 1,
      addedAt: item.added_at,
    })),
    allowedFulfilment: allowedFulfilment(row),
  };
}

export type FulfilmentOutcome =
  | { outcome: "changed"; status: FulfilmentState; at: string }
  | { outcome: "not_found" }
  | { outcome: "not_ordered"; state: SampleQuoteState }
  | { outcome: "already_set"; fulfilment: SampleOrderFulfilment };

/**
 * Marks an ordered quote shipped or cancelled, once: one batch sets it (only when the quote is
 * finished or processed and has no fulfilment yet) and reads the quote back, so two staff
 * members marking the same order at once cannot both succeed.
 */
export async function markSampleOrder(db: D1Database, referenceCode: string, state: FulfilmentState, by: string, now: Date): Promise<FulfilmentOutcome> {
  const at = now.toISOString();
  const [update, read] = await db.batch([
    setFulfilment(referenceCode, state, by, at).prepare(db),
    sql`SELECT state, fulfilment_state, fulfilment_by, fulfilment_at FROM sample_quotes WHERE reference_code = ${referenceCode}`.prepare(db),
  ]);
  if ((update!.meta.changes ?? 0) > 0) return { outcome: "changed", status: state, at };
  const row = read!.results[0] as Pick<SampleOrderRow, "state" | "fulfilment_state" | "fulfilment_by" | "fulfilment_at"> | undefined;
  if (!row) return { outcome: "not_found" };
  if (row.fulfilment_state) return { outcome: "already_set", fulfilment: { state: row.fulfilment_state, by: row.fulfilment_by, at: row.fulfilment_at } };
  return { outcome: "not_ordered", state: row.state };
}

/** The columns of the CSV export, in order. */
export const CSV_COLUMNS = [
  "reference_code",
  "shop",
  "status",
  "state",
  "placed_at",
  "finished_at",
  "processed_at",
  "fulfilment_state",
  "fulfilment_by",
  "fulfilment_at",
  "email",
  "firstname",
  "lastname",
  "company",
  "street",
  "zip",
  "city",
  "country",
  "phone",
  "item_count",
  "skus",
] as const;

/** The CSV cells of one order (its SKUs in the order they were added, space separated). */
function csvCells(row: SampleOrderRow & { skus: string | null }): string[] {
  const summary = summaryOf(row);
  const address = parseJsonOr<SampleAddress | null>(row.address, null) ?? {};
  return [
    summary.referenceCode,
    summary.shop,
    summary.status,
    summary.state,
    summary.placedAt,
    summary.finishedAt ?? "",
    summary.processedAt ?? "",
    summary.fulfilment?.state ?? "",
    summary.fulfilment?.by ?? "",
    summary.fulfilment?.at ?? "",
    summary.email ?? "",
    address.firstname ?? "",
    address.lastname ?? "",
    address.company ?? "",
    address.street ?? "",
    address.zip ?? "",
    address.city ?? "",
    address.countryCode ?? "",
    address.phone ?? "",
    String(summary.itemCount),
    row.skus ?? "",
  ];
}

/**
 * The orders of the filters as CSV rows, newest first, a page of `pageSize` per D1 query of each database
 * (keyset paging, so the export never holds more than a page per database in memory).
 */
export async function* sampleOrderCsvRows(databases: readonly D1Database[], filters: SampleOrderFilters, pageSize = 500): AsyncGenerator<string[]> {
  const columns = sql`${SAMPLE_ORDER_COLUMNS},
    (SELECT group_concat(sku, ' ') FROM (SELECT sku FROM sample_items si WHERE si.quote_id = q.id ORDER BY si.added_at, si.sku)) AS skus`;
  let after: SampleOrderCursor | null = null;
  for (;;) {
    const page: ListPage<SampleOrderRow & { skus: string | null }> = await pageRows(databases, filters, { limit: pageSize, after }, columns);
    for (const row of page.items) yield csvCells(row);
    const last = page.items[page.items.length - 1];
    if (!page.next || !last) return;
    after = rowCursor(last);
  }
}
