/**
 * Refunds: the one path every refund of an order takes (docs/decisions/0062, 0066, 0071): a
 * cancellation in the back office (orders/staff-order-changes.ts), a complaint, return or
 * withdrawal moved to `refunded` (returns/refunds.ts) and staff's own refunds and retries
 * (orders/staff-refunds.ts). The amount is the one rule of domain/refund-amount.ts.
 *
 * - An order paid online (payment state `paid`): the refund goes through the provider that took
 *   the payment (the ledger's charge of the order, through the provider interface), never more
 *   than the charge minus what its refunds gave back already.
 * - An order paid offline (prepayment, invoice, cash on delivery): no provider is asked; the
 *   outcome is `transfer`, the amount staff transfer back by bank, and recordTransfer writes
 *   that refund to the ledger (provider `bank_transfer`) when staff say it is done.
 * - The refund's key names the shop, the order and its cause (the whole order, the lines
 *   cancelled, the complaint, staff's refund), so a retry or a second click makes one refund at
 *   the provider, and one ledger row (its id, or the key for a transfer, keys the row).
 * - A provider that is down or refuses leaves whatever caused the refund as it is and writes
 *   nothing to the ledger: the answer is `failed` with the amount, which the history keeps for
 *   staff, who may retry it (the same key).
 */
import type { D1Database } from "@cloudflare/workers-types";
import { BANK_TRANSFER_PROVIDER } from "@domain/api/payments";
import { refundable, refundAmount } from "@domain/refund-amount";
import type { OrderPaymentColumns } from "../../tables/order-payments";
import type { OrderLineRow, OrderRow } from "../../tables/orders";
import { selectRefundedOfOrder } from "../../tables/payment-ledger";
import type { ApiContext } from "../context";
import { shopById } from "../shop";
import { checkedMovement, orderCharge, writeMovement } from "./ledger";
import type { PaymentMovement } from "./provider";
import { paymentProviderByCode } from "./registry";

/** A refund the provider answers in one of these states gave nothing back. */
const FAILED_STATES = new Set(["failed", "canceled"]);

/** The order as a refund reads it. */
export type RefundedOrder = Pick<
  OrderRow,
  "id" | "shop_id" | "order_number" | "currency" | "goods_total" | "discount_total" | "voucher_total" | "grand_total"
> &
  Pick<OrderPaymentColumns, "payment_state" | "payment_provider">;

export interface PaymentRefund {
  shopId: string;
  orderId: string;
  orderNumber: string;
  /** The provider that took the payment (the order's `payment_provider`). */
  provider: string | null;
  /** What to refund, integer minor units of `currency`. */
  amount: number;
  currency: string;
  /**
   * What the refund is for: `order` (the whole order cancelled), the cancelled lines' numbers
   * (`lines-1-3`), a complaint's number, or staff's refund (`staff-<id>`); with the order it keys the refund.
   */
  cause: string;
}

/**
 * What became of a refund: given back (the amount the provider refunded), failed (the amount
 * staff must refund again), or to be transferred back by bank (an offline payment). `cause`
 * keys a retry or the transfer's ledger row.
 */
export interface RefundOutcome {
  state: "refunded" | "failed" | "transfer";
  amount: number;
  currency: string;
  cause: string;
}

/** The key of a refund at the provider and in the ledger. */
const refundKey = (refund: Pick<PaymentRefund, "shopId" | "orderNumber" | "cause">): string => `refund-${refund.shopId}-${refund.orderNumber}-${refund.cause}`;

/** The rule's amount (domain/refund-amount.ts) for `back` packages per line number of the order, plus `shipping`. */
export function linesRefundAmount(
  order: Pick<OrderRow, "goods_total" | "discount_total" | "voucher_total">,
  lines: readonly Pick<OrderLineRow, "line_no" | "line_total" | "quantity">[],
  back: ReadonlyMap<number, number>,
  shipping = 0,
): number {
  return refundAmount(
    { goods: order.goods_total, discount: order.discount_total, voucher: order.voucher_total ?? 0 },
    lines.map((line) => ({ lineTotal: line.line_total, quantity: line.quantity, back: back.get(line.line_no) ?? 0 })),
    shipping,
  );
}

/** True when the order was paid offline: its refunds are bank transfers staff make. */
export const paidOffline = (order: Pick<OrderPaymentColumns, "payment_provider">): boolean => order.payment_provider === null;

