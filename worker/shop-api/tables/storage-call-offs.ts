/**
 * The `storage_call_offs` table (migrations/0021_customers.sql): a customer's requests to
 * deliver the stored goods of an order on a date. At most one per order is open
 * (`requested`, a unique partial index); a new call-off replaces the open one.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface StorageCallOffRow {
  id: number;
  order_id: string;
  customer_id: string;
  desired_date: string;
  state: "requested" | "replaced";
  requested_at: string;
}

export interface StorageCallOff {
  desiredDate: string;
  state: "requested" | "replaced";
  requestedAt: string;
}

export const storageCallOffOf = (row: StorageCallOffRow): StorageCallOff => ({
  desiredDate: row.desired_date,
  state: row.state,
  requestedAt: row.requested_at,
});

export const selectCallOffs = (orderId: string): SqlFragment => sql`SELECT * FROM storage_call_offs WHERE order_id = ${orderId} ORDER BY id`;

/** Replaces the order's open call-off; only when `when` holds. */
export const replaceOpenCallOff = (orderId: string, when: SqlFragment): SqlFragment =>
  sql`UPDATE storage_call_offs SET state = 'replaced' WHERE order_id = ${orderId} AND state = 'requested' AND ${when}`;

/** A new open call-off; only when `when` holds. */
export const insertCallOff = (callOff: { orderId: string; customerId: string; desiredDate: string }, now: Date, when: SqlFragment): SqlFragment =>
  sql`INSERT INTO storage_call_offs (order_id, customer_id, desired_date, state, requested_at)
    SELECT ${callOff.orderId}, ${callOff.customerId}, ${callOff.desiredDate}, 'requested', ${now.toISOString()} WHERE ${when}`;
