/**
 * How much money goes back for goods that come back or are cancelled (docs/decisions/0071): the
 * one rule of the refunds of staff cancellations, of returns, complaints and withdrawals and of
 * the back office's own refunds. Amounts are integer minor units, tax included.
 *
 * - A line's share is what was paid for the packages that come back: the line's total times the
 *   quantity back over the quantity ordered.
 * - What the order took off its goods (the prepayment discount and the voucher used) is taken off
 *   the shares pro rata over the order's goods value: the customer gets back what they paid.
 * - Shipping is added as the caller says (a withdrawal of the whole order: the standard delivery
 *   cost, standardShipping below; a cancellation of the whole order: all of it).
 * - Never more than is left to refund (refundable below): what was paid less what went back.
 */

/** What the order charged, as it keeps it. */
export interface RefundOrder {
  /** The goods value of every line, before the discount and the voucher. */
  goods: number;
  /** The prepayment discount. */
  discount: number;
  /** The part of a voucher used. */
  voucher: number;
}

/** A line and how many of its packages come back (at most the quantity ordered). */
export interface RefundLine {
  lineTotal: number;
  quantity: number;
  back: number;
}

/** What was paid for these lines' packages, the order's discount and voucher share taken off, plus `shipping`. */
export function refundAmount(order: RefundOrder, lines: readonly RefundLine[], shipping = 0): number {
  const shares = lines.reduce((sum, line) => {
    const back = Math.min(Math.max(0, line.back), line.quantity);
    return sum + (line.quantity > 0 ? Math.round((line.lineTotal * back) / line.quantity) : 0);
  }, 0);
  const reduction = order.goods > 0 ? Math.round(((order.discount + order.voucher) * shares) / order.goods) : 0;
  return Math.max(0, shares - reduction) + Math.max(0, shipping);
}

/**
 * The standard delivery cost of an order (what a withdrawal of the whole order gives back: the
 * customer who chose express pays its fee): the shipping charged less the express fee.
 */
export function standardShipping(shipping: number, expressFee: number | null | undefined): number {
  return Math.max(0, shipping - Math.max(0, expressFee ?? 0));
}

/** What is left to refund of a payment: what it took less what went back already, never below zero. */
export function refundable(paid: number, refunded: number): number {
  return Math.max(0, paid - refunded);
}
