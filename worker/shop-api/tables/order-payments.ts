/**
 * Online payments of orders (migrations/0019_order_payments.sql, 0033_payment_ledger.sql): the
 * payment columns of `orders` and the verified callbacks in `order_payment_events`.
 */
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";

export type PaymentState = "pending" | "paid" | "failed" | "cancelled";
export type PaymentOutcomeStatus = "paid" | "failed" | "cancelled";

/** The payment columns of an `orders` row (NULL state: paid offline). */
export interface OrderPaymentColumns {
  payment_state: PaymentState | null;
  payment_provider: string | null;
  payment_reference: string | null;
  /** The provider's page where the shopper pays the open payment (migrations/0042). */
  payment_redirect_url: string | null;
  payment_updated_at: string | null;
  /** The try of the payment (1 when placed). */
  payment_attempt: number;
  /** 1 while the order holds its goods' stock. */
  stock_held: 0 | 1;
}

export interface OrderPaymentEventRow {
  order_id: string;
  status: PaymentOutcomeStatus;
  reference: string;
  provider: string;
  claim: string;
  applied: 0 | 1;
  received_at: string;
}

/**
 * The states an outcome may follow. `paid` is final; a failed or cancelled payment can
 * still be paid (the visitor tried again at the provider, or after retrying the payment).
 */
export const PAYMENT_TRANSITIONS: Record<PaymentOutcomeStatus, PaymentState[]> = {
  paid: ["pending", "failed", "cancelled"],
  failed: ["pending"],
  cancelled: ["pending"],
};

const inStates = (states: readonly PaymentState[]): SqlFragment =>
  sql`payment_state IN (${joinSql(
    states.map((state) => sql`${state}`),
    ", ",
  )})`;

/**
 * An outcome applies when the order's state allows it; a failure or an expiry only to the payment
 * it names (the one opened last): the end of a payment the visitor left for another try changes nothing.
 */
const applies = (status: PaymentOutcomeStatus, reference: string): SqlFragment =>
  status === "paid" ? inStates(PAYMENT_TRANSITIONS.paid) : sql`${inStates(PAYMENT_TRANSITIONS[status])} AND payment_reference = ${reference}`;

/** A just-placed order paid online waits for its payment (in the order's batch, only when `holds`). */
export function markPaymentPending(orderId: string, provider: string, now: string, holds: SqlFragment): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'pending', payment_provider = ${provider}, payment_updated_at = ${now} WHERE id = ${orderId} AND ${holds}`;
}

/** The provider's id of the payment it opened and its page where the shopper pays (while the payment is pending). */
export function setPaymentReference(orderId: string, reference: string, redirectUrl: string | null, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_reference = ${reference}, payment_redirect_url = ${redirectUrl}, payment_updated_at = ${now}
    WHERE id = ${orderId} AND payment_state = 'pending'`;
}

/** The order's product lines' quantity per SKU of `products`' row (the stock an order holds). */
const heldQuantity = (orderId: string): SqlFragment =>
  sql`(SELECT SUM(l.quantity) FROM order_lines l WHERE l.order_id = ${orderId} AND l.kind = 'product' AND l.sku = products.sku)`;
const orderSkus = (orderId: string): SqlFragment => sql`sku IN (SELECT sku FROM order_lines WHERE order_id = ${orderId} AND kind = 'product')`;

/**
 * Another try: pending again, the next attempt, with the (maybe other) online method and the provider that takes it now.
 * From a failed or cancelled payment, or from a pending one whose opened payment is `closedReference`
 * (null: none was opened, the provider was down). Changes no row when the state is another, or when
 * the order gave its stock back and there is no longer enough of it.
 */
