/**
 * The order on the wire: one view of an order, the parts every reader shares, and what each
 * audience's answer adds to it. Money in `MoneyValue`s of the order's currency, formatted in
 * the language of the answer; states and refusals are codes the readers word from their locales.
 *
 *   POST /apiv2/checkout/order                      PlacedOrder        (the visitor who ordered)
 *   GET  /apiv2/checkout/order/{number}             VisitorOrderView
 *   GET  /apiv2/customer/orders?before=&limit=      OrderListPage      (the signed-in customer)
 *   GET  /apiv2/customer/orders/{number}            OrderAnswer
 *   POST /apiv2/customer/orders/{number}/call-off   OrderAnswer
 *   GET  /admin/api/orders, /admin/api/orders/:number   domain/back-office/orders.ts (staff), built from the same parts
 *   POST /admin/orders/{number}/events              OrderEventAnswer   (the ERP)
 *
 * The returns form's view of an order (per line what may be returned) is `RmaOrder` in
 * domain/returns-forms.ts.
 */
import type { BankAccountView } from "../bank-account";
import type { DeliveryModeCode } from "../checkout";
import type { MoneyValue } from "../money";

/** An order's life cycle (migrations/0018_orders.sql): placed -> confirmed -> shipped -> delivered, cancelled before anything shipped. */
export const ORDER_STATES = ["placed", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type OrderDeliveryMode = DeliveryModeCode;

/** An address as the order keeps it. */
export interface OrderAddress {
  firstname: string;
  lastname: string;
  companyName?: string;
  vatId?: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

/** An online payment's state; the offline methods have none. */
export type OrderPaymentState = "pending" | "paid" | "failed" | "cancelled";

/** A line with packages ordered, shipped and delivered (delivered <= shipped <= ordered) and the last shipment and delivery (the returns window counts from the delivery). */
export interface OrderLine {
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

export interface OrderTotals {
  goods: MoneyValue;
  prepaymentDiscount: MoneyValue;
  /** The voucher the order redeemed and the part of it used; null without one. */
  voucher: { code: string; amount: MoneyValue } | null;
  shipping: MoneyValue;
  /** Prices include the tax: its amount and its label ("incl. 19 % VAT"). */
  tax: { isIncluded: true; amount: MoneyValue; label: string };
  grandTotal: MoneyValue;
}

/** The order as every reader sees it: the snapshot it was placed with. */
export interface OrderView {
  orderNumber: string;
  state: OrderState;
  placedAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  email: string;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  deliveryMode: OrderDeliveryMode;
  desiredDate: string | null;
  paymentMethod: string;
  currency: string;
  lines: OrderLine[];
  totals: OrderTotals;
}

/** The order as the visitor who placed it sees it (the order success page): how it is delivered and paid. */
export interface VisitorOrderView extends OrderView {
  /** The delivery as quoted when the order was placed: first and last day (YYYY-MM-DD); none for storage on call. */
  delivery: { date?: string; latestDate?: string } | null;
  /** An online payment's state; null for the offline methods. */
  paymentState: OrderPaymentState | null;
  /** A pending online payment (the success page): not opened (the provider was down), its page still open unpaid, or the money on its way. */
  paymentProgress?: OrderPaymentProgress | null;
  /** When another try is possible: the other online methods the order may be paid with instead (the same total). */
  paymentAlternatives?: string[];
  /** Prepayment: where to transfer how much with which reference. */
  paymentInstructions: { bankAccount: BankAccountView; reference: string; amount: MoneyValue } | null;
}

/** Where a pending online payment stands: `not_started` (the provider could not open it), `open` (its page waits unpaid), `processing` (paid, the money on its way). */
export type OrderPaymentProgress = "not_started" | "open" | "processing";

/** What placing an order with an online method adds: where the visitor pays. */
export interface OrderPaymentStart {
  state: OrderPaymentState;
  /** The provider's payment page; null when the payment could not be opened (the success page offers another try). */
  redirectUrl: string | null;
}

/** The answer of `POST /apiv2/checkout/order`. */
export type PlacedOrder = VisitorOrderView & { payment?: OrderPaymentStart };

/**
 * Where stored goods are: `stored` (in the warehouse, no call-off yet), `called_off` (a
 * delivery date was asked for), `delivered` (the order shipped), `cancelled`.
 */
export type StorageState = "stored" | "called_off" | "delivered" | "cancelled";

/** A call-off: `requested` is the open one, `replaced` one a later call-off took the place of, `shipped` the one the goods went out on. */
export interface CallOff {
  desiredDate: string;
  state: "requested" | "replaced" | "shipped" | "cancelled";
  requestedAt: string;
}

/** The storage of an order on call: free until `storedUntil`; `callOff` says what a new call-off may ask for now. */
export interface OrderStorage {
  state: StorageState;
  /** The last day of the free storage period. */
  storedUntil: string;
  freeMonths: number;
  callOffs: CallOff[];
  /** The dates a call-off may name today (working days), or null when none is possible (shipped, cancelled). */
  callOff: { earliest: string; latest: string } | null;
}

/** The order as its signed-in customer sees it (the account's order page): its history, storage and return. */
export interface CustomerOrderView extends OrderView {
  /** The order's states in time order, from placed on. */
  history: { state: OrderState; at: string }[];
  storage: OrderStorage | null;
  /**
   * True while a return can be started: a product line has packages delivered, not yet in a
   * complaint, within 30 days of that line's delivery (domain/return-window.ts, the rule of
   * the returns page). Defects can be reported there after the 30 days as well.
   */
  returnable: boolean;
  /** The returns page for this order, opened for the signed-in customer: `{prefix}/returns/?order=NUMBER`. */
  returnsLink: string;
  /** Its invoice and credit notes, oldest first (domain/invoicing.ts). */
  documents: OrderDocument[];
}

/** An invoice or credit note of an order, with its downloads (for the signed-in customer). */
export interface OrderDocument {
  number: string;
  kind: "invoice" | "credit_note";
  issuedAt: string;
  grossTotal: MoneyValue;
  /** The PDF. */
  pdfUrl: string;
  /** The XRechnung (CII XML) of a business customer's document; null for a private customer's. */
  xrechnungUrl: string | null;
}

/** The answer of `GET /apiv2/customer/orders/{number}` and of its call-off. */
export interface OrderAnswer {
  order: CustomerOrderView;
}

/** A line of "my orders". */
export interface OrderListItem {
  number: string;
  placedAt: string;
  state: OrderState;
  grandTotal: MoneyValue;
  /** Lines of the order (products and samples). */
  itemCount: number;
  deliveryMode: OrderDeliveryMode;
  /** Only for orders on call with storage. */
  storage?: { until: string; state: StorageState };
}

/** A page of orders newest first; `next` is the `before` of the following page, if there is one. */
export interface OrderListPage {
  orders: OrderListItem[];
  next: string | null;
}

/** The answer of `POST /apiv2/checkout/order/{number}/payment`: another try at an online payment. */
export interface PaymentRetryAnswer {
  orderNumber: string;
  payment: OrderPaymentStart;
}

/** The answer of `POST /apiv2/checkout/payment/{provider}/callback` (the payment provider calls it). */
export interface PaymentCallbackAnswer {
  /** null: a notice about no order of this shop (another shop's payment, an event the shop does not act on, a refund). */
  orderNumber: string | null;
  paymentState: OrderPaymentState | null;
  /** The provider sent this event before; it changed nothing now. */
  replayed: boolean;
  applied: boolean;
  /** Money movements the notice wrote to the payment ledger (none for a repeat). */
  recorded: number;
}

/** An ERP event of an order (`POST /admin/orders/{number}/events`, bearer ORDER_EVENTS_TOKEN). */
export type OrderEventType = "confirmed" | "shipped" | "delivered" | "cancelled";

/** The answer of an order event: the order's state and lines after it; `replayed` when the event was recorded before. */
export interface OrderEventAnswer {
  orderNumber: string;
  state: OrderState;
  replayed: boolean;
  lines: {
    line: number;
    sku: string;
    quantity: number;
    shippedQuantity: number;
    deliveredQuantity: number;
    shippedAt: string | null;
    deliveredAt: string | null;
  }[];
}

/** The refusals of an order event besides the core codes. */
export type OrderEventRefusalCode =
  | "method_not_allowed"
  | "time_in_future"
  | "time_before_order"
  | "lines_not_allowed"
  | "line_required"
  | "unknown_line"
  | "ambiguous_line"
  | "event_id_reused"
  | "state_conflict"
  | "quantity_impossible";
