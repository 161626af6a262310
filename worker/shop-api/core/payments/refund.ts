/**
 * Refunds: the one path a cancellation in the back office (orders/staff-order-changes.ts) takes
 * to give money back (docs/decisions/0062, 0066). It is called after the cancellation committed,
 * for an order with an online payment that was paid (payment state `paid`), with the amount of
 * what was cancelled:
 *
 * - the refund goes through the provider that took the payment (the ledger's charge of the
 *   order), never more than the charge minus what its refunds gave back already;
 * - its idempotency key names the order and the cancellation (the whole order, or the lines
 *   cancelled), so a retry or a second click makes one refund at the provider;
 * - the provider's refund is written to the ledger once (its id keys the row);
 * - a provider that is down or refuses leaves the cancellation as it is and writes nothing to the
 *   ledger: the answer is `failed` with the amount, which the cancellation's history keeps for staff.
 */
import type { ApiContext } from "../context";
import { shopById } from "../shop";
import { checkedMovement, orderCharge, writeMovement } from "./ledger";
import type { PaymentMovement } from "./provider";
import { paymentProviderByCode } from "./registry";

/** A refund the provider answers in one of these states gave nothing back. */
const FAILED_STATES = new Set(["failed", "canceled"]);

export interface PaymentRefund {
  shopId: string;
  orderId: string;
  orderNumber: string;
  /** The provider that took the payment (the order's `payment_provider`). */
  provider: string | null;
  /** What to refund, integer minor units of `currency`. */
  amount: number;
  currency: string;
  /** What was cancelled: `order`, or the cancelled lines' numbers (`lines-1-3`); with the order it keys the refund. */
  cancellation: string;
}

/** What became of a refund: given back (the amount the provider refunded) or failed (the amount staff must refund). */
export interface RefundOutcome {
  state: "refunded" | "failed";
  amount: number;
  currency: string;
}

/** Refunds a cancelled order's or line's share of a paid online payment; null when nothing is left to refund (or no online charge). */
export async function refundPayment(ctx: ApiContext, refund: PaymentRefund): Promise<RefundOutcome | null> {
  const charge = refund.provider ? await orderCharge(ctx.db, refund.orderId, refund.provider) : null;
  if (!refund.provider || !charge || charge.currency !== refund.currency) return null;
  const amount = Math.min(refund.amount, charge.charged - charge.refunded);
  if (amount <= 0) return null;
  const shop = shopById(refund.shopId);
  const provider = shop ? paymentProviderByCode(shop, ctx.env, refund.provider) : null;
  let movement: PaymentMovement;
  try {
    if (!provider?.refund) throw new Error("no usable provider that refunds");
    movement = checkedMovement(
      await provider.refund({
        paymentId: charge.paymentId,
        amount,
        currency: refund.currency,
        key: `refund-${refund.shopId}-${refund.orderNumber}-${refund.cancellation}`,
      }),
    );
  } catch (error) {
    console.warn(`refund failed (${refund.shopId} ${refund.orderNumber}, ${refund.provider}): ${error instanceof Error ? error.message : String(error)}`);
    return { state: "failed", amount, currency: refund.currency };
  }
  // The money went back: a ledger that cannot be written now gets the row from the provider's own report of the refund.
  await writeMovement(ctx, refund.provider, refund.orderId, movement).catch((error: unknown) =>
    console.warn(`refund not written to the ledger (${refund.shopId} ${refund.orderNumber}): ${error instanceof Error ? error.message : String(error)}`),
  );
  return { state: FAILED_STATES.has(movement.state) ? "failed" : "refunded", amount, currency: refund.currency };
}
