/**
 * The customer's orders: the orders placed signed in and the guest orders of the
 * verified address (linked at verification and sign-in), and the call-off of stored goods.
 *
 *   GET  /apiv2/customer/orders?before=&limit=        -> {orders: OrderListItem[], next: string | null}
 *   GET  /apiv2/customer/orders/{number}              -> {order: CustomerOrderView}
 *   POST /apiv2/customer/orders/{number}/call-off     {desiredDate} -> {order: CustomerOrderView}
 *
 * Another customer's order answers 404 like an unknown number (every read names the
 * customer). `before` is the number of the last order of the previous page.
 */
import type { CustomerOrderView, OrderAnswer, OrderListItem, OrderListPage, OrderState } from "@domain/api/orders";
import { callOffSchema, isWorkingDate } from "@domain/account-forms";
import { isBusinessBuyer } from "@domain/invoicing";
import { money } from "@domain/money";
import { hasReturnableLine } from "@domain/return-window";
import { returnsPath } from "@domain/routes";
import { sql } from "@worker/lib/sql";
import { ACCOUNT_FORM_TEXTS } from "../core/account-form-texts";
import type { ShopContext } from "../core/context";
import { requireCustomer } from "../core/customer-session";
import { fail, invalid, notFound } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { selectCustomerOrder, selectCustomerOrders, selectOrderKey, type CustomerOrderRow, type OrderSummaryRow } from "../tables/customer-orders";
import { documentView, selectOrderInvoices, type InvoiceRow } from "../tables/invoices";
import { orderView } from "../tables/order-view";
import { selectOrderLines, type OrderLineRow } from "../tables/orders";
import { returnedPerLine } from "../tables/returns";
import { insertCallOff, replaceOpenCallOff, selectCallOffs, storageCallOffOf, type StorageCallOffRow } from "../tables/storage-call-offs";
import { ORDER_MESSAGES } from "./messages";
import { callOffWindow, isWaiting, storageStateOf, storageView, storedUntilOf } from "./storage";

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 50;
const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;

function orderNumberOf(params: Params): string {
  let number: string;
  try {
    number = decodeURIComponent(params.number ?? "");
  } catch {
    throw notFound();
  }
  if (!ORDER_NUMBER.test(number)) throw notFound();
  return number;
}

function summaryOf(ctx: ShopContext, row: OrderSummaryRow): OrderListItem {
  return {
    number: row.order_number,
    placedAt: row.placed_at,
    state: row.state,
    grandTotal: money(row.grand_total, row.currency, ctx.language),
    itemCount: row.item_count,
    deliveryMode: row.delivery_mode,
    ...(row.delivery_mode === "on_call_storage"
      ? { storage: { until: storedUntilOf(row, ctx.shop.storage.freeMonths), state: storageStateOf(row.state, row.open_call_offs > 0) } }
      : {}),
  };
}

/** GET /apiv2/customer/orders?before=&limit= */
export async function orderList(ctx: ShopContext): Promise<Reply<OrderListPage>> {
  const { customer } = await requireCustomer(ctx);
  const limitText = ctx.url.searchParams.get("limit");
  const limit = limitText === null ? DEFAULT_PAGE : /^[1-9][0-9]{0,2}$/.test(limitText) ? Math.min(Number(limitText), MAX_PAGE) : NaN;
  if (Number.isNaN(limit)) throw invalid("limit", `Expected a whole number from 1 to ${MAX_PAGE}`, "invalid");
  const before = ctx.url.searchParams.get("before");
  let key: { placedAt: string; id: string } | undefined;
  if (before !== null) {
    if (!ORDER_NUMBER.test(before)) throw invalid("before", "Expected an order number", "invalid");
    const row = await selectOrderKey(customer.id, ctx.shop.id, before).prepare(ctx.db).first<{ placed_at: string; id: string }>();
    if (!row) throw invalid("before", "Expected an order number", "invalid");
    key = { placedAt: row.placed_at, id: row.id };
  }
  const { results } = await selectCustomerOrders(customer.id, ctx.shop.id, limit + 1, key)
    .prepare(ctx.db)
    .all<OrderSummaryRow>();
  const page = results.slice(0, limit);
  return reply({ orders: page.map((row) => summaryOf(ctx, row)), next: results.length > limit ? (page.at(-1)?.order_number ?? null) : null });
}

