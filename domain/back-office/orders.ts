/**
 * The answers of the back office's orders API (worker/shop-api/orders/staff-orders.ts), as
 * the shop API builds them and the console reads them (roles service and ops):
 *   GET /admin/api/orders?shop=&state=&q=&limit=&before=   StaffOrderListPage
 *   GET /admin/api/orders/:number                          StaffOrderDetail
 * Money is the order's own snapshot, formatted in its currency and language.
 */
import type { OrderAddressView, OrderLineView } from "../order";
import type { MoneyValue } from "../money";
import type { MailStatus } from "./mail-outbox";
import type { ShopChoice } from "./shop-choice";

/** An order's life cycle (migrations/0018_orders.sql): placed -> confirmed -> shipped -> delivered, cancelled before anything shipped. */
export const ORDER_STATES = ["placed", "confirmed", "shipped", "delivered", "cancelled"] as const;
export type StaffOrderState = (typeof ORDER_STATES)[number];

/** What the ERP reports (POST /admin/orders/{number}/events). */
export type StaffOrderEventType = Exclude<StaffOrderState, "placed">;

export type StaffDeliveryMode = "standard" | "requested_date" | "on_call_storage" | "express";

/** SPEC 3 Address as the order keeps it (domain/order.ts). */
export type StaffOrderAddress = OrderAddressView;

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

/** A line with packages ordered, shipped and delivered (delivered <= shipped <= ordered) and the last shipment and delivery (the returns window counts from the delivery): domain/order.ts. */
export type StaffOrderLine = OrderLineView;

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

export interface StaffOrderDetail extends StaffOrderSummary {
  billingAddress: StaffOrderAddress | null;
  shippingAddress: StaffOrderAddress | null;
  desiredDate: string | null;
  /** The delivery dates quoted when the order was placed. */
  delivery: { date: string | null; latestDate: string | null };
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  currency: string;
  lines: StaffOrderLine[];
  totals: {
    goods: MoneyValue;
    prepaymentDiscount: MoneyValue;
    /** The voucher the order redeemed and the part of it used (issue 15); null without one. */
    voucher: { code: string; amount: MoneyValue } | null;
    shipping: MoneyValue;
    tax: MoneyValue;
    taxLabel: string;
    grandTotal: MoneyValue;
  };
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
