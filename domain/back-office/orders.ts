/**
 * The answers of the back office's orders API (worker/shop-api/orders/staff-orders.ts), as
 * the shop API builds them and the console reads them (roles service and ops):
 *   GET /admin/api/orders?shop=&state=&q=&limit=&before=   StaffOrderListPage
 *   GET /admin/api/orders/:number                          StaffOrderDetail
 *   POST /admin/api/orders/:number/cancel                  StaffOrderCancelRequest -> StaffOrderDetail
 *   POST /admin/api/orders/:number/shipment                StaffOrderShipmentRequest -> StaffOrderDetail
 *   PUT /admin/api/orders/:number/shipping-address         StaffOrderAddressRequest -> StaffOrderDetail
 *   POST /admin/api/orders/:number/notes                   StaffOrderNoteRequest -> StaffOrderDetail
 *   POST /admin/api/orders/:number/refund                  StaffRefundRequest (domain/api/payments.ts) -> StaffOrderDetail
 * Money is the order's own snapshot, formatted in its currency and language.
 */
import { ORDER_STATES, type OrderAddress, type OrderDeliveryMode, type OrderLine, type OrderState, type OrderTotals, type OrderView } from "../api/orders";
import type { Carrier } from "../carriers";
import type { StaffOrderPayments } from "../api/payments";
import type { MoneyValue } from "../money";
import type { MailStatus } from "./mail-outbox";
import type { ShopChoice } from "./shop-choice";

/** An order's life cycle (domain/api/orders.ts). */
export { ORDER_STATES };
export type StaffOrderState = OrderState;

/** What the ERP reports (POST /admin/orders/{number}/events). */
export type StaffOrderEventType = Exclude<StaffOrderState, "placed">;

export type StaffDeliveryMode = OrderDeliveryMode;

/** An address as the order keeps it (domain/api/orders.ts). */
export type StaffOrderAddress = OrderAddress;

export interface StaffOrderSummary {
  orderNumber: string;
  shop: string;
  language: string;
  state: StaffOrderState;
  /** When the order reached its state. */
  stateAt: string;
  email: string;
  /** The billing address's name, and its company when there is one. */
  name: string;
  company: string | null;
  /** Where it goes (the shipping address). */
  city: string;
  countryCode: string;
  lineCount: number;
  grandTotal: MoneyValue;
  paymentMethod: string;
  deliveryMode: StaffDeliveryMode;
  placedAt: string;
}

/** What only staff do in the back office besides the ERP's events. */
export type StaffOrderChangeType = "lines_cancelled" | "address_changed" | "note" | "refunded";

/** A shipment staff recorded: the carrier, its tracking number and the tracking page the shipping mail links to. */
export interface StaffOrderShipment {
  carrier: Carrier;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** One step of the order's history: its placing, then each ERP event and each change staff made, as recorded. */
export interface StaffOrderHistoryEntry {
  type: "placed" | StaffOrderEventType | StaffOrderChangeType;
  /** When it happened (for ERP events: the time the ERP gave). */
  at: string;
  /** When the shop API recorded it. */
  recordedAt: string;
  /** The ERP's event id or the change's id; null for the placing. */
  eventId: string | null;
  /** The staff member who made the change; null for the placing and the ERP's events. */
  by: { id: string; name: string } | null;
  /** Shipped, delivered or cancelled packages per line. */
  lines: { line: number; sku: string; quantity: number }[];
  /** A shipment staff recorded. */
  shipment?: StaffOrderShipment;
  /** The new delivery address of an address change. */
  address?: StaffOrderAddress;
  /** An internal note (never shown to the customer). */
  note?: string;
  /** The refund of a cancellation of an order paid online, or of staff's refund. */
  refund?: StaffOrderRefund;
}

/**
 * What became of a refund at the payment provider: `refunded`, or `failed` (the provider was down
 * or refused; what caused it stands and staff retry it: POST .../refund `{ retry: eventId }`).
 */
export interface StaffOrderRefund {
  state: "refunded" | "failed";
  amount: MoneyValue;
}

/** A line as staff see it: cancelled lines stay listed with the time they were cancelled. */
export interface StaffOrderLine extends OrderLine {
  cancelledAt: string | null;
}

/** The confirmation mail's row in the mail outbox (the console's mail view shows it by id). */
export interface StaffOrderMail {
  id: number;
  /** The mail's key in the mail outbox's paths (`CH-17`; domain/back-office/mail-outbox.ts). */
  key: string;
  status: MailStatus;
  recipient: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The order as staff see it: the shared order view (domain/api/orders.ts), the tax as an amount beside its label, the ERP history and the confirmation mail. */
export interface StaffOrderDetail
  extends
    StaffOrderSummary,
    Pick<OrderView, "billingAddress" | "shippingAddress" | "desiredDate" | "confirmedAt" | "shippedAt" | "deliveredAt" | "cancelledAt" | "currency"> {
  /** The order's change count: every change names the version it was made on (a stale one is refused with 409 `order_changed`). */
  version: number;
  lines: StaffOrderLine[];
  /** The delivery dates quoted when the order was placed. */
  delivery: { date: string | null; latestDate: string | null };
  /**
   * The totals, the tax as an amount beside its label. `reverseCharge`: placed under the reverse charge (docs/decisions/0075):
   * every amount (lines and totals) is net, the tax 0, and its label the note the invoice carries.
   */
  totals: Omit<OrderTotals, "tax"> & { tax: MoneyValue; taxLabel: string; reverseCharge: boolean };
  history: StaffOrderHistoryEntry[];
  /** Null when the outbox holds no confirmation for it (e.g. a local database whose outbox was cleared). */
  confirmationMail: StaffOrderMail | null;
  /** The carriers a shipment may name. */
  carriers: readonly Carrier[];
  /** The countries the order's shop delivers to (the address form's choice). */
  deliveryCountries: readonly string[];
  /** Its payments and refunds from the payment ledger, and what staff may still refund. */
  payments: StaffOrderPayments;
}

/** Every change names the version of the order it was made on. */
interface StaffOrderChangeRequest {
  version: number;
}

/** Cancels the whole order, or only the lines named (their numbers); the stock goes back, a payment is refunded. */
export interface StaffOrderCancelRequest extends StaffOrderChangeRequest {
  lines?: number[];
}

/** Marks every package not shipped yet as shipped; the customer gets the shipping mail with the tracking link. */
export interface StaffOrderShipmentRequest extends StaffOrderChangeRequest {
  carrier: Carrier;
  trackingNumber: string;
}

/** A new delivery address (the checkout's address rules), before anything shipped. */
export interface StaffOrderAddressRequest extends StaffOrderChangeRequest {
  address: StaffOrderAddress;
}

/** An internal note in the order's history. */
export interface StaffOrderNoteRequest extends StaffOrderChangeRequest {
  note: string;
}

/**
 * Refusals of staff's changes besides the core codes (409 unless said): the order's state does
 * not allow the change (`params.change`, `params.state`), goods already shipped, a line shipped
 * or already cancelled (`params.line`), nothing left to ship, another change came first.
 */
export type StaffOrderRefusalCode = "change_not_allowed" | "goods_shipped" | "line_shipped" | "line_cancelled" | "nothing_to_ship" | "order_changed";

/** A page of orders newest first; `next` is the `before` of the following page, if there is one. */
export interface StaffOrderPage {
  orders: StaffOrderSummary[];
  next: string | null;
}

export interface StaffOrderListPage extends StaffOrderPage {
  states: readonly StaffOrderState[];
  shops: ShopChoice[];
}
