/**
 * The ERP's order events: POST /admin/orders/{number}/events with the bearer
 * token ORDER_EVENTS_TOKEN records a confirmation, shipment, delivery or cancellation.
 *
 * - Body: `{ eventId, type: confirmed | shipped | delivered | cancelled, time, lines?: [{ line | sku, quantity }] }`;
 *   shipped and delivered name their lines and quantities (packages). `time` is when it
 *   happened (the ERP may report it later): not in the future and not before the order was
 *   placed, each give or take the clock skew allowed (MAX_CLOCK_SKEW_MS).
 * - The rules are the orders' state machine's (order-transitions.ts), the same staff's changes
 *   follow: per line, shipped quantities never exceed the ordered ones (a line staff cancelled
 *   ships nothing) and delivered quantities never the shipped ones; each line keeps the time of
 *   its last shipment and delivery (the returns window counts from the delivery). The order
 *   becomes `shipped` when every line is shipped in full and `delivered` when every line is
 *   delivered in full; `confirmed` only from `placed`; a cancellation only before anything
 *   shipped, and it gives the stock back. A state that does not allow the event is 409
 *   `state_conflict`, an impossible quantity 422 `quantity_impossible`.
 * - Idempotent by event id: the event row is written in the same batch as its effects, only
 *   when every rule holds, and the effects apply only for the batch that wrote it (its claim).
 *   The same id with the same event answers 200 again and changes nothing; the same id with
 *   another event is 409.
 */
import type { OrderEventAnswer, OrderEventRefusalCode } from "@domain/api/orders";
import { z } from "zod";
import { sql } from "@worker/lib/sql";
import { randomToken } from "../core/auth";
import type { ApiContext } from "../core/context";
import { fail, invalid, MESSAGES, notFound } from "../core/envelope";
import { invoiceAfterOrderChange } from "../core/invoices/issue";
import { sendOutboxSoon } from "../core/mail/sender";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { requireServiceToken } from "../core/service-token";
import { orderDatabase } from "../core/shop-database";
import type { OrderEventRow, OrderLineRow, OrderRow } from "../tables/orders";
import { ORDER_MESSAGES } from "./messages";
import { changeRefusal, transitionStatements, type OrderChange } from "./order-transitions";

/** An event may be stamped at most this far ahead of the shop API's clock, or before the order's placing (clocks differ). */
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

const lineSchema = z
  .object({
    line: z.number().int().min(1).max(1000).optional(),
    sku: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, "Not a valid SKU")
      .optional(),
    quantity: z.number().int().min(1).max(9999),
  })
  .strict()
  .refine((line) => line.line !== undefined || line.sku !== undefined, {
    message: "Name the line or its SKU",
    params: { code: "line_required" satisfies OrderEventRefusalCode },
  });

const eventSchema = z
  .object({
    eventId: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\x21-\x7e]+$/, "Expected 1-100 visible ASCII characters"),
    type: z.enum(["confirmed", "shipped", "delivered", "cancelled"]),
    time: z.string().datetime({ offset: true }),
    lines: z.array(lineSchema).max(100).default([]),
  })
  .strict();
type OrderEvent = z.infer<typeof eventSchema>;

function eventView(order: OrderRow, lines: OrderLineRow[], replayed: boolean): OrderEventAnswer {
  return {
    orderNumber: order.order_number,
    state: order.state,
    replayed,
    lines: lines.map((line) => ({
      line: line.line_no,
      sku: line.sku,
      quantity: line.quantity,
      shippedQuantity: line.shipped_qty,
      deliveredQuantity: line.delivered_qty,
      shippedAt: line.shipped_at,
      deliveredAt: line.delivered_at,
    })),
  };
}

/** The event's quantities per line number; refuses lines the order does not have, or names that fit more than one line. */
function quantitiesByLine(event: OrderEvent, lines: OrderLineRow[]): Map<number, number> {
  const byLine = new Map<number, number>();
  event.lines.forEach((wanted, index) => {
    const field = `lines.${index}`;
    const matches = lines.filter(
      (line) => (wanted.line === undefined || line.line_no === wanted.line) && (wanted.sku === undefined || line.sku === wanted.sku),
    );
    if (matches.length === 0) throw invalid(field, ORDER_MESSAGES.eventLine, "unknown_line" satisfies OrderEventRefusalCode);
    if (matches.length > 1) throw invalid(field, ORDER_MESSAGES.eventAmbiguous, "ambiguous_line" satisfies OrderEventRefusalCode);
    const line = matches[0]!.line_no;
    byLine.set(line, (byLine.get(line) ?? 0) + wanted.quantity);
  });
  return byLine;
}

/** The state machine's change of an event. */
function changeOf(event: OrderEvent, quantities: Map<number, number>): OrderChange {
  switch (event.type) {
    case "confirmed":
      return { kind: "confirm" };
    case "cancelled":
      return { kind: "cancel" };
    case "shipped":
      return { kind: "ship", quantities };
    case "delivered":
      return { kind: "deliver", quantities };
  }
}