function historyOf(order: CustomerOrderRow): { state: OrderState; at: string }[] {
  const steps: [OrderState, string | null][] = [
    ["placed", order.placed_at],
    ["confirmed", order.confirmed_at],
    ["shipped", order.shipped_at],
    ["delivered", order.delivered_at],
    ["cancelled", order.cancelled_at],
  ];
  return steps
    .filter((step): step is [OrderState, string] => step[1] !== null)
    .map(([state, at]) => ({ state, at }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** Whether a return can be started now: the returns page's rule per line (domain/return-window.ts). */
function isReturnable(lines: OrderLineRow[], returned: ReadonlyMap<number, number>, now: Date): boolean {
  return hasReturnableLine(
    lines.map((line) => ({ kind: line.kind, delivered: line.delivered_qty, returned: returned.get(line.line_no) ?? 0, deliveredAt: line.delivered_at })),
    now,
  );
}

/** The one order view (tables/order-view.ts) in the page language, with what the account adds: history, storage, returns. */
function orderViewOf(
  ctx: ShopContext,
  order: CustomerOrderRow,
  lines: OrderLineRow[],
  returned: ReadonlyMap<number, number>,
  callOffs: StorageCallOffRow[],
  documents: InvoiceRow[],
): CustomerOrderView {
  // The account shows neither the quoted delivery nor the payment's state and instructions (the confirmation does).
  const {
    delivery: _delivery,
    paymentState: _paymentState,
    paymentInstructions: _paymentInstructions,
    ...view
  } = orderView(order, lines, {
    taxRate: ctx.shop.taxRate,
    bankAccount: null,
    language: ctx.language,
  });
  return {
    ...view,
    history: historyOf(order),
    storage: storageView(order, callOffs.map(storageCallOffOf), ctx.shop.storage.freeMonths, ctx.now),
    returnable: isReturnable(lines, returned, ctx.now),
    returnsLink: `${returnsPath(ctx.shop, ctx.language)}?order=${encodeURIComponent(order.order_number)}`,
    documents: documents.map((row) => documentView(row, order.order_number, isBusinessBuyer(view.billingAddress ?? {}), ctx.language)),
  };
}

/** The customer's order with its lines, what is returned of them and its call-offs; 404 for an unknown number and for another customer's order alike. */
async function readOrder(ctx: ShopContext, customerId: string, number: string): Promise<{ order: CustomerOrderRow; view: CustomerOrderView }> {
  const order = await selectCustomerOrder(customerId, ctx.shop.id, number).prepare(ctx.db).first<CustomerOrderRow>();
  if (!order) throw notFound();
  const [lines, returned, callOffs, documents] = await ctx.db.batch([
    selectOrderLines(order.id).prepare(ctx.db),
    returnedPerLine(order.id).prepare(ctx.db),
    selectCallOffs(order.id).prepare(ctx.db),
    selectOrderInvoices(order.id).prepare(ctx.db),
  ]);
  const returnedMap = new Map((returned!.results as { line_no: number; returned: number }[]).map((row) => [row.line_no, row.returned]));
  return {
    order,
    view: orderViewOf(ctx, order, lines!.results as OrderLineRow[], returnedMap, callOffs!.results as StorageCallOffRow[], documents!.results as InvoiceRow[]),
  };
}

/** GET /apiv2/customer/orders/{number} */
export async function orderDetail(ctx: ShopContext, params: Params): Promise<Reply<OrderAnswer>> {
  const { customer } = await requireCustomer(ctx);
  return reply({ order: (await readOrder(ctx, customer.id, orderNumberOf(params))).view });
}

/**
 * POST /apiv2/customer/orders/{number}/call-off {desiredDate}: delivers the stored goods on
 * the date (orders/storage.ts); replaces an open call-off -> {order}.
 */
export async function callOff(ctx: ShopContext, params: Params): Promise<Reply<OrderAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const number = orderNumberOf(params);
  const { desiredDate } = validate(callOffSchema(ACCOUNT_FORM_TEXTS), await readJson(ctx.request));
  const { order } = await readOrder(ctx, customer.id, number);
  if (order.delivery_mode !== "on_call_storage") throw fail(409, ORDER_MESSAGES.notStored, "not_stored");
  if (!isWaiting(order.state)) throw fail(409, ORDER_MESSAGES.storageClosed, "storage_closed");
  const window = callOffWindow(storedUntilOf(order, ctx.shop.storage.freeMonths), ctx.now);
  if (!window) throw fail(409, ORDER_MESSAGES.callOffUnavailable, "call_off_unavailable");
  if (desiredDate < window.earliest || desiredDate > window.latest)
    throw invalid(
      "desiredDate",
      ORDER_MESSAGES.dateOutOfRange.replace("{earliest}", window.earliest).replace("{latest}", window.latest),
      "date_out_of_range",
      window,
    );
  if (!isWorkingDate(desiredDate)) throw invalid("desiredDate", ORDER_MESSAGES.dateNotWorkingDay, "date_not_working_day");
  // The goods still wait when the batch runs (an ERP event may have shipped them meanwhile).
  const waiting = sql`EXISTS (SELECT 1 FROM orders WHERE id = ${order.id} AND customer_id = ${customer.id} AND state IN ('placed', 'confirmed'))`;
  const [, inserted] = await ctx.db.batch([
    replaceOpenCallOff(order.id, waiting).prepare(ctx.db),
    insertCallOff({ orderId: order.id, customerId: customer.id, desiredDate }, ctx.now, waiting).prepare(ctx.db),
  ]);
  if ((inserted!.meta.changes ?? 0) !== 1) throw fail(409, ORDER_MESSAGES.storageClosed, "storage_closed");
  return reply({ order: (await readOrder(ctx, customer.id, number)).view });
}
