/**
 * The order tables (migrations/0018_orders.sql): `orders`, `order_lines`, `order_events`
 * and the per-shop `order_counters`. Money is integer minor units, tax included.
 */
import { money } from "@domain/money";
import type { OrderEventType, OrderLine } from "@domain/api/orders";
import type { StaffOrderChangeType } from "@domain/back-office/orders";
import { parseJsonOr } from "@worker/lib/json";
import { unitLabel } from "@worker/lib/labels";
import { sql, type SqlFragment } from "@worker/lib/sql";

export type DeliveryMode = "standard" | "requested_date" | "on_call_storage" | "express";
export type OrderState = "placed" | "confirmed" | "shipped" | "delivered" | "cancelled";
export type { OrderEventType };

/** The first number a shop hands out: DE-100001. */
export const FIRST_ORDER_NUMBER = 100001;

export interface OrderRow {
  id: string;
  order_number: string;
  shop_id: string;
  language: string;
  visitor_id: string;
  email: string;
  billing_address: string;
  shipping_address: string;
  delivery_mode: DeliveryMode;
  desired_date: string | null;
  payment_method: string;
  currency: string;
  goods_total: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  grand_total: number;
  delivery_summary: string;
  state: OrderState;
  placed_at: string;
  confirmed_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  /** The customer account the order belongs to (migration 0021; tables/customer-orders.ts), null for a guest's. */
  customer_id?: string | null;
  /** The voucher the order redeemed (migration 0024; tables/vouchers.ts) and the part of it used, minor units (0 without one). */
  voucher_code?: string | null;
  voucher_total?: number;
  /** 1: placed under the reverse charge (migration 0040): its amounts are nets, its tax 0. */
  reverse_charge?: 0 | 1;
  /** The order's change count (migration 0070): every change of the state machine (orders/order-transitions.ts) raises it. */
  version: number;
  /** The claim of the change that last won the order's guarding UPDATE. */
  change_claim: string | null;
  /**
   * Placed under an Idempotency-Key (migration 0043): SHA-256 of the request that placed it (core/idempotency.ts), whose
   * repeat answers from the order; null without a key.
   */
  request_fingerprint?: string | null;
}

export interface OrderLineRow {
  order_id: string;
  line_no: number;
  sku: string;
  kind: "product" | "sample";
  name: string;
  options: string;
  quantity: number;
  unit: string;
  package_content: number;
  package_price: number;
  line_total: number;
  tax_rate: number;
  shipped_qty: number;
  delivered_qty: number;
  shipped_at: string | null;
  delivered_at: string | null;
  /** When staff cancelled the line (migration 0070); null for a line that stands. */
  cancelled_at: string | null;
}

/** What an order's history records: the ERP's events and staff's own changes. */
export type OrderHistoryType = OrderEventType | StaffOrderChangeType;

export interface OrderEventRow {
  id: string;
  order_id: string;
  type: OrderHistoryType;
  occurred_at: string;
  body: string;
  claim: string;
  recorded_at: string;
  /** Who made a staff change (migration 0070); null for the ERP's events. */
  staff_id: string | null;
  staff_name: string | null;
}

/** Takes the shop's next order number (the counter starts at FIRST_ORDER_NUMBER); only when `holds`. */
export function takeOrderNumber(shopId: string, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO order_counters (shop_id, last_number) SELECT ${shopId}, ${FIRST_ORDER_NUMBER} WHERE ${holds}
    ON CONFLICT (shop_id) DO UPDATE SET last_number = last_number + 1`;
}

/** The number takeOrderNumber took, as shown: `DE-100001`. */
export function currentOrderNumber(shopId: string): SqlFragment {
  return sql`SELECT ${shopId} || '-' || last_number FROM order_counters WHERE shop_id = ${shopId}`;
}

/** Inserts an order (its number from currentOrderNumber); only when `holds`. */
export function insertOrder(row: Omit<OrderRow, "order_number">, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO orders (id, order_number, shop_id, language, visitor_id, email, billing_address, shipping_address, delivery_mode,
      desired_date, payment_method, currency, goods_total, discount_total, shipping_total, tax_total, grand_total, delivery_summary, state,
      placed_at, created_at, customer_id, voucher_code, voucher_total, reverse_charge, request_fingerprint)
    SELECT ${row.id}, (${currentOrderNumber(row.shop_id)}), ${row.shop_id}, ${row.language}, ${row.visitor_id}, ${row.email},
      ${row.billing_address}, ${row.shipping_address}, ${row.delivery_mode}, ${row.desired_date}, ${row.payment_method}, ${row.currency},
      ${row.goods_total}, ${row.discount_total}, ${row.shipping_total}, ${row.tax_total}, ${row.grand_total}, ${row.delivery_summary},
      ${row.state}, ${row.placed_at}, ${row.created_at}, ${row.customer_id ?? null},
      ${row.voucher_code ?? null}, ${row.voucher_total ?? 0}, ${row.reverse_charge ?? 0}, ${row.request_fingerprint ?? null}
    WHERE ${holds}`;
}

export function insertOrderLine(line: OrderLineRow, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO order_lines (order_id, line_no, sku, kind, name, options, quantity, unit, package_content, package_price, line_total, tax_rate)
    SELECT ${line.order_id}, ${line.line_no}, ${line.sku}, ${line.kind}, ${line.name}, ${line.options}, ${line.quantity}, ${line.unit},
      ${line.package_content}, ${line.package_price}, ${line.line_total}, ${line.tax_rate}
    WHERE ${holds}`;
}

export function selectOrderByNumber(shopId: string, orderNumber: string): SqlFragment {
  return sql`SELECT * FROM orders WHERE shop_id = ${shopId} AND order_number = ${orderNumber}`;
}

export function selectOrderById(orderId: string): SqlFragment {
  return sql`SELECT * FROM orders WHERE id = ${orderId}`;
}

export function selectOrderLines(orderId: string): SqlFragment {
  return sql`SELECT * FROM order_lines WHERE order_id = ${orderId} ORDER BY line_no`;
}

/** The order's lines as its snapshot has them, with shipped and delivered quantities; shown to the visitor who ordered, the customer's account and staff alike; formatted in `language` (default: the order's). */
export function orderLineViews(order: Pick<OrderRow, "currency" | "language">, lines: OrderLineRow[], language = order.language): OrderLine[] {
  const m = (minor: number) => money(minor, order.currency, language);
  return lines.map((line) => ({
    line: line.line_no,
    sku: line.sku,
    kind: line.kind,
    name: line.name,
    options: parseJsonOr<Record<string, string>>(line.options, {}),
    quantity: line.quantity,
    unit: { code: line.unit, label: unitLabel(line.unit, language) },
    packageContent: line.package_content,
    packagePrice: m(line.package_price),
    lineTotal: m(line.line_total),
    taxRate: line.tax_rate,
    shippedQuantity: line.shipped_qty,
    deliveredQuantity: line.delivered_qty,
    shippedAt: line.shipped_at,
    deliveredAt: line.delivered_at,
  }));
}
