/**
 * Refunds: the one path a cancellation in the back office (orders/staff-order-changes.ts) takes
 * to give money back. It is called after the cancellation committed, for an order with an
 * online payment that was paid (payment state `paid`), with the amount of what was cancelled.
 * No payment provider refunds yet (docs/decisions/0036): until a payment module fills this
 * in, it does nothing and the money is refunded outside the shop, as for the offline methods.
 */
import type { ApiContext } from "../context";

export interface PaymentRefund {
  orderNumber: string;
  /** The provider that took the payment and its reference of it. */
  provider: string | null;
  reference: string | null;
  /** What to refund, integer minor units of `currency`. */
  amount: number;
  currency: string;
}

/** Refunds a cancelled order's or line's share of a paid online payment: nothing yet (see above). */
export async function refundPayment(_ctx: ApiContext, _refund: PaymentRefund): Promise<void> {}