/** What the order took and gave back: its charge at the provider (nothing while not paid), or its grand total when paid offline. */
export async function orderBalance(db: D1Database, order: RefundedOrder): Promise<{ paid: number; refunded: number; refundable: number }> {
  if (paidOffline(order)) {
    const row = await selectRefundedOfOrder(order.id, BANK_TRANSFER_PROVIDER).prepare(db).first<{ refunded: number }>();
    const refunded = row?.refunded ?? 0;
    return { paid: order.grand_total, refunded, refundable: refundable(order.grand_total, refunded) };
  }
  const charge = order.payment_state === "paid" && order.payment_provider ? await orderCharge(db, order.id, order.payment_provider) : null;
  if (!charge || charge.currency !== order.currency) return { paid: 0, refunded: 0, refundable: 0 };
  return { paid: charge.charged, refunded: charge.refunded, refundable: refundable(charge.charged, charge.refunded) };
}

/**
 * Gives `amount` of the order back for `cause`: through the provider for an order paid online,
 * as a transfer staff make for one paid offline; null when nothing is left to refund.
 */
export async function refundOrder(ctx: ApiContext, order: RefundedOrder, amount: number, cause: string): Promise<RefundOutcome | null> {
  if (!paidOffline(order))
    return refundPayment(ctx, {
      shopId: order.shop_id,
      orderId: order.id,
      orderNumber: order.order_number,
      provider: order.payment_provider,
      amount,
      currency: order.currency,
      cause,
    });
  const left = Math.min(amount, (await orderBalance(ctx.db, order)).refundable);
  return left > 0 ? { state: "transfer", amount: left, currency: order.currency, cause } : null;
}

/** Tries a failed refund of the order again at its provider: the same amount and key, so the provider refunds once however often. */
export function retryRefund(
  ctx: ApiContext,
  order: RefundedOrder,
  failed: Pick<RefundOutcome, "amount" | "currency" | "cause">,
): Promise<RefundOutcome | null> {
  return refundPayment(ctx, {
    shopId: order.shop_id,
    orderId: order.id,
    orderNumber: order.order_number,
    provider: order.payment_provider,
    amount: failed.amount,
    currency: failed.currency,
    cause: failed.cause,
  });
}

/** Writes a refund staff transferred back by bank to the ledger once (keyed by the refund's key); the rows written (0 or 1). */
export async function recordTransfer(ctx: ApiContext, order: RefundedOrder, outcome: Pick<RefundOutcome, "amount" | "currency" | "cause">): Promise<number> {
  const key = refundKey({ shopId: order.shop_id, orderNumber: order.order_number, cause: outcome.cause });
  return writeMovement(ctx, BANK_TRANSFER_PROVIDER, order.id, {
    kind: "refund",
    id: key,
    paymentId: key,
    amount: outcome.amount,
    currency: outcome.currency,
    state: "succeeded",
  });
}

/** Refunds a share of a paid online payment; null when nothing is left to refund (or no online charge). */
export async function refundPayment(ctx: ApiContext, refund: PaymentRefund): Promise<RefundOutcome | null> {
  const charge = refund.provider ? await orderCharge(ctx.db, refund.orderId, refund.provider) : null;
  if (!refund.provider || !charge || charge.currency !== refund.currency) return null;
  const amount = Math.min(refund.amount, refundable(charge.charged, charge.refunded));
  if (amount <= 0) return null;
  const shop = shopById(refund.shopId);
  const provider = shop ? paymentProviderByCode(shop, ctx.env, refund.provider) : null;
  const outcome = (state: RefundOutcome["state"]): RefundOutcome => ({ state, amount, currency: refund.currency, cause: refund.cause });
  let movement: PaymentMovement;
  try {
    if (!provider?.refund) throw new Error("no usable provider that refunds");
    movement = checkedMovement(await provider.refund({ paymentId: charge.paymentId, amount, currency: refund.currency, key: refundKey(refund) }));
  } catch (error) {
    console.warn(`refund failed (${refund.shopId} ${refund.orderNumber}, ${refund.provider}): ${error instanceof Error ? error.message : String(error)}`);
    return outcome("failed");
  }
  // The money went back: a ledger that cannot be written now gets the row from the provider's own report of the refund.
  await writeMovement(ctx, refund.provider, refund.orderId, movement).catch((error: unknown) =>
    console.warn(`refund not written to the ledger (${refund.shopId} ${refund.orderNumber}): ${error instanceof Error ? error.message : String(error)}`),
  );
  return outcome(FAILED_STATES.has(movement.state) ? "failed" : "refunded");
}
