/**
 * Online payments of orders (migrations/0019_order_payments.sql): the payment columns of
 * `orders` and the verified callbacks in `order_payment_events`.
 */
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";

export type PaymentState = "pending" | "paid" | "failed" | "cancelled";
export type PaymentOutcomeStatus = "paid" | "failed" | "cancelled";

/** The payment columns of an `orders` row (NULL state: paid offline). */
export interface OrderPaymentColumns {
  payment_state: PaymentState | null;
  payment_provider: string | null;
  payment_reference: string | null;
  payment_updated_at: string | null;
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

/** A just-placed order paid online waits for its payment (in the order's batch, only when `holds`). */
export function markPaymentPending(orderId: string, provider: string, now: string, holds: SqlFragment): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'pending', payment_provider = ${provider}, payment_updated_at = ${now} WHERE id = ${orderId} AND ${holds}`;
}

/** The provider's id of the payment it opened (while the payment is pending). */
export function setPaymentReference(orderId: string, reference: string, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_reference = ${reference}, payment_updated_at = ${now} WHERE id = ${orderId} AND payment_state = 'pending'`;
}

/** The provider could not open the payment: failed (the visitor may try again). */
export function markPaymentNotStarted(orderId: string, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'failed', payment_updated_at = ${now} WHERE id = ${orderId} AND payment_state = 'pending'`;
}

/** Another try after a failed or cancelled payment: pending again, with the provider that takes the method now (changes no row when the state is another). */
export function restartPayment(orderId: string, provider: string, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_state = 'pending', payment_provider = ${provider}, payment_reference = NULL, payment_updated_at = ${now}
    WHERE id = ${orderId} AND payment_state IN ('failed', 'cancelled')`;
}

/**
 * Records a verified outcome once (a replay finds its row and writes nothing), marked
 * `applied` when the order's current state allows it.
 */
export function recordPaymentEvent(event: Omit<OrderPaymentEventRow, "applied">): SqlFragment {
  return sql`INSERT INTO order_payment_events (order_id, status, reference, provider, claim, applied, received_at)
    SELECT ${event.order_id}, ${event.status}, ${event.reference}, ${event.provider}, ${event.claim},
      CASE WHEN ${inStates(PAYMENT_TRANSITIONS[event.status])} THEN 1 ELSE 0 END, ${event.received_at}
    FROM orders WHERE id = ${event.order_id}
    ON CONFLICT (order_id, status, reference) DO NOTHING`;
}

/** Applies the outcome the event row of this `claim` recorded as applicable (nothing for a replay). */
export function applyPaymentEvent(event: Pick<OrderPaymentEventRow, "order_id" | "status" | "reference" | "claim">, now: string): SqlFragment {
  return sql`UPDATE orders SET payment_state = ${event.status}, payment_reference = ${event.reference}, payment_updated_at = ${now}
    WHERE id = ${event.order_id} AND ${inStates(PAYMENT_TRANSITIONS[event.status])}
      AND EXISTS (SELECT 1 FROM order_payment_events e WHERE e.order_id = ${event.order_id} AND e.status = ${event.status}
        AND e.reference = ${event.reference} AND e.claim = ${event.claim} AND e.applied = 1)`;
}

export function selectPaymentEvent(orderId: string, status: PaymentOutcomeStatus, reference: string): SqlFragment {
  return sql`SELECT * FROM order_payment_events WHERE order_id = ${orderId} AND status = ${status} AND reference = ${reference}`;
}
