/**
 * The payment-provider interface (docs/decisions/0036). The shop takes online
 * methods (PayPal, card, Klarna, SEPA, Amazon Pay, instant transfer, TWINT) only through a
 * provider configured for the shop (config `paymentProviders`, registry.ts):
 *
 * 1. Placing the order (POST /apiv2/checkout/order) writes it with payment state `pending`
 *    and calls `start`: the provider opens a payment for the order's grand total and answers
 *    the page the visitor is sent to (`payment.redirectUrl` in the answer).
 * 2. The visitor comes back to `returnUrl` (GET), which leads to the success page: a return
 *    proves nothing. A provider whose payments wait for the shop's capture (PayPal) is asked
 *    there to capture the order's open payment; its own answer then tells the outcome.
 * 3. The provider tells the shop the outcome on `callbackUrl` (server to server);
 *    `verifyCallback` checks the request's signature (or asks the provider) and answers
 *    the order, the outcome and the provider's reference. Only a verified callback changes
 *    the order's payment state, once per outcome (checkout/payments.ts).
 */
import type { OnlinePaymentMethod } from "@domain/payment-methods";

export type { OnlinePaymentMethod };

/** What a provider gets to open a payment. Amounts are integer minor units. */
export interface PaymentOrder {
  shopId: string;
  orderNumber: string;
  method: OnlinePaymentMethod;
  amount: number;
  currency: string;
  email: string;
  language: string;
  /** The try of this order's payment (1 when placed, one more per new try): a start repeated with the same attempt opens no second payment. */
  attempt: number;
  /** The text the visitor sees at the provider (shop and order number). */
  description: string;
  /** Where the provider sends the visitor back (absolute, on the shop's host). */
  returnUrl: string;
  /** Where the provider reports the outcome (absolute, on the shop's host). */
  callbackUrl: string;
}

export interface PaymentStart {
  /** The provider's payment page (https). */
  redirectUrl: string;
  /** The provider's id of the payment, when it gives one now. */
  reference?: string;
}

/**
 * The outcome of a payment as a verified callback tells it. `pending`: the visitor finished at
 * the provider but the money is not there yet (a SEPA debit, a bank transfer): nothing changes.
 */
export interface PaymentOutcome {
  orderNumber: string;
  status: "paid" | "failed" | "cancelled" | "pending";
  /** The provider's id of the payment (or of this notification when the payment has none). */
  reference: string;
  /** What was paid, when the provider says it (minor units): a paid outcome of another amount or currency is refused. */
  amount?: number;
  currency?: string;
  /** The provider's id of the money taken (a charge in the ledger), with a paid outcome. */
  paymentId?: string;
}

/** A money movement the provider reports on a payment it took (the ledger's refund and chargeback rows). */
export interface PaymentMovement {
  kind: "refund" | "chargeback";
  /** The provider's id of the refund or dispute. */
  id: string;
  /** The provider's id of the payment it gives money back from (paymentId of the paid outcome). */
  paymentId: string;
  amount: number;
  currency: string;
  state: string;
}

/**
 * The visitor approved payment `approved` at the provider, which takes the money only when the shop
 * captures it (PayPal): the shop captures it while it is still the order's open payment.
 */
export interface PaymentApproval {
  orderNumber: string;
  approved: string;
}

/** What a verified callback reports: an outcome, an approval to capture, movements on a paid payment, or something the shop does not act on. */
export type PaymentNotice = PaymentOutcome | PaymentApproval | { movements: PaymentMovement[] } | { ignored: string };

/**
 * The provider's view of an opened payment now (the return page asks it while the order still waits).
 * `unknown`: the provider does not know the payment (PayPal: 404 RESOURCE_NOT_FOUND; Stripe: resource_missing),
 * as for an order it no longer keeps or one opened on another account or environment. Any other failure
 * to answer (the provider down) throws.
 */
export type PaymentStatus = "open" | "processing" | "complete" | "expired" | "unknown";

export interface PaymentProvider {
  /** The adapter's name, as config/shops.json names it (`paymentProviders[].provider`). */
  code: string;
  /** The online methods it takes for the shop. */
  methods: OnlinePaymentMethod[];
  start(order: PaymentOrder): Promise<PaymentStart>;
  /** Verifies a callback request; throws PaymentCallbackRefused when it is not the provider's (bad or missing signature, unreadable). */
  verifyCallback(request: Request): Promise<PaymentNotice>;
  /**
   * Takes the money of the approved payment `reference` (providers whose payments wait for the shop's
   * capture: PayPal) and answers the outcome the provider's own answer reports; a repeat captures nothing twice.
   */
  capture?(reference: string): Promise<PaymentNotice>;
  /** Where the opened payment `reference` stands now. */
  status?(reference: string): Promise<PaymentStatus>;
  /** Closes the open payment `reference` before another try; false when it is no longer open (paid, processing) or the provider does not know it. */
  close?(reference: string): Promise<boolean>;
  /** Gives the money of payment `paymentId` back (a payment that arrived after the order was cancelled); `key` makes a repeat give nothing twice. */
  refund?(payment: { paymentId: string; amount: number; currency: string; key: string }): Promise<PaymentMovement>;
}

/** A callback the provider did not sign (or that cannot be read): refused, nothing changes. */
export class PaymentCallbackRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PaymentCallbackRefused";
  }
}
