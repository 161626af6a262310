/**
 * The account's reads and writes on the `orders` table (migrations/0018_orders.sql and the
 * columns of 0021_customers.sql): the orders of a customer, the link of guest orders to the
 * account of their address, and the storage of orders on call (`stored_until`, the last
 * free day; `storage_reminded_at`, when the reminder went out). Every read names the
 * customer and the shop, so another customer's order is as unknown as one that never was.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { OrderRow } from "./orders";

/** The columns 0021 added to `orders`. */
export interface OrderAccountColumns {
  customer_id: string | null;
  stored_until: string | null;
  storage_reminded_at: string | null;
}

export type CustomerOrderRow = OrderRow & OrderAccountColumns;

/** A line of the customer's order list (selectCustomerOrders). */
export type OrderSummaryRow = Pick<OrderRow, "id" | "order_number" | "placed_at" | "state" | "grand_total" | "currency" | "delivery_mode"> &
  Pick<OrderAccountColumns, "stored_until"> & { item_count: number; open_call_offs: number };

/** The customer's orders in the shop, newest first, after the keyset `before` (placed_at, id); at most `limit`. */
export function selectCustomerOrders(customerId: string, shopId: string, limit: number, before?: { placedAt: string; id: string }): SqlFragment {
  const after = before ? sql`AND (o.placed_at < ${before.placedAt} OR (o.placed_at = ${before.placedAt} AND o.id < ${before.id}))` : sql``;
  return sql`SELECT o.id, o.order_number, o.placed_at, o.state, o.grand_total, o.currency, o.delivery_mode, o.stored_until,
      (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) AS item_count,
      (SELECT COUNT(*) FROM storage_call_offs s WHERE s.order_id = o.id AND s.state = 'requested') AS open_call_offs
    FROM orders o WHERE o.customer_id = ${customerId} AND o.shop_id = ${shopId} ${after}
    ORDER BY o.placed_at DESC, o.id DESC LIMIT ${limit}`;
}

/** The customer's order of the number in the shop. */
export const selectCustomerOrder = (customerId: string, shopId: string, orderNumber: string): SqlFragment =>
  sql`SELECT * FROM orders WHERE shop_id = ${shopId} AND order_number = ${orderNumber} AND customer_id = ${customerId}`;

/** The keyset of one of the customer's orders (a list's `before`). */
export const selectOrderKey = (customerId: string, shopId: string, orderNumber: string): SqlFragment =>
  sql`SELECT placed_at, id FROM orders WHERE shop_id = ${shopId} AND order_number = ${orderNumber} AND customer_id = ${customerId}`;

/** Links the orders of the address in the shop that belong to no account yet to the customer; only when `when` holds. */
export const linkGuestOrders = (customerId: string, shopId: string, email: string, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE orders SET customer_id = ${customerId} WHERE lower(email) = ${email.toLowerCase()} AND shop_id = ${shopId} AND customer_id IS NULL AND ${when}`;

/** Orders on call with storage whose free period is not written yet (the cron writes it once), at most `limit`. */
export const selectUnsetStorage = (limit: number): SqlFragment =>
  sql`SELECT id, shop_id, placed_at FROM orders WHERE delivery_mode = 'on_call_storage' AND stored_until IS NULL LIMIT ${limit}`;

/** Writes an order's last free storage day, once. */
export const setStoredUntil = (orderId: string, date: string): SqlFragment =>
  sql`UPDATE orders SET stored_until = ${date} WHERE id = ${orderId} AND stored_until IS NULL`;

/** What the storage reminder needs of an order (selectReminderDue). */
export type ReminderRow = Pick<CustomerOrderRow, "id" | "order_number" | "shop_id" | "language" | "email" | "stored_until" | "billing_address">;

/**
 * Stored orders whose free period ends within `days` of `today` (and has not ended), that
 * still wait in the warehouse (not shipped, delivered or cancelled, no open call-off) and
 * were not reminded: at most `limit`.
 */
export const selectReminderDue = (today: string, lastDay: string, limit: number): SqlFragment =>
  sql`SELECT o.id, o.order_number, o.shop_id, o.language, o.email, o.stored_until, o.billing_address FROM orders o
    WHERE o.delivery_mode = 'on_call_storage' AND o.stored_until >= ${today} AND o.stored_until <= ${lastDay}
      AND o.storage_reminded_at IS NULL AND o.state IN ('placed', 'confirmed')
      AND NOT EXISTS (SELECT 1 FROM storage_call_offs s WHERE s.order_id = o.id AND s.state = 'requested')
    ORDER BY o.stored_until LIMIT ${limit}`;

/** Marks the reminder sent; only once (the first run that marks it enqueues the mail in the same batch). */
export const markReminded = (orderId: string, now: Date): SqlFragment =>
  sql`UPDATE orders SET storage_reminded_at = ${now.toISOString()} WHERE id = ${orderId} AND storage_reminded_at IS NULL`;
