/**
 * An order as the shop API shows it to the visitor who placed it (the answer of
 * `POST /apiv2/checkout/order` and `GET /apiv2/checkout/order/{number}`; built by
 * worker/shop-api/tables/order-view.ts, the view the account and the back office build on too,
 * read by the order success page). Money in
 * `MoneyValue`s of the order's currency, formatted in the order's language.
 */
import type { BankAccountView } from "./bank-account";
import type { DeliveryModeCode } from "./checkout";
import type { MoneyValue } from "./money";

export type { BankAccountView };

/** SPEC 3 Address as the order keeps it. */
export interface OrderAddressView {
  firstname: string;
  lastname: string;
  companyName?: string;
  vatId?: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

export type OrderPaymentState = "pending" | "paid" | "failed" | "cancelled";

export interface OrderLineView {
  line: number;
  sku: string;
  kind: "product" | "sample";
  name: string;
  options: Record<string, string>;
  quantity: number;
  unit: { code: string; label: string };
  packageContent: number;
  packagePrice: MoneyValue;
  lineTotal: MoneyValue;
  taxRate: number;
  shippedQuantity: number;
  deliveredQuantity: number;
  shippedAt: string | null;
  deliveredAt: string | null;
}

export interface OrderView {
  orderNumber: string;
  state: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled";
  placedAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  email: string;
  billingAddress: OrderAddressView | null;
  shippingAddress: OrderAddressView | null;
  deliveryMode: DeliveryModeCode;
  desiredDate: string | null;
  /** The delivery as quoted when the order was placed: first and last day (YYYY-MM-DD); none for storage on call. */
  delivery: { date?: string; latestDate?: string } | null;
  paymentMethod: string;
  /** An online payment's state; null for the offline methods. */
  paymentState: OrderPaymentState | null;
  /** Prepayment: where to transfer how much with which reference. */
  paymentInstructions: { bankAccount: BankAccountView; reference: string; amount: MoneyValue } | null;
  currency: string;
  lines: OrderLineView[];
  totals: {
    goods: MoneyValue;
    prepaymentDiscount: MoneyValue;
    /** The voucher the order redeemed and the part of it used (issue 15); null without one. */
    voucher: { code: string; amount: MoneyValue } | null;
    shipping: MoneyValue;
    tax: { isIncluded: true; amount: MoneyValue; label: string };
    grandTotal: MoneyValue;
  };
}

/** What placing an order with an online method adds: where the visitor pays. */
export interface OrderPaymentStart {
  state: OrderPaymentState;
  /** The provider's payment page; null when the payment could not be opened (the success page offers another try). */
  redirectUrl: string | null;
}

/** The answer of `POST /apiv2/checkout/order`. */
export type PlacedOrder = OrderView & { payment?: OrderPaymentStart };
