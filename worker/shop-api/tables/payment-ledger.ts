/**
 * The payment ledger (migrations/0034_payment_ledger.sql; docs/decisions/0066): one row per
 * money movement a payment provider reports (charge, capture, refund, chargeback), keyed by the
 * provider's id of the object, so a repeated or out-of-order webhook writes nothing.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export type LedgerKind = "charge" | "capture" | "refund" | "chargeback";

export interface PaymentLedgerRow {
  provider: string;
  provider_ref: string;
  order_id: string;
  kind: LedgerKind;
  amount: number;
  currency: string;
  state: string;
  created_at: string;
}

/**
 * Writes the movement once: a row with the same provider and object id already there keeps it,
 * except a refund recorded as pending, which takes the state a later report gives it (succeeded,
 * failed, canceled) once; a final state never goes back to pending.
 */
export function insertLedgerEntry(row: PaymentLedgerRow): SqlFragment {
  return sql`INSERT INTO payment_ledger (provider, provider_ref, order_id, kind, amount, currency, state, created_at)
    VALUES (${row.provider}, ${row.provider_ref}, ${row.order_id}, ${row.kind}, ${row.amount}, ${row.currency}, ${row.state}, ${row.created_at})
    ON CONFLICT (provider, provider_ref) DO UPDATE SET state = excluded.state
      WHERE payment_ledger.kind = 'refund' AND excluded.kind = 'refund' AND payment_ledger.state = 'pending' AND excluded.state <> 'pending'`;
}

/** One movement of the ledger by the provider's id of it. */
export function selectLedgerEntry(provider: string, providerRef: string): SqlFragment {
  return sql`SELECT * FROM payment_ledger WHERE provider = ${provider} AND provider_ref = ${providerRef}`;
}

/** The shop's order a charge of the provider paid (refunds and chargebacks name the charge's payment, not the order). */
export function selectChargedOrderId(shopId: string, provider: string, paymentRef: string): SqlFragment {
  return sql`SELECT l.order_id FROM payment_ledger l JOIN orders o ON o.id = l.order_id
    WHERE l.provider = ${provider} AND l.provider_ref = ${paymentRef} AND l.kind = 'charge' AND o.shop_id = ${shopId}`;
}

/** The order's charge at the provider with what its refunds gave back (refunds that failed or were cancelled give nothing). */
export function selectChargeOfOrder(orderId: string, provider: string): SqlFragment {
  return sql`SELECT c.provider_ref, c.amount, c.currency,
      (SELECT COALESCE(SUM(r.amount), 0) FROM payment_ledger r
        WHERE r.order_id = c.order_id AND r.provider = c.provider AND r.kind = 'refund' AND r.state NOT IN ('failed', 'canceled')) AS refunded
    FROM payment_ledger c WHERE c.order_id = ${orderId} AND c.provider = ${provider} AND c.kind = 'charge'
    ORDER BY c.created_at LIMIT 1`;
}

/** What the provider's refunds of the order gave back (refunds that failed or were cancelled give nothing). */
export function selectRefundedOfOrder(orderId: string, provider: string): SqlFragment {
  return sql`SELECT COALESCE(SUM(amount), 0) AS refunded FROM payment_ledger
    WHERE order_id = ${orderId} AND provider = ${provider} AND kind = 'refund' AND state NOT IN ('failed', 'canceled')`;
}

/** Every money movement of the order, oldest first. */
export function selectLedgerOfOrder(orderId: string): SqlFragment {
  return sql`SELECT * FROM payment_ledger WHERE order_id = ${orderId} ORDER BY created_at, kind`;
}