/** Why the event cannot apply to the order as it is now (the state machine's refusal, worded for the ERP), or null. */
function problemOf(
  event: OrderEvent,
  order: OrderRow,
  lines: OrderLineRow[],
  quantities: Map<number, number>,
): { field: string; message: string; code: OrderEventRefusalCode; status: number } | null {
  const refusal = changeRefusal(order, lines, changeOf(event, quantities));
  if (!refusal) return null;
  if (refusal.reason !== "quantity") return { field: "type", message: ORDER_MESSAGES.eventState, code: "state_conflict", status: 409 };
  const line = lines.find((each) => each.line_no === refusal.line)!;
  return {
    field: `lines.${event.lines.findIndex((l) => (l.line ?? line.line_no) === line.line_no && (l.sku ?? line.sku) === line.sku)}`,
    message: ORDER_MESSAGES.eventQuantity,
    code: "quantity_impossible",
    status: 422,
  };
}

/** POST /admin/orders/{number}/events */
export async function orderEventRoute(ctx: ApiContext, params: Params): Promise<Reply<OrderEventAnswer>> {
  if (ctx.request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed" satisfies OrderEventRefusalCode, {}, { allow: "POST" });
  await requireServiceToken(ctx, "ORDER_EVENTS_TOKEN", "orders");
  const event = validate(eventSchema, await readJson(ctx.request));
  if (Date.parse(event.time) > ctx.now.getTime() + MAX_CLOCK_SKEW_MS)
    throw invalid("time", ORDER_MESSAGES.eventFuture, "time_in_future" satisfies OrderEventRefusalCode);
  if ((event.type === "shipped" || event.type === "delivered") && event.lines.length === 0) throw invalid("lines", MESSAGES.required, "required");
  if ((event.type === "confirmed" || event.type === "cancelled") && event.lines.length > 0)
    throw invalid("lines", ORDER_MESSAGES.eventNoLines, "lines_not_allowed" satisfies OrderEventRefusalCode);
  const number = decodeURIComponent(params.number ?? "");
  if (!/^[A-Z]{2,8}-[0-9]{1,12}$/.test(number)) throw notFound();

  // The order's own database, by the shop its number begins with (core/shop-database.ts).
  const db = orderDatabase(ctx.env, number);
  const body = JSON.stringify(event);
  const read = async () => {
    const [orderResult, eventResult] = await db.batch([
      sql`SELECT * FROM orders WHERE order_number = ${number}`.prepare(db),
      sql`SELECT * FROM order_events WHERE id = ${event.eventId}`.prepare(db),
    ]);
    const order = (orderResult!.results[0] as OrderRow | undefined) ?? null;
    const lines = order ? (await sql`SELECT * FROM order_lines WHERE order_id = ${order.id} ORDER BY line_no`.prepare(db).all<OrderLineRow>()).results : [];
    return { order, lines, known: (eventResult!.results[0] as OrderEventRow | undefined) ?? null };
  };
  const repeat = (known: OrderEventRow, order: OrderRow, lines: OrderLineRow[]) => {
    if (known.order_id !== order.id || known.body !== body)
      throw fail(409, ORDER_MESSAGES.eventReused, "event_id_reused" satisfies OrderEventRefusalCode, { field: "eventId" });
    return reply(eventView(order, lines, true));
  };

  const before = await read();
  if (!before.order) throw notFound();
  if (before.known) return repeat(before.known, before.order, before.lines);
  if (Date.parse(event.time) < Date.parse(before.order.placed_at) - MAX_CLOCK_SKEW_MS)
    throw invalid("time", ORDER_MESSAGES.eventBeforeOrder, "time_before_order" satisfies OrderEventRefusalCode, { placedAt: before.order.placed_at });
  const quantities = quantitiesByLine(event, before.lines);
  const problem = problemOf(event, before.order, before.lines, quantities);
  if (problem)
    throw problem.status === 409 ? fail(409, problem.message, problem.code, { field: problem.field }) : invalid(problem.field, problem.message, problem.code);

  const claim = randomToken(16);
  const statements = transitionStatements({
    order: before.order,
    change: changeOf(event, quantities),
    eventId: event.eventId,
    body,
    claim,
    time: new Date(event.time),
    now: ctx.now,
  });
  await db.batch(statements.map((statement) => statement.prepare(db)));
  const after = await read();
  if (after.known?.claim === claim) {
    if (await invoiceAfterOrderChange(ctx, after.order!)) sendOutboxSoon(ctx);
    return reply(eventView(after.order!, after.lines, false));
  }
  // Another event changed the order in between, or the same event was recorded at the same time.
  if (after.known) return repeat(after.known, after.order!, after.lines);
  const late = problemOf(event, after.order!, after.lines, quantities);
  throw late
    ? fail(late.status, late.message, late.code, { field: late.field })
    : fail(409, ORDER_MESSAGES.eventState, "state_conflict" satisfies OrderEventRefusalCode);
}
