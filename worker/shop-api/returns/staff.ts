/**
 * What the back office reads and changes of complaints (staff-routes.ts serves it): the list
 * newest first with filters and keyset pages, one complaint with its order, lines, images and
 * history, and a status change that writes its history row and the customer's mail in the
 * same batch, once per change.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ReturnDetail, ReturnKind, ReturnRefund, ReturnStateFilter, ReturnSummary } from "@domain/back-office/returns";
import { RMA_TRANSITIONS, type RmaStatus, type StaffRmaStatus } from "@domain/returns-forms";
import { money } from "@domain/money";
import { parseJsonOr } from "@worker/lib/json";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import type { RefundOutcome } from "../core/payments/refund";
import type { StaffContext } from "../core/staff-auth";
import type { OrderRow } from "../tables/orders";
import {
  changeStatus,
  insertStatus,
  selectRmaImages,
  selectStatusHistory,
  statusChanged,
  type RmaImageRow,
  type RmaRow,
  type RmaStatusRow,
} from "../tables/returns";
import { caseStatusMail, type CaseRow } from "./mails";
import { billingAddress, customerName, shippingAddress } from "./order-view";
import { plannedRefund, refundCase, settleCaseRefund } from "./refunds";

export interface ReturnFilters {
  state: ReturnStateFilter;
  kind?: ReturnKind;
  shop?: string;
  search?: string;
}

type ListRow = RmaRow & Pick<OrderRow, "order_number" | "billing_address"> & { line_count: number; packages: number; image_count: number };

const OPEN_STATES: readonly RmaStatus[] = ["submitted", "received", "accepted"];

const LIST_COLUMNS = sql`r.*, o.order_number, o.billing_address,
  (SELECT COUNT(*) FROM rma_lines l WHERE l.rma_id = r.id) AS line_count,
  (SELECT COALESCE(SUM(l.quantity), 0) FROM rma_lines l WHERE l.rma_id = r.id) AS packages,
  (SELECT COUNT(*) FROM rma_uploads u WHERE u.rma_id = r.id) AS image_count`;

function summaryOf(row: ListRow): ReturnSummary {
  return {
    rmaId: row.id,
    kind: row.kind,
    shop: row.shop_id,
    orderNumber: row.order_number,
    email: row.email,
    name: customerName(row),
    reason: row.reason,
    status: row.status,
    lineCount: row.line_count,
    packages: row.packages,
    imageCount: row.image_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function conditions(filters: ReturnFilters): SqlFragment[] {
  const where: SqlFragment[] = [sql`1`];
  if (filters.state === "open")
    where.push(
      sql`r.status IN (${joinSql(
        OPEN_STATES.map((state) => sql`${state}`),
        ", ",
      )})`,
    );
  else if (filters.state !== "all") where.push(sql`r.status = ${filters.state}`);
  if (filters.kind) where.push(sql`r.kind = ${filters.kind}`);
  if (filters.shop) where.push(sql`r.shop_id = ${filters.shop}`);
  const search = filters.search?.trim();
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(r.id = ${search.toUpperCase()} OR o.order_number = ${search.toUpperCase()} OR lower(r.email) LIKE ${like} ESCAPE '\\')`);
  }
  return where;
}

/** A page cursor: the last row's creation time and number. */
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z)~(R-[0-9A-HJKMNP-TV-Z]{10})$/;

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CURSOR.exec(cursor);
  return match ? { createdAt: match[1]!, id: match[2]! } : null;
}

/** The page cursor after a complaint: its creation time and number. */
export const returnCursor = (item: Pick<ReturnSummary, "createdAt" | "rmaId">): string => `${item.createdAt}~${item.rmaId}`;

/** A page of complaints newest first, after the cursor; `next` continues after the last. */
export async function listReturns(
  db: D1Database,
  filters: ReturnFilters,
  page: { limit: number; after: { createdAt: string; id: string } | null },
): Promise<{ returns: ReturnSummary[]; next: string | null }> {
  const where = conditions(filters);
  if (page.after) where.push(sql`(r.created_at < ${page.after.createdAt} OR (r.created_at = ${page.after.createdAt} AND r.id < ${page.after.id}))`);
  const { results } = await sql`SELECT ${LIST_COLUMNS} FROM rmas r JOIN orders o ON o.id = r.order_id WHERE ${joinSql(where, " AND ")}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${page.limit + 1}`
    .prepare(db)
    .all<ListRow>();
  const returns = results.slice(0, page.limit).map(summaryOf);
  const last = returns[returns.length - 1];
  return { returns, next: results.length > page.limit && last ? returnCursor(last) : null };
}

/** The URL that serves an image of a complaint to staff. */
export const imageUrl = (rmaId: string, uploadId: string): string => `/admin/api/returns/${encodeURIComponent(rmaId)}/images/${encodeURIComponent(uploadId)}`;

/** The refund outcome a history row keeps, as staff read it. */
function refundOf(entry: RmaStatusRow, language: string): ReturnRefund | null {
  const outcome = parseJsonOr<RefundOutcome | null>(entry.refund ?? "null", null);
  return outcome ? { state: outcome.state, amount: money(outcome.amount, outcome.currency, language) } : null;
}

