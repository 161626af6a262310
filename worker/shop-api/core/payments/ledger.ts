/**
 * The payment ledger as the payment paths use it (docs/decisions/0066): the checkout's
 * callbacks (checkout/payments.ts) and the refunds of staff's cancellations (refund.ts) check a
 * provider's money movement, write it once, and read what an order's charge took and what went
 * back already, through these functions only.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { insertLedgerEntry, selectChargeOfOrder, selectLedgerEntry, type PaymentLedgerRow } from "../../tables/payment-ledger";
import { issueCreditNote, type InvoiceContext } from "../invoices/issue";
import { PaymentCallbackRefused, type PaymentMovement } from "./provider";

/** A provider's id of an object (payment, refund, dispute): printable ASCII, at most 200 characters. */
export const PAYMENT_REFERENCE = /^[\x21-\x7e]{1,200}$/;

/** A movement a provider answered is readable (kind, ids, a non-negative integer amount, a currency code, a state) or refused. */
export function checkedMovement(movement: PaymentMovement): PaymentMovement {
  const ok =
    (movement.kind === "refund" || movement.kind === "chargeback") &&
    PAYMENT_REFERENCE.test(movement.id) &&
    PAYMENT_REFERENCE.test(movement.paymentId) &&
    Number.isSafeInteger(movement.amount) &&
    movement.amount >= 0 &&
    /^[A-Z]{3}$/.test(movement.currency) &&
    /^[a-z_]{1,40}$/.test(movement.state);
  if (!ok) throw new PaymentCallbackRefused("the provider names an unreadable money movement");
  return movement;
}

/**
 * Writes a refund or chargeback of the order's payment to the ledger once (by the provider's id of
 * it); the rows written or changed (0 or 1): a refund recorded as pending takes its later state.
 * A refund the ledger holds as succeeded gets its credit note (core/invoices), whether it succeeded
 * at once or after being pending; a failed one gets none.
 */
export async function writeMovement(ctx: InvoiceContext, provider: string, orderId: string, movement: PaymentMovement): Promise<number> {
  const [written, stored] = await ctx.db.batch([
    insertLedgerEntry({
      provider,
      provider_ref: movement.id,
      order_id: orderId,
      kind: movement.kind,
      amount: movement.amount,
      currency: movement.currency,
      state: movement.state,
      created_at: ctx.now.toISOString(),
    }).prepare(ctx.db),
    selectLedgerEntry(provider, movement.id).prepare(ctx.db),
  ]);
  const row = stored?.results[0] as Pick<PaymentLedgerRow, "kind" | "state" | "amount" | "order_id"> | undefined;
  // Also when the row was there already: a report repeated after a failed issue completes it (issuing is once per refund).
  if (row?.kind === "refund" && row.state === "succeeded" && row.order_id === orderId)
    await issueCreditNote(ctx, orderId, { provider, ref: movement.id, amount: row.amount });
  return written?.meta.changes ?? 0;
}

/** The charge that paid an order at a provider, as the ledger holds it. */
export interface OrderCharge {
  /** The provider's id of the payment (refunds name it). */
  paymentId: string;
  /** What it took, minor units of `currency`. */
  charged: number;
  currency: string;
  /** What went back of it already: every refund not failed or cancelled. */
  refunded: number;
}

/** The order's charge at the provider, or null when the ledger holds none. */
export async function orderCharge(db: D1Database, orderId: string, provider: string): Promise<OrderCharge | null> {
  const row = await selectChargeOfOrder(orderId, provider).prepare(db).first<{ provider_ref: string; amount: number; currency: string; refunded: number }>();
  return row ? { paymentId: row.provider_ref, charged: row.amount, currency: row.currency, refunded: row.refunded } : null;
}
