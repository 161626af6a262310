/**
 * The back office's orders (staff roles service and ops, registered in app.ts with
 * staffRoute); the detail builds on the one order view (tables/order-view.ts):
 *
 *   GET /admin/api/orders?shop=&state=&q=&limit=&before=   a page of orders, newest first
 *   GET /admin/api/orders/:number                          one order: addresses, lines with their
 *                                                          shipped and delivered quantities and times,
 *                                                          totals, delivery, payment, its history
 *                                                          (the ERP's events and staff's changes with who
 *                                                          made them) and the confirmation mail's outbox state,
 *                                                          its version and what the change forms offer
 *
 * Staff's changes of an order: staff-order-changes.ts.
 *
 * `q` finds an order by its number (`DE-100004`, or its digits `100004` in any shop, or the
 * beginning of either) or by the beginning of the e-mail address in any case (`anna.berger`).
 * Both are ranges over an index (migrations/0020_order_lookups.sql), never a scan of every
 * order; the text is only ever a bound value. Query parameters are checked like bodies (422
 * with the parameter named); an empty parameter counts as not given. The answers' types:
 * domain/back-office/orders.ts. The visitor id an order keeps never leaves this module.
 */
import { z } from "zod";
import type { MailStatus } from "@domain/back-office/mail-outbox";
import {
  ORDER_STATES,
  type StaffDeliveryMode,
  type StaffOrderAddress,
  type StaffOrderDetail,
  type StaffOrderHistoryEntry,
  type StaffOrderListPage,
  type StaffOrderMail,
  type StaffOrderRefund,
  type StaffOrderSummary,
} from "@domain/back-office/orders";
import type { StaffOrderPayments } from "@domain/api/payments";
import { CARRIERS, type Carrier } from "@domain/carriers";
import { money } from "@domain/money";
import { parseJsonOr } from "@worker/lib/json";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import { fail, notFound } from "../core/envelope";
import type { OutboxRow } from "../core/mail/outbox";
import { mailKey } from "../core/mail/staff-outbox";
import { pageLimitParam, queryParams, shopParam } from "../core/query-params";
import { validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { allShops, shopById, shopChoices } from "../core/shop";
import { orderDatabase } from "../core/shop-database";
import { listDatabases, mergedPage, newestFirst } from "../core/staff-databases";
import type { StaffContext } from "../core/staff-auth";
import { orderBalance, paidOffline } from "../core/payments/refund";
import type { OrderPaymentColumns } from "../tables/order-payments";
import { orderView } from "../tables/order-view";
import type { OrderEventRow, OrderLineRow, OrderRow } from "../tables/orders";
import { selectLedgerOfOrder, type PaymentLedgerRow } from "../tables/payment-ledger";

/** An order number as the shop hands it out: DE-100001. */
const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;
/** Sorts after every character a prefix can be followed by (UTF-8 compares byte by byte). */
const AFTER_EVERYTHING = "\u{10FFFF}";

const listQuery = z
  .object({
    shop: shopParam().optional(),
    state: z.enum(ORDER_STATES).optional(),
    q: z.string().trim().max(254, "At most 254 characters").optional(),
    limit: pageLimitParam,
    before: z.string().max(80).optional(),
  })
  .strict();

interface Cursor {
  createdAt: string;
  orderNumber: string;
}

/** The cursor as the API hands it out: `<createdAt>_<orderNumber>`. */
export function encodeOrderCursor(cursor: Cursor): string {
  return `${cursor.createdAt}_${cursor.orderNumber}`;
}

/** The cursor of a request, or null when it is not one this module handed out. */
export function decodeOrderCursor(text: string): Cursor | null {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_([A-Z]{2,8}-[0-9]{1,12})$/.exec(text);
  return match ? { createdAt: match[1]!, orderNumber: match[2]! } : null;
}

/** The order number of the path in upper case, or null when it cannot be one (malformed escapes included). */
export function orderNumberParam(params: Params): string | null {
  let text: string;
  try {
    text = decodeURIComponent(params.number ?? "").toUpperCase();
  } catch {
    return null;
  }
  return ORDER_NUMBER.test(text) ? text : null;
}

/** The staff request's context on the order's own database (core/shop-database.ts): its reads, changes and mails go there. */
export const atOrderDatabase = (ctx: StaffContext, number: string): StaffContext => ({ ...ctx, db: orderDatabase(ctx.env, number) });

/** Values from `prefix` up to everything that begins with it. */
const startsWith = (column: SqlFragment, prefix: string): SqlFragment => sql`(${column} >= ${prefix} AND ${column} < ${prefix + AFTER_EVERYTHING})`;

/** The condition of a search text: an order number (or its beginning, or its digits in any shop), else the beginning of the e-mail address. */
export function searchCondition(text: string, shop: string | undefined): SqlFragment {
  const upper = text.toUpperCase();
  if (/^[A-Z]{2,8}-[0-9]{0,12}$/.test(upper)) return startsWith(sql`o.order_number`, upper);
  if (/^[0-9]{1,12}$/.test(text)) {
    const shops = shop ? [shop] : allShops().map((each) => each.id);
    return sql`(${joinSql(
      shops.map((id) => startsWith(sql`o.order_number`, `${id}-${text}`)),
      " OR ",
    )})`;
  }
  return startsWith(sql`lower(o.email)`, text.toLowerCase());
}

type SummaryRow = OrderRow & OrderPaymentColumns & { line_count: number };

const SUMMARY_COLUMNS = sql`o.*, (SELECT COUNT(*) FROM order_lines l WHERE l.order_id = o.id) AS line_count`;

const stateAt = (row: OrderRow): string =>
  ({ placed: row.placed_at, confirmed: row.confirmed_at, shipped: row.shipped_at, delivered: row.delivered_at, cancelled: row.cancelled_at })[row.state] ??
  row.placed_at;

function summaryOf(row: SummaryRow): StaffOrderSummary {
  const billing = parseJsonOr<StaffOrderAddress | null>(row.billing_address, null);
  const shipping = parseJsonOr<StaffOrderAddress | null>(row.shipping_address, null) ?? billing;
  return {
    orderNumber: row.order_number,
    shop: row.shop_id,
    language: row.language,
    state: row.state,
    stateAt: stateAt(row),
    email: row.email,
    name: billing ? `${billing.firstname} ${billing.lastname}` : "",
    company: billing?.companyName ?? null,
    city: shipping?.city ?? "",
    countryCode: shipping?.countryCode ?? "",
    lineCount: row.line_count,
    grandTotal: money(row.grand_total, row.currency, row.language),
    paymentMethod: row.payment_method,
    deliveryMode: row.delivery_mode as StaffDeliveryMode,
    placedAt: row.placed_at,
  };
}

const cursorOf = (row: SummaryRow): string => encodeOrderCursor({ createdAt: row.created_at, orderNumber: row.order_number });

/** GET /admin/api/orders */
export async function staffOrderList(ctx: StaffContext): Promise<Reply<StaffOrderListPage>> {
  const query = validate(listQuery, queryParams(ctx.url));
  const before = query.before ? decodeOrderCursor(query.before) : null;
  if (query.before && !before) throw fail(422, "This page link is not valid any more: start from the first page", "invalid_cursor", { field: "before" });
  const conditions: SqlFragment[] = [sql`1`];
  if (query.shop) conditions.push(sql`o.shop_id = ${query.shop}`);
  if (query.state) conditions.push(sql`o.state = ${query.state}`);
  if (query.q) conditions.push(searchCondition(query.q, query.shop));
  if (before) conditions.push(sql`(o.created_at, o.order_number) < (${before.createdAt}, ${before.orderNumber})`);
  // The shop's database when the list names a shop, else every shop database, their pages merged (core/staff-databases.ts).
  const page = await mergedPage(
    listDatabases(ctx.env, query.shop),
    async (db) => {
      const { results } = await sql`SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE ${joinSql(conditions, " AND ")}
        ORDER BY o.created_at DESC, o.order_number DESC LIMIT ${query.limit + 1}`
        .prepare(db)
        .all<SummaryRow>();
      const rows = results.slice(0, query.limit);
      const last = rows[rows.length - 1];
      return { items: rows, next: results.length > query.limit && last ? cursorOf(last) : null };
    },
    { compare: newestFirst((row: SummaryRow) => [row.created_at, row.order_number]), cursorOf, limit: query.limit },
  );
  const answer: StaffOrderListPage = {
    orders: page.items.map(summaryOf),
    next: page.next,
    states: ORDER_STATES,
    shops: shopChoices(),
  };
  return reply(answer);
}

const MAIL_STATUS = (row: OutboxRow): MailStatus => (row.state === "pending" && row.attempts > 0 ? "retry" : row.state);

function mailOf(row: OutboxRow | undefined): StaffOrderMail | null {
  if (!row) return null;
  const waiting = row.state === "pending";
  return {
    id: row.id,
    key: mailKey(row.shop_id, row.id),
    status: MAIL_STATUS(row),
    recipient: row.recipient,
    attempts: row.attempts,
    nextAttemptAt: waiting ? row.next_attempt_at : null,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

interface EventBody {
  lines?: { line?: number; sku?: string; quantity: number }[];
  carrier?: Carrier;
  trackingNumber?: string;
  trackingUrl?: string | null;
  address?: StaffOrderAddress;
  note?: string;
  /** What became of the refund of a staff cancellation or of staff's refund (core/payments/refund.ts). */
  refund?: { state?: unknown; amount?: unknown; currency?: unknown };
}

/** The refund a staff cancellation recorded, as staff read it (only staff's rows carry one). */
function refundOf(event: OrderEventRow, body: EventBody, language: string): StaffOrderRefund | null {
  const refund = body.refund;
  if (!event.staff_id || !refund || (refund.state !== "refunded" && refund.state !== "failed")) return null;
  if (!Number.isSafeInteger(refund.amount) || typeof refund.currency !== "string") return null;
  return { state: refund.state, amount: money(refund.amount as number, refund.currency, language) };
}

/** The order's history: its placing, then the ERP's events and staff's changes in the order they happened, with the lines they name and who made them. */
function historyOf(order: OrderRow, lines: OrderLineRow[], events: OrderEventRow[]): StaffOrderHistoryEntry[] {
  const lineOf = (wanted: { line?: number; sku?: string }) =>
    lines.find((line) => (wanted.line === undefined || line.line_no === wanted.line) && (wanted.sku === undefined || line.sku === wanted.sku));
  const history: StaffOrderHistoryEntry[] = [{ type: "placed", at: order.placed_at, recordedAt: order.created_at, eventId: null, by: null, lines: [] }];
  for (const event of events) {
    const body = parseJsonOr<EventBody>(event.body, {});
    const refund = refundOf(event, body, order.language);
    history.push({
      type: event.type,
      at: event.occurred_at,
      recordedAt: event.recorded_at,
      eventId: event.id,
      by: event.staff_id ? { id: event.staff_id, name: event.staff_name ?? "" } : null,
      lines: (body.lines ?? []).map((wanted) => {
        const line = lineOf(wanted);
        return { line: line?.line_no ?? wanted.line ?? 0, sku: line?.sku ?? wanted.sku ?? "", quantity: wanted.quantity };
      }),
      ...(body.carrier && body.trackingNumber
        ? { shipment: { carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: body.trackingUrl ?? null } }
        : {}),
      ...(body.address ? { address: body.address } : {}),
      ...(body.note ? { note: body.note } : {}),
      ...(refund ? { refund } : {}),
    });
  }
  return history;
}

/** The order's payments and refunds from the ledger, and what is left to refund (core/payments/refund.ts). */
async function paymentsOf(ctx: StaffContext, order: SummaryRow): Promise<StaffOrderPayments> {
  const [{ results }, balance] = await Promise.all([selectLedgerOfOrder(order.id).prepare(ctx.db).all<PaymentLedgerRow>(), orderBalance(ctx.db, order)]);
  const m = (minor: number, currency = order.currency) => money(minor, currency, order.language);
  return {
    method: order.payment_method,
    online: !paidOffline(order),
    movements: results.map((row) => ({
      kind: row.kind,
      provider: row.provider,
      providerRef: row.provider_ref,
      amount: m(row.amount, row.currency),
      state: row.state,
      at: row.created_at,
    })),
    paid: m(balance.paid),
    refunded: m(balance.refunded),
    refundable: m(balance.refundable),
  };
}

/** GET /admin/api/orders/:number */
export async function staffOrderView(staffCtx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const number = orderNumberParam(params);
  if (!number) throw notFound();
  const ctx = atOrderDatabase(staffCtx, number);
  const id = sql`(SELECT id FROM orders WHERE order_number = ${number})`;
  const [orderResult, lineResult, eventResult, mailResult] = await ctx.db.batch([
    sql`SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.order_number = ${number}`.prepare(ctx.db),
    sql`SELECT * FROM order_lines WHERE order_id = ${id} ORDER BY line_no`.prepare(ctx.db),
    sql`SELECT * FROM order_events WHERE order_id = ${id} ORDER BY occurred_at, recorded_at, rowid`.prepare(ctx.db),
    sql`SELECT * FROM mail_outbox WHERE dedupe_key = 'order-confirmation:' || ${id}`.prepare(ctx.db),
  ]);
  const order = orderResult!.results[0] as SummaryRow | undefined;
  if (!order) throw fail(404, "There is no order with this number", "not_found");
  const lines = lineResult!.results as OrderLineRow[];
  // The one order view in the order's language; the back office names the tax rate's label beside the amount.
  const shop = shopById(order.shop_id);
  const view = orderView(order, lines, { taxRate: shop?.taxRate ?? 0, bankAccount: null });
  const detail: StaffOrderDetail = {
    ...summaryOf(order),
    version: order.version,
    billingAddress: view.billingAddress,
    shippingAddress: view.shippingAddress,
    desiredDate: view.desiredDate,
    delivery: { date: view.delivery?.date ?? null, latestDate: view.delivery?.latestDate ?? null },
    confirmedAt: view.confirmedAt,
    shippedAt: view.shippedAt,
    deliveredAt: view.deliveredAt,
    cancelledAt: view.cancelledAt,
    currency: view.currency,
    lines: view.lines.map((line, index) => ({ ...line, cancelledAt: lines[index]?.cancelled_at ?? null })),
    totals: {
      goods: view.totals.goods,
      prepaymentDiscount: view.totals.prepaymentDiscount,
      voucher: view.totals.voucher,
      shipping: view.totals.shipping,
      tax: view.totals.tax.amount,
      taxLabel: view.totals.tax.label,
      reverseCharge: order.reverse_charge === 1,
      grandTotal: view.totals.grandTotal,
    },
    history: historyOf(order, lines, eventResult!.results as OrderEventRow[]),
    confirmationMail: mailOf(mailResult!.results[0] as OutboxRow | undefined),
    carriers: CARRIERS,
    deliveryCountries: shop?.deliveryCountries ?? [],
    payments: await paymentsOf(ctx, order),
  };
  return reply(detail);
}