/** One complaint as the console shows it; null when there is none. */
export async function returnDetail(db: D1Database, id: string): Promise<ReturnDetail | null> {
  const [listed, lines, images, history, order] = await db.batch([
    sql`SELECT ${LIST_COLUMNS} FROM rmas r JOIN orders o ON o.id = r.order_id WHERE r.id = ${id}`.prepare(db),
    sql`SELECT rl.line_no, rl.sku, rl.name, rl.quantity, ol.quantity AS ordered, ol.delivered_qty, ol.delivered_at
      FROM rma_lines rl JOIN order_lines ol ON ol.order_id = rl.order_id AND ol.line_no = rl.line_no WHERE rl.rma_id = ${id} ORDER BY rl.line_no`.prepare(db),
    selectRmaImages(id).prepare(db),
    selectStatusHistory(id).prepare(db),
    sql`SELECT o.*, w.requested_at AS withdrawn_at FROM rmas r JOIN orders o ON o.id = r.order_id LEFT JOIN order_withdrawals w ON w.order_id = o.id
      WHERE r.id = ${id}`.prepare(db),
  ]);
  const row = listed!.results[0] as ListRow | undefined;
  const orderRow = order!.results[0] as (OrderRow & { withdrawn_at: string | null }) | undefined;
  if (!row || !orderRow) return null;
  const billing = billingAddress(orderRow);
  type LineRow = { line_no: number; sku: string; name: string; quantity: number; ordered: number; delivered_qty: number; delivered_at: string | null };
  return {
    ...summaryOf(row),
    language: row.language,
    proposal: row.proposal,
    message: row.message,
    phone: row.phone,
    wholeOrder: row.whole_order === 1,
    via: row.via,
    order: {
      placedAt: orderRow.placed_at,
      state: orderRow.state,
      billing: {
        name: customerName(orderRow),
        company: billing.companyName ?? null,
        postcode: billing.postcode ?? null,
        countryCode: billing.countryCode ?? null,
      },
      shippingCountryCode: shippingAddress(orderRow).countryCode ?? null,
      withdrawnAt: orderRow.withdrawn_at,
    },
    lines: (lines!.results as LineRow[]).map((line) => ({
      lineNo: line.line_no,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      ordered: line.ordered,
      delivered: line.delivered_qty,
      deliveredAt: line.delivered_at,
    })),
    images: (images!.results as RmaImageRow[]).map((image) => ({
      uploadId: image.upload_id,
      fileName: image.file_name,
      contentType: image.content_type,
      size: image.size,
      url: imageUrl(row.id, image.upload_id),
    })),
    history: (history!.results as RmaStatusRow[]).map((entry) => {
      const refund = refundOf(entry, row.language);
      return { status: entry.status, note: entry.note, by: entry.changed_by, at: entry.changed_at, ...(refund ? { refund } : {}) };
    }),
    allowedStatuses: [...RMA_TRANSITIONS[row.status]],
  };
}

export type StatusOutcome = { outcome: "not_found" } | { outcome: "not_allowed"; from: RmaStatus } | { outcome: "raced" } | { outcome: "changed" };

const selectCase = (id: string) => sql`SELECT r.*, o.order_number, o.billing_address FROM rmas r JOIN orders o ON o.id = r.order_id WHERE r.id = ${id}`;

/**
 * Sets a complaint's state as the staff member: only along RMA_TRANSITIONS; the history row
 * and the customer's mail are written only by the batch whose update made the change (its
 * claim), so each change mails once and a change that lost a race to another writes nothing.
 * The move to `refunded` refunds the case (refunds.ts) after it committed; its mail, with the
 * amount, waits for the money to go back.
 */
export async function setReturnStatus(ctx: StaffContext, id: string, to: StaffRmaStatus, note: string): Promise<StatusOutcome> {
  const { db, now } = ctx;
  const rma = await selectCase(id).prepare(db).first<CaseRow>();
  if (!rma) return { outcome: "not_found" };
  if (!RMA_TRANSITIONS[rma.status].includes(to)) return { outcome: "not_allowed", from: rma.status };
  const planned = to === "refunded" ? await plannedRefund(db, rma) : null;
  const claim = crypto.randomUUID();
  const holds = statusChanged(id, claim);
  const mail = caseStatusMail(rma, { status: to, note, claim }, holds, now);
  const [update] = await db.batch(
    [changeStatus(id, rma.status, to, claim, now), insertStatus(id, to, note, ctx.staff.email, now, holds), ...(planned ? [] : [mail])].map((statement) =>
      statement.prepare(db),
    ),
  );
  if ((update!.meta.changes ?? 0) === 0) return { outcome: "raced" };
  if (planned) await refundCase(ctx, rma, claim, planned, note);
  return { outcome: "changed" };
}

/** Settles the refund of a case moved to `refunded` that is still open (refunds.ts): false when there is none. */
export async function settleReturnRefund(ctx: StaffContext, id: string): Promise<boolean> {
  const rma = await selectCase(id).prepare(ctx.db).first<CaseRow>();
  return rma ? (await settleCaseRefund(ctx, rma)) !== null : false;
}

/** An image of a complaint, when the upload belongs to it. */
export const selectComplaintImage = (rmaId: string, uploadId: string): SqlFragment =>
  sql`SELECT u.* FROM rma_uploads ru JOIN uploads u ON u.id = ru.upload_id WHERE ru.rma_id = ${rmaId} AND ru.upload_id = ${uploadId}`;
