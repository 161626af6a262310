/**
 * The returns tables (migrations/0022_returns.sql): `rmas` (complaints, returns and the
 * cases of withdrawals), `rma_lines`, `rma_uploads`, `rma_status_history`,
 * `order_withdrawals` and `rma_lookup_tokens`. Quantities are packages of order lines.
 */
import type { RemedyProposal, ReturnReason, RmaStatus } from "@domain/returns-forms";
import { sql, type SqlFragment } from "@worker/lib/sql";

export type RmaKind = "return" | "withdrawal";
/** How the customer proved they may act for the order: an order lookup, the signed link of the confirmation mail, or their session. */
export type RmaVia = "lookup" | "link" | "session";

export interface RmaRow {
  id: string;
  kind: RmaKind;
  order_id: string;
  shop_id: string;
  language: string;
  email: string;
  reason: ReturnReason;
  proposal: RemedyProposal | null;
  message: string;
  phone: string | null;
  whole_order: number;
  status: RmaStatus;
  status_claim: string | null;
  via: RmaVia;
  visitor_id: string | null;
  customer_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RmaLineRow {
  rma_id: string;
  order_id: string;
  line_no: number;
  sku: string;
  name: string;
  quantity: number;
}

export interface RmaStatusRow {
  id: number;
  rma_id: string;
  status: RmaStatus;
  note: string;
  changed_by: string;
  changed_at: string;
  /** The refund's outcome of the move to `refunded` (migration 0036; JSON of core/payments/refund.ts RefundOutcome), else null. */
  refund: string | null;
}

export interface OrderWithdrawalRow {
  order_id: string;
  rma_id: string;
  shop_id: string;
  requested_at: string;
  via: RmaVia;
  visitor_id: string | null;
  customer_id: string | null;
}

export interface RmaLookupTokenRow {
  token_hash: string;
  order_id: string;
  visitor_id: string;
  via: Exclude<RmaVia, "session">;
  created_at: string;
  expires_at: string;
}

/** An image of a complaint: its upload row's public facts. */
export interface RmaImageRow {
  upload_id: string;
  position: number;
  file_name: string;
  content_type: string;
  size: number;
}

// ---- lookup tokens

export const insertLookupToken = (row: RmaLookupTokenRow, when: SqlFragment = sql`1`): SqlFragment =>
  sql`INSERT INTO rma_lookup_tokens (token_hash, order_id, visitor_id, via, created_at, expires_at)
    SELECT ${row.token_hash}, ${row.order_id}, ${row.visitor_id}, ${row.via}, ${row.created_at}, ${row.expires_at} WHERE ${when}`;

/** The token of the hash unless it expired. */
export const selectLiveLookupToken = (tokenHash: string, now: Date): SqlFragment =>
  sql`SELECT * FROM rma_lookup_tokens WHERE token_hash = ${tokenHash} AND expires_at > ${now.toISOString()}`;

/** True while the token is live for the order and the visitor (a batch's check). */
export const lookupTokenHolds = (tokenHash: string, orderId: string, visitorId: string, now: Date): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM rma_lookup_tokens WHERE token_hash = ${tokenHash} AND order_id = ${orderId} AND visitor_id = ${visitorId}
    AND expires_at > ${now.toISOString()})`;

/** Whether the visitor holds a live lookup token for an order of the shop. */
export const visitorHasLiveLookup = (visitorId: string, shopId: string, now: Date): SqlFragment =>
  sql`SELECT EXISTS (SELECT 1 FROM rma_lookup_tokens t JOIN orders o ON o.id = t.order_id
    WHERE t.visitor_id = ${visitorId} AND t.expires_at > ${now.toISOString()} AND o.shop_id = ${shopId}) AS live`;

/** Deletes at most `limit` expired tokens. */
export const deleteExpiredLookupTokens = (now: Date, limit: number): SqlFragment =>
  sql`DELETE FROM rma_lookup_tokens WHERE token_hash IN (SELECT token_hash FROM rma_lookup_tokens WHERE expires_at <= ${now.toISOString()} LIMIT ${limit})`;

// ---- what is returned of an order

/** Packages of an order line in complaints that were not rejected (a scalar subquery). */
export const returnedOf = (orderId: string, lineNo: SqlFragment | number): SqlFragment =>
  sql`(SELECT COALESCE(SUM(rl.quantity), 0) FROM rma_lines rl JOIN rmas r ON r.id = rl.rma_id
    WHERE rl.order_id = ${orderId} AND rl.line_no = ${lineNo} AND r.status <> 'rejected')`;

/** Per line of the order, the packages in complaints that were not rejected (lines without any are missing). */
export const returnedPerLine = (orderId: string): SqlFragment =>
  sql`SELECT rl.line_no, SUM(rl.quantity) AS returned FROM rma_lines rl JOIN rmas r ON r.id = rl.rma_id
    WHERE rl.order_id = ${orderId} AND r.status <> 'rejected' GROUP BY rl.line_no`;

// ---- complaints

export const insertRma = (row: Omit<RmaRow, "status_claim">, holds: SqlFragment): SqlFragment =>
  sql`INSERT INTO rmas (id, kind, order_id, shop_id, language, email, reason, proposal, message, phone, whole_order, status, via, visitor_id,
      customer_id, created_at, updated_at)
    SELECT ${row.id}, ${row.kind}, ${row.order_id}, ${row.shop_id}, ${row.language}, ${row.email}, ${row.reason}, ${row.proposal},
      ${row.message}, ${row.phone}, ${row.whole_order}, ${row.status}, ${row.via}, ${row.visitor_id}, ${row.customer_id}, ${row.created_at},
      ${row.updated_at}
    WHERE ${holds}`;

export const insertRmaLine = (row: RmaLineRow, holds: SqlFragment): SqlFragment =>
  sql`INSERT INTO rma_lines (rma_id, order_id, line_no, sku, name, quantity)
    SELECT ${row.rma_id}, ${row.order_id}, ${row.line_no}, ${row.sku}, ${row.name}, ${row.quantity} WHERE ${holds}`;

export const insertRmaUpload = (rmaId: string, uploadId: string, position: number, holds: SqlFragment): SqlFragment =>
  sql`INSERT INTO rma_uploads (rma_id, upload_id, position) SELECT ${rmaId}, ${uploadId}, ${position} WHERE ${holds}`;

export const insertStatus = (rmaId: string, status: RmaStatus, note: string, changedBy: string, at: Date, holds: SqlFragment): SqlFragment =>
  sql`INSERT INTO rma_status_history (rma_id, status, note, changed_by, changed_at)
    SELECT ${rmaId}, ${status}, ${note}, ${changedBy}, ${at.toISOString()} WHERE ${holds}`;

/** Keeps the outcome of the case's refund (JSON) in the history row of its move to `refunded`; a refund that went back stays so. */
export const setRefundOutcome = (rmaId: string, outcome: string): SqlFragment =>
  sql`UPDATE rma_status_history SET refund = ${outcome}
    WHERE rma_id = ${rmaId} AND status = 'refunded' AND (refund IS NULL OR json_extract(refund, '$.state') <> 'refunded')`;

export const selectRmaImages = (id: string): SqlFragment =>
  sql`SELECT ru.upload_id, ru.position, u.file_name, u.content_type, u.size FROM rma_uploads ru JOIN uploads u ON u.id = ru.upload_id
    WHERE ru.rma_id = ${id} ORDER BY ru.position`;

export const selectStatusHistory = (id: string): SqlFragment => sql`SELECT * FROM rma_status_history WHERE rma_id = ${id} ORDER BY id`;

/**
 * Moves a complaint from `from` to `to` and marks the change with `claim`: the statements
 * after it in the batch write their history row and mail only where the claim is present
 * (statusChanged), so a change that lost a race writes neither.
 */
export const changeStatus = (id: string, from: RmaStatus, to: RmaStatus, claim: string, now: Date): SqlFragment =>
  sql`UPDATE rmas SET status = ${to}, status_claim = ${claim}, updated_at = ${now.toISOString()} WHERE id = ${id} AND status = ${from}`;

export const statusChanged = (id: string, claim: string): SqlFragment => sql`EXISTS (SELECT 1 FROM rmas WHERE id = ${id} AND status_claim = ${claim})`;

// ---- withdrawals

export const insertWithdrawal = (row: OrderWithdrawalRow, holds: SqlFragment): SqlFragment =>
  sql`INSERT INTO order_withdrawals (order_id, rma_id, shop_id, requested_at, via, visitor_id, customer_id)
    SELECT ${row.order_id}, ${row.rma_id}, ${row.shop_id}, ${row.requested_at}, ${row.via}, ${row.visitor_id}, ${row.customer_id} WHERE ${holds}`;

export const selectWithdrawal = (orderId: string): SqlFragment => sql`SELECT * FROM order_withdrawals WHERE order_id = ${orderId}`;