export function restartPayment(
  orderId: string,
  { provider, method, closedReference }: { provider: string; method: string; closedReference: string | null },
  now: string,
): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'pending', payment_provider = ${provider}, payment_method = ${method}, payment_reference = NULL,
      payment_redirect_url = NULL, payment_attempt = payment_attempt + 1, payment_updated_at = ${now}
    WHERE id = ${orderId} AND (payment_state IN ('failed', 'cancelled') OR (payment_state = 'pending' AND payment_reference IS ${closedReference}))
      AND (stock_held = 1 OR NOT EXISTS (SELECT 1 FROM products WHERE ${orderSkus(orderId)} AND stock_qty < ${heldQuantity(orderId)}))`;
}

/**
 * The stock follows the payment: an order whose online payment failed or expired gives its
 * goods' stock back; one whose payment is pending or paid again (another try, a late success)
 * takes it again. Idempotent: run after every change of the payment state.
 */
export function settleStock(orderId: string): SqlFragment[] {
  const releases = sql`stock_held = 1 AND payment_state IN ('failed', 'cancelled')`;
  const takes = sql`stock_held = 0 AND payment_state IN ('pending', 'paid')`;
  return [
    sql`UPDATE products SET stock_qty = stock_qty + ${heldQuantity(orderId)} WHERE ${orderSkus(orderId)}
      AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND ${releases})`,
    sql`UPDATE products SET stock_qty = stock_qty - ${heldQuantity(orderId)} WHERE ${orderSkus(orderId)}
      AND EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND ${takes})`,
    sql`UPDATE orders SET stock_held = CASE WHEN ${releases} THEN 0 WHEN ${takes} THEN 1 ELSE stock_held END WHERE id = ${orderId}`,
  ];
}

/**
 * Orders whose online payment the sweep asks about: every one pending since before `expiredBefore`, opened at
 * its provider or never opened (the provider was down); and those opened at one of `captureProviders`
 * (payments that wait for the shop's capture) pending since between `captureSince` and `captureBefore`.
 * Of these, one asked before (payment_checked_at, migration 0041) is asked again only once its payment is
 * twice as old as it was then (`now`): at growing intervals, a handful of times in all.
 */
export function selectSweptPayments(
  {
    now,
    expiredBefore,
    captureProviders,
    captureSince,
    captureBefore,
  }: { now: string; expiredBefore: string; captureProviders: readonly string[]; captureSince: string; captureBefore: string },
  limit: number,
): SqlFragment {
  const capturing =
    captureProviders.length === 0
      ? sql`0`
      : sql`(payment_reference IS NOT NULL AND payment_updated_at >= ${captureSince} AND payment_updated_at < ${captureBefore} AND payment_provider IN (${joinSql(
          captureProviders.map((code) => sql`${code}`),
          ", ",
        )}))`;
  return sql`SELECT id, shop_id, order_number, payment_provider, payment_reference, payment_updated_at FROM orders
    WHERE payment_state = 'pending' AND (payment_updated_at < ${expiredBefore} OR ${capturing})
      AND (payment_checked_at IS NULL OR payment_checked_at < payment_updated_at
        OR julianday(${now}) - julianday(payment_updated_at) >= 2 * (julianday(payment_checked_at) - julianday(payment_updated_at)))
    ORDER BY payment_updated_at LIMIT ${limit}`;
}

/** The sweep asked the provider about the order's payment now (selectSweptPayments asks again at twice the age). */
export function markPaymentChecked(orderId: string, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_checked_at = ${now} WHERE id = ${orderId}`;
}

/**
 * A payment that never opened (the provider was down when the order was placed, and no try since)
 * lapses: cancelled, once, only while still pending unopened since before `expiredBefore` (a try meanwhile changes nothing).
 */
export function lapseUnopenedPayment(orderId: string, expiredBefore: string, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'cancelled', payment_updated_at = ${now}
    WHERE id = ${orderId} AND payment_state = 'pending' AND payment_reference IS NULL AND payment_updated_at < ${expiredBefore}`;
}

/**
 * Records a verified outcome once (a replay finds its row and writes nothing), marked
 * `applied` when the order's current state allows it.
 */
export function recordPaymentEvent(event: Omit<OrderPaymentEventRow, "applied">): SqlFragment {
  return sql`INSERT INTO order_payment_events (order_id, status, reference, provider, claim, applied, received_at)
    SELECT ${event.order_id}, ${event.status}, ${event.reference}, ${event.provider}, ${event.claim},
      CASE WHEN ${applies(event.status, event.reference)} THEN 1 ELSE 0 END, ${event.received_at}
    FROM orders WHERE id = ${event.order_id}
    ON CONFLICT (order_id, status, reference) DO NOTHING`;
}

/** Applies the outcome the event row of this `claim` recorded as applicable (nothing for a replay). */
export function applyPaymentEvent(event: Pick<OrderPaymentEventRow, "order_id" | "status" | "reference" | "claim">, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_state = ${event.status}, payment_reference = ${event.reference}, payment_updated_at = ${now}
    WHERE id = ${event.order_id} AND ${applies(event.status, event.reference)}
      AND EXISTS (SELECT 1 FROM order_payment_events e WHERE e.order_id = ${event.order_id} AND e.status = ${event.status}
        AND e.reference = ${event.reference} AND e.claim = ${event.claim} AND e.applied = 1)`;
}

export function selectPaymentEvent(orderId: string, status: PaymentOutcomeStatus, reference: string): SqlFragment {
  return sql`SELECT * FROM order_payment_events WHERE order_id = ${orderId} AND status = ${status} AND reference = ${reference}`;
}
