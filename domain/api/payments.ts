/**
 * An order's payments and refunds on the wire (docs/decisions/0071), for the back office's
 * order detail (GET /admin/api/orders/:number answers them as `payments`) and its refunds:
 *
 *   POST /admin/api/orders/:number/refund   StaffRefundRequest -> the order's detail
 *
 * Roles service and ops; idempotent by Idempotency-Key and guarded by the order's version.
 */
import type { MoneyValue } from "../money";

/** The kinds of money movement the payment ledger holds. */
export type PaymentMovementKind = "charge" | "capture" | "refund" | "chargeback";

/** The provider of a refund staff transferred back by bank (an order paid by prepayment, invoice or cash on delivery). */
export const BANK_TRANSFER_PROVIDER = "bank_transfer";

/** One row of the payment ledger as staff read it. */
export interface StaffPaymentMovement {
  kind: PaymentMovementKind;
  /** The provider that moved the money (`stripe`, `paypal`, or `bank_transfer` for a refund staff transferred). */
  provider: string;
  /** The provider's id of the movement (a PaymentIntent, a Refund, a Dispute; the refund's key for a bank transfer). */
  providerRef: string;
  amount: MoneyValue;
  /** The provider's state of it (succeeded, pending, failed, ...). */
  state: string;
  at: string;
}

/** What the order took and gave back, and what staff may still refund. */
export interface StaffOrderPayments {
  /** The order's payment method (the checkout's code). */
  method: string;
  /** Online: refunds go to the provider; offline: staff transfer the money back and record it. */
  online: boolean;
  movements: StaffPaymentMovement[];
  /** What the order took (its charge online; its grand total offline). */
  paid: MoneyValue;
  /** What went back already (refunds not failed or cancelled). */
  refunded: MoneyValue;
  /** What staff may refund now: paid less refunded (nothing for an online payment not paid). */
  refundable: MoneyValue;
}

/**
 * A refund staff make: `amount` (minor units of the order's currency, at most the refundable)
 * with a `reason`, or the retry of a refund that failed (`retry`: the history entry's id).
 */
export type StaffRefundRequest = { version: number; amount: number; reason: string } | { version: number; retry: string };

/** Why a refund is refused (the console words them from its locale). */
export const REFUND_REFUSAL_CODES = ["refund_too_high", "nothing_to_refund", "refund_not_failed"] as const;
export type RefundRefusalCode = (typeof REFUND_REFUSAL_CODES)[number];
