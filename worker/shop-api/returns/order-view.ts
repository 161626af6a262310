/**
 * An order as the returns form sees it (domain/returns-forms.ts RmaOrder), built on the one
 * order view (tables/order-view.ts): per product line
 * what was ordered, delivered and already returned, what may be returned now (30 days from
 * the line's delivery) and what a defect complaint may still name (no window), and
 * whether the withdrawal button is offered. Read in one round trip. A line's numbers follow
 * domain/return-window.ts, the rule the account's order answers `returnable` by (the
 * complaint's batch checks the same numbers again over the state it writes on); the
 * withdrawal's rule is here and nowhere else.
 */
import type { CustomerType } from "@domain/account";
import type { OrderLine } from "@domain/api/orders";
import { lineReturnState, RETURN_WINDOW_MS } from "@domain/return-window";
import type { RmaOrder, RmaOrderLine } from "@domain/returns-forms";
import { withdrawalRightRefusal } from "@domain/withdrawal-right";
import { parseJsonOr } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import type { Shop } from "../core/shop";
import { selectCustomerType, type CustomerRow } from "../tables/customers";
import { orderView } from "../tables/order-view";
import type { OrderLineRow, OrderRow } from "../tables/orders";
import { mainImage } from "../tables/products";
import { returnedPerLine, selectWithdrawal, type OrderWithdrawalRow } from "../tables/returns";

export interface OrderAddress {
  firstname?: string;
  lastname?: string;
  companyName?: string;
  vatId?: string;
  postcode?: string;
  countryCode?: string;
}

export interface LoadedOrder {
  order: OrderRow;
  /** The order's product lines (free samples are not returned). */
  lines: (OrderLineRow & { image: string | null })[];
  returned: ReadonlyMap<number, number>;
  withdrawal: OrderWithdrawalRow | null;
  /** The type of the account the order belongs to, or null for an order of no account. */
  customerType: CustomerType | null;
  view: RmaOrder;
}

export const billingAddress = (order: Pick<OrderRow, "billing_address">): OrderAddress => parseJsonOr<OrderAddress>(order.billing_address, {});
export const shippingAddress = (order: Pick<OrderRow, "shipping_address">): OrderAddress => parseJsonOr<OrderAddress>(order.shipping_address, {});

/** The customer's name for mails: the billing address's. */
export function customerName(order: Pick<OrderRow, "billing_address">): string {
  const address = billingAddress(order);
  return [address.firstname, address.lastname].filter(Boolean).join(" ") || "-";
}

/** Why an order offers no withdrawal, or null when it does (docs/decisions/0038). */
export type WithdrawalRefusal = "not_eu" | "business" | "cancelled" | "period_over";

/**
 * The withdrawal button's rule: a statutory right of withdrawal (domain/withdrawal-right.ts), not
 * cancelled, and within the withdrawal period: until 30 days (the shop's right of return,
 * longer than the statutory 14) after the order's last delivery; open while anything is
 * still to be delivered.
 */
export function withdrawalRefusal(
  shop: Pick<Shop, "homeCountry">,
  order: OrderRow,
  customerType: CustomerType | null,
  lines: readonly OrderLineRow[],
  now: Date,
): WithdrawalRefusal | null {
  const right = withdrawalRightRefusal({
    shopHomeCountry: shop.homeCountry,
    shipToCountry: shippingAddress(order).countryCode ?? "",
    billing: billingAddress(order),
    customerType,
  });
  if (right) return right;
  if (order.state === "cancelled") return "cancelled";
  const allDelivered = lines.length > 0 && lines.every((line) => line.delivered_qty >= line.quantity && line.delivered_at !== null);
  if (allDelivered) {
    const last = Math.max(...lines.map((line) => Date.parse(line.delivered_at!)));
    if (now.getTime() > last + RETURN_WINDOW_MS) return "period_over";
  }
  return null;
}

/** A line of the one order view (tables/order-view.ts) with its numbers for the returns form at `now` (domain/return-window.ts). */
export function lineView(line: OrderLine, image: string | null, returned: number, now: Date): RmaOrderLine {
  return {
    lineNo: line.line,
    sku: line.sku,
    name: line.name,
    image: image ? { src: image, alt: line.name } : null,
    ordered: line.quantity,
    delivered: line.deliveredQuantity,
    returned,
    ...lineReturnState({ delivered: line.deliveredQuantity, returned, deliveredAt: line.deliveredAt }, now),
  };
}

/** Reads the order's lines, what is returned of them, its withdrawal and its account's type, and builds the view on the one order view. */
export async function loadOrder(ctx: ShopContext, order: OrderRow): Promise<LoadedOrder> {
  const [lines, returned, withdrawal, account] = await ctx.db.batch([
    sql`SELECT ol.*, ${mainImage(sql`ol.sku`)} AS image FROM order_lines ol WHERE ol.order_id = ${order.id} AND ol.kind = 'product' ORDER BY ol.line_no`.prepare(
      ctx.db,
    ),
    returnedPerLine(order.id).prepare(ctx.db),
    selectWithdrawal(order.id).prepare(ctx.db),
    ...(order.customer_id ? [selectCustomerType(order.customer_id).prepare(ctx.db)] : []),
  ]);
  const lineRows = lines!.results as (OrderLineRow & { image: string | null })[];
  const returnedMap = new Map((returned!.results as { line_no: number; returned: number }[]).map((row) => [row.line_no, row.returned]));
  const withdrawalRow = (withdrawal!.results[0] as OrderWithdrawalRow | undefined) ?? null;
  const customerType = (account?.results[0] as Pick<CustomerRow, "type"> | undefined)?.type ?? null;
  const shown = orderView(order, lineRows, { taxRate: ctx.shop.taxRate, bankAccount: null });
  const view: RmaOrder = {
    orderNumber: shown.orderNumber,
    placedAt: shown.placedAt,
    shop: order.shop_id,
    isConsumerEu: withdrawalRow !== null || withdrawalRefusal(ctx.shop, order, customerType, lineRows, ctx.now) === null,
    withdrawal: withdrawalRow ? { requestedAt: withdrawalRow.requested_at } : null,
    lines: shown.lines.map((line, index) => lineView(line, lineRows[index]!.image, returnedMap.get(line.line) ?? 0, ctx.now)),
  };
  return { order, lines: lineRows, returned: returnedMap, withdrawal: withdrawalRow, customerType, view };
}
