/**
 * The answers of the back office's orders API (worker/shop-api/orders/staff-orders.ts), as
 * the shop API builds them and the console reads them (roles service and ops):
 *   GET /admin/api/orders?shop=&state=&q=&limit=&before=   StaffOrderListPage
 *   GET /admin/api/orders/:number                          StaffOrderDetail
 * Money is the order's own snapshot, formatted in its currency and language.
 */
import { ORDER_STATES, type OrderAddress, type OrderDeliveryMode, type OrderState, type OrderTotals, type OrderView } from "../api/orders";
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

/** One step of the order's history: its placing, then each ERP event as recorded. */
export interface StaffOrderHistoryEntry {
  type: "placed" | StaffOrderEventType;
  /** When it happened (for ERP events: the time the ERP gave). */
  at: string;
  /** When the shop API recorded it. */
  recordedAt: string;
  /** The ERP's event id; null for the placing. */
  eventId: string | null;
  /** Shipped or delivered packages per line. */
  lines: { line: number; sku: string; quantity: number }[];
}

/** The confirmation mail's row in the mail outbox (the console's mail view shows it by id). */
export interface StaffOrderMail {
  id: number;
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
    Pick<OrderView, "billingAddress" | "shippingAddress" | "desiredDate" | "confirmedAt" | "shippedAt" | "deliveredAt" | "cancelledAt" | "currency" | "lines"> {
  /** The delivery dates quoted when the order was placed. */
  delivery: { date: string | null; latestDate: string | null };
  totals: Omit<OrderTotals, "tax"> & { tax: MoneyValue; taxLabel: string };
  history: StaffOrderHistoryEntry[];
  /** Null when the outbox holds no confirmation for it (e.g. a local database whose outbox was cleared). */
  confirmationMail: StaffOrderMail | null;
}

/** A page of orders newest first; `next` is the `before` of the following page, if there is one. */
export interface StaffOrderPage {
  orders: StaffOrderSummary[];
  next: string | null;
}

export interface StaffOrderListPage extends StaffOrderPage {
  states: readonly StaffOrderState[];
  shops: ShopChoice[];
}
