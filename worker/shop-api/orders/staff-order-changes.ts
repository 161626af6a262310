/**
 * Staff's changes of an order in the back office (roles service and ops, registered in app.ts
 * with staffRoute, rate-limited in the staff bucket and idempotent by Idempotency-Key):
 *
 *   POST /admin/api/orders/:number/cancel            { version, lines? }             the order, or only these lines
 *   POST /admin/api/orders/:number/shipment          { version, carrier, trackingNumber }
 *   PUT  /admin/api/orders/:number/shipping-address  { version, address }
 *   POST /admin/api/orders/:number/notes             { version, note }
 *
 * Each answers the order's detail as GET /admin/api/orders/:number does. Every change goes
 * through the orders' state machine (order-transitions.ts), the ERP's events too, and is
 * recorded in the order's history with the staff member and the time.
 *
 * - A change the order's state does not allow is 409 with the reason's code
 *   (domain/back-office/orders.ts StaffOrderRefusalCode), nothing written.
 * - Otherwise a change names the order's `version` it was made on; when another change came
 *   first the guarding UPDATE finds another version and nothing is written: 409 `order_changed`.
 * - A cancellation gives the stock of what it cancels back and, for an order paid online,
 *   asks core/payments/refund.ts for the money of what it cancelled.
 * - A shipment ships every package not shipped yet, with a carrier of domain/carriers.ts and a
 *   tracking number valid for it; the customer's shipping mail (template `order-shipped`, with
 *   the tracking link) is written in the same batch, once per shipment.
 * - The new delivery address follows the checkout's address rules (domain/checkout-form.ts)
 *   with the shop's delivery countries.
 */
import { z } from "zod";
import { CARRIERS, isTrackingNumber, normalizeTrackingNumber, trackingUrl } from "@domain/carriers";
import { orderAddressSchema } from "@domain/checkout-form";
import { isPlainText } from "@domain/contact-fields";
import type { StaffOrderAddress, StaffOrderDetail, StaffOrderRefusalCode } from "@domain/back-office/orders";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { randomToken } from "../core/auth";
import { fail, invalid, notFound } from "../core/envelope";
import { invoiceAfterOrderChange } from "../core/invoices/issue";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { ORDER_FORM_TEXTS } from "../core/order-form-texts";
import { linesRefundAmount, refundOrder, type RefundOutcome } from "../core/payments/refund";
import { readJson, validate } from "../core/request-body";
import type { Params, Reply } from "../core/route";
import { shopById } from "../core/shop";
import type { StaffContext } from "../core/staff-auth";
import type { OrderPaymentColumns } from "../tables/order-payments";
import type { OrderLineRow, OrderRow } from "../tables/orders";
import { ORDER_MESSAGES } from "./messages";
import { changeRefusal, claimHolds, transitionStatements, type OrderChange, type OrderChangeRefusal } from "./order-transitions";
import { atOrderDatabase, orderNumberParam, staffOrderView } from "./staff-orders";

const MAX_NOTE_LENGTH = 2000;

export const version = z.number().int().min(0).max(1_000_000_000);

const cancelBody = z
  .object({
    version,
    lines: z.array(z.number().int().min(1).max(1000)).min(1).max(100).optional(),
  })
  .strict();

const shipmentBody = z
  .object({
    version,
    carrier: z.enum(CARRIERS),
    trackingNumber: z.string().max(60).transform(normalizeTrackingNumber),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (!isTrackingNumber(body.carrier, body.trackingNumber))
      ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: ORDER_MESSAGES.trackingNumber, params: { code: "invalid_tracking_number" } });
  });

/** A text staff write (a note, a refund's reason): required, plain text lines, at most MAX_NOTE_LENGTH characters. */
export const staffText = (required: string) =>
  z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n").normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, required)
        .max(MAX_NOTE_LENGTH)
        .refine((text) => text.split("\n").every(isPlainText), { message: ORDER_FORM_TEXTS.characters, params: { code: "invalid_characters" } }),
    );

const noteBody = z.object({ version, note: staffText(ORDER_MESSAGES.noteRequired) }).strict();

/** The address body per shop (its delivery countries), the checkout's address schema. */
const ADDRESS_BODIES = new Map<string, z.ZodType<{ version: number; address: StaffOrderAddress }, z.ZodTypeDef, unknown>>();
function addressBodyOf(shopId: string, countries: readonly string[]) {
  let schema = ADDRESS_BODIES.get(shopId);
  if (!schema) ADDRESS_BODIES.set(shopId, (schema = z.object({ version, address: orderAddressSchema(ORDER_FORM_TEXTS, countries) }).strict()));
  return schema;
}

