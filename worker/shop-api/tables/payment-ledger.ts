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

/** A ledger entry as the shop API reads it. */
export interface LedgerEntry {
  provider: string;
  providerRef: string;
  orderId: string;
  kind: LedgerKind;
  /** Minor units. */
  amount: number;
  currency: string;
  state: string;
  createdAt: string;
}

export const ledgerEntry = (row: PaymentLedgerRow): LedgerEntry => ({
  provider: row.provider,
  providerRef: row.provider_ref,
  orderId: row.order_id,
  kind: row.kind,
  amount: row.amount,
  currency: row.currency,
  state: row.state,
  createdAt: row.created_at,
});

/** Writes the movement once: a row with the same provider and object id already there keeps it (and its state). */
export function insertLedgerEntry(row: PaymentLedgerRow): SqlFragment {
  return sql`INSERT INTO payment_ledger (provider, provider_ref, order_id, kind, amount, currency, state, created_at)
    VALUES (${row.provider}, ${row.provider_ref}, ${row.order_id}, ${row.kind}, ${row.amount}, ${row.currency}, ${row.state}, ${row.created_at})
    ON CONFLICT (provider, provider_ref) DO NOTHING`;
}

/** The shop's order a charge of the provider paid (refunds and chargebacks name the charge's payment, not the order). */
export function selectChargedOrderId(shopId: string, provider: string, paymentRef: string): SqlFragment {
  return sql`SELECT l.order_id FROM payment_ledger l JOIN orders o ON o.id = l.order_id
    WHERE l.provider = ${provider} AND l.provider_ref = ${paymentRef} AND l.kind = 'charge' AND o.shop_id = ${shopId}`;
}

export function selectLedgerOfOrder(orderId: string): SqlFragment {
  return sql`SELECT * FROM payment_ledger WHERE order_id = ${orderId} ORDER BY created_at, provider_ref`;
}