export type OrderRecord = OrderRow & OrderPaymentColumns;

async function readOrder(ctx: StaffContext, number: string): Promise<{ order: OrderRecord; lines: OrderLineRow[] } | null> {
  const [orderResult, lineResult] = await ctx.db.batch([
    sql`SELECT * FROM orders WHERE order_number = ${number}`.prepare(ctx.db),
    sql`SELECT * FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ${number}) ORDER BY line_no`.prepare(ctx.db),
  ]);
  const order = orderResult!.results[0] as OrderRecord | undefined;
  return order ? { order, lines: lineResult!.results as OrderLineRow[] } : null;
}

const orderChanged = () => fail(409, ORDER_MESSAGES.orderChanged, "order_changed" satisfies StaffOrderRefusalCode, { field: "version" });

/** The state machine's refusal as staff read it: 409 with its code and what the console needs to word it. */
function refused(refusal: OrderChangeRefusal, change: OrderChange) {
  switch (refusal.reason) {
    case "state":
      return fail(409, ORDER_MESSAGES.changeNotAllowed.replace("{state}", refusal.state), "change_not_allowed" satisfies StaffOrderRefusalCode, {
        params: { change: change.kind, state: refusal.state },
      });
    case "goods_shipped":
      return fail(409, ORDER_MESSAGES.goodsShipped, "goods_shipped" satisfies StaffOrderRefusalCode, { params: { change: change.kind } });
    case "line_shipped":
    case "quantity":
      return fail(409, ORDER_MESSAGES.lineShipped.replace("{line}", String(refusal.line)), "line_shipped" satisfies StaffOrderRefusalCode, {
        params: { line: refusal.line },
      });
    case "line_cancelled":
      return fail(409, ORDER_MESSAGES.lineCancelled.replace("{line}", String(refusal.line)), "line_cancelled" satisfies StaffOrderRefusalCode, {
        params: { line: refusal.line },
      });
  }
}

/** What a change writes besides the state machine's statements (the shipping mail), given the claim that must hold. */
type Extras = (holds: SqlFragment, eventId: string) => SqlFragment[];

export interface Planned {
  /** The order's version the change was made on. */
  version: number;
  change: OrderChange;
  /** What the history row keeps of it. */
  record: Record<string, unknown>;
  extras?: Extras;
  /** After it committed (the refund), with the id of its history row. */
  after?: (eventId: string) => Promise<void>;
}

/**
 * One staff change: the order as it is, the version named, the state machine's refusal, then one
 * batch; the answer is the order's detail. `plan` turns the order into the change (or throws a 422).
 */
export async function applyChange(
  staffCtx: StaffContext,
  params: Params,
  plan: (order: OrderRecord, lines: OrderLineRow[]) => Planned,
): Promise<Reply<StaffOrderDetail>> {
  const number = orderNumberParam(params);
  if (!number) throw notFound();
  const ctx = atOrderDatabase(staffCtx, number);
  const before = await readOrder(ctx, number);
  if (!before) throw notFound();
  const planned = plan(before.order, before.lines);
  const wanted = planned.version;
  // What the order's state refuses is said first, whoever changed it since; otherwise a change made on an older version loses.
  const refusal = changeRefusal(before.order, before.lines, planned.change);
  if (refusal) throw refused(refusal, planned.change);
  if (before.order.version !== wanted) throw orderChanged();

  const claim = randomToken(16);
  const eventId = `staff-${crypto.randomUUID()}`;
  const statements = [
    ...transitionStatements({
      order: before.order,
      change: planned.change,
      eventId,
      body: JSON.stringify(planned.record),
      claim,
      time: ctx.now,
      now: ctx.now,
      staff: { id: ctx.staff.id, name: ctx.staff.name, version: wanted },
    }),
    ...(planned.extras?.(claimHolds(before.order.id, claim), eventId) ?? []),
  ];
  await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
  const after = await readOrder(ctx, number);
  if (after?.order.change_claim !== claim) {
    // Another change (staff's or the ERP's) came first: the version moved, or the order's state no longer allows this one.
    const late = after && after.order.version === wanted ? changeRefusal(after.order, after.lines, planned.change) : null;
    throw late ? refused(late, planned.change) : orderChanged();
  }
  await planned.after?.(eventId);
  await invoiceAfterOrderChange(ctx, after.order);
  sendOutboxSoon(ctx);
  return staffOrderView(ctx, params);
}

/** Keeps a refund's outcome in its history row (`order_events.body.refund`), which the order's detail shows; a refund that went back stays so. */
export async function keepRefundOutcome(ctx: StaffContext, eventId: string, outcome: RefundOutcome): Promise<void> {
  await sql`UPDATE order_events SET body = json_set(body, '$.refund', json(${JSON.stringify(outcome)}))
    WHERE id = ${eventId} AND COALESCE(json_extract(body, '$.refund.state'), '') <> 'refunded'`
    .prepare(ctx.db)
    .run();
}

/**
 * The refund of a cancellation: only for an order paid online, with the rule's amount of what
 * was cancelled (domain/refund-amount.ts). Its outcome (refunded, or failed: staff retry it) is
 * kept in the cancellation's history row, which the answer shows.
 */
const refundOf = (ctx: StaffContext, order: OrderRecord, amount: number, cause: string) => async (eventId: string) => {
  if (order.payment_state !== "paid" || amount <= 0) return;
  const outcome = await refundOrder(ctx, order, amount, cause);
  if (outcome) await keepRefundOutcome(ctx, eventId, outcome);
};

/** POST /admin/api/orders/:number/cancel */
export async function staffCancelOrder(ctx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const body = validate(cancelBody, await readJson(ctx.request));
  return applyChange(ctx, params, (order, lines) => {
    if (!body.lines) {
      // The whole order: every line that stands, and the shipping.
      const standing = new Map(lines.filter((line) => line.cancelled_at === null).map((line) => [line.line_no, line.quantity]));
      const amount = linesRefundAmount(order, lines, standing, order.shipping_total);
      return { version: body.version, change: { kind: "cancel" }, record: {}, after: refundOf(ctx, order, amount, "order") };
    }
    const numbers = [...new Set(body.lines)];
    const cancelled = numbers.map((number, index) => {
      const line = lines.find((each) => each.line_no === number);
      if (!line) throw invalid(`lines.${index}`, ORDER_MESSAGES.eventLine, "unknown_line");
      return line;
    });
    return {
      version: body.version,
      change: { kind: "cancel_lines", lines: numbers },
      record: { lines: cancelled.map((line) => ({ line: line.line_no, sku: line.sku, quantity: line.quantity })) },
      after: refundOf(
        ctx,
        order,
        linesRefundAmount(order, lines, new Map(cancelled.map((line) => [line.line_no, line.quantity]))),
        `lines-${[...numbers].sort((a, b) => a - b).join("-")}`,
      ),
    };
  });
}

/** POST /admin/api/orders/:number/shipment */
export async function staffShipOrder(ctx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const body = validate(shipmentBody, await readJson(ctx.request));
  const url = trackingUrl(body.carrier, body.trackingNumber);
  return applyChange(ctx, params, (order, lines) => {
    const open = lines.filter((line) => line.cancelled_at === null && line.shipped_qty < line.quantity);
    const quantities = new Map(open.map((line) => [line.line_no, line.quantity - line.shipped_qty]));
    const change: OrderChange = { kind: "ship", quantities };
    if (open.length === 0 && !changeRefusal(order, lines, change))
      throw fail(409, ORDER_MESSAGES.nothingToShip, "nothing_to_ship" satisfies StaffOrderRefusalCode);
    const billing = parseJsonOr<StaffOrderAddress | null>(order.billing_address, null);
    const shipment = { carrier: body.carrier, trackingNumber: body.trackingNumber, trackingUrl: url };
    return {
      version: body.version,
      change,
      record: { ...shipment, lines: open.map((line) => ({ line: line.line_no, sku: line.sku, quantity: line.quantity - line.shipped_qty })) },
      extras: (holds, eventId) => [
        outboxInsert(
          {
            shop: { id: order.shop_id },
            language: order.language,
            template: "order-shipped",
            to: order.email,
            params: { orderNumber: order.order_number, name: billing ? `${billing.firstname} ${billing.lastname}` : order.email, ...shipment },
            dedupeKey: `order-shipped:${eventId}`,
            when: holds,
          },
          ctx.now,
        ),
      ],
    };
  });
}

/** PUT /admin/api/orders/:number/shipping-address */
export async function staffChangeShippingAddress(ctx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const raw = await readJson(ctx.request);
  return applyChange(ctx, params, (order) => {
    // The address's country must be one the order's shop delivers to.
    const body = validate(addressBodyOf(order.shop_id, shopById(order.shop_id)?.deliveryCountries ?? []), raw);
    return { version: body.version, change: { kind: "change_address", address: JSON.stringify(body.address) }, record: { address: body.address } };
  });
}

/** POST /admin/api/orders/:number/notes */
export async function staffAddOrderNote(ctx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const body = validate(noteBody, await readJson(ctx.request));
  return applyChange(ctx, params, () => ({ version: body.version, change: { kind: "note" }, record: { note: body.note } }));
}
