/**
 * Staff's refunds of an order in the back office (docs/decisions/0071; roles service and ops,
 * registered in app.ts with staffRoute, idempotent by Idempotency-Key):
 *
 *   POST /admin/api/orders/:number/refund  { version, amount, reason }   refunds `amount` (minor units)
 *                                          { version, retry }            retries the refund that failed (its history entry)
 *
 * Each answers the order's detail. A refund is a change of the order (order-transitions.ts kind
 * `refund`, in every state): it names the order's version, so of two staff refunding at once one
 * wins and the other gets 409 `order_changed`; its history row keeps the reason and the outcome.
 *
 * - The amount must be at most what is left to refund (the charge less its refunds, or the grand
 *   total less the transfers for an order paid offline): more is 422 `refund_too_high` naming it;
 *   nothing left is 409 `nothing_to_refund`. The reason is required.
 * - Paid online: the refund goes through the provider that took the payment (core/payments/refund.ts,
 *   keyed by the history row); paid offline: staff transferred the money back, and the refund is
 *   written to the ledger as provider `bank_transfer`, once.
 * - A retry names a history entry whose refund failed and tries it again with the same key and
 *   amount (one refund at the provider however often); an entry whose refund did not fail is
 *   409 `refund_not_failed`.
 */
import { z } from "zod";
import type { RefundRefusalCode } from "@domain/api/payments";
import type { StaffOrderDetail, StaffOrderRefusalCode } from "@domain/back-office/orders";
import { money } from "@domain/money";
import { parseJsonOr } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import { fail, notFound } from "../core/envelope";
import { orderBalance, recordTransfer, refundOrder, retryRefund, type RefundOutcome } from "../core/payments/refund";
import { readJson, validate } from "../core/request-body";
import type { Params, Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import type { OrderEventRow } from "../tables/orders";
import { ORDER_MESSAGES } from "./messages";
import { applyChange, keepRefundOutcome, staffText, version, type OrderRecord, type Planned } from "./staff-order-changes";
import { atOrderDatabase, orderNumberParam } from "./staff-orders";

/** At most a hundred million (minor units): more than any order of the shops. */
const MAX_AMOUNT = 10_000_000_000;

const refundBody = z
  .object({
    version,
    amount: z.number().int().min(1).max(MAX_AMOUNT).optional(),
    reason: staffText(ORDER_MESSAGES.refundReasonRequired).optional(),
    retry: z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/)
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const required = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message, params: { code: "required" } });
    if (body.retry !== undefined) {
      if (body.amount !== undefined || body.reason !== undefined)
        ctx.addIssue({ code: "custom", path: ["retry"], message: "A retry names neither an amount nor a reason." });
      return;
    }
    if (body.amount === undefined) required("amount", "Please give the amount to refund.");
    if (body.reason === undefined) required("reason", ORDER_MESSAGES.refundReasonRequired);
  });

/** A new refund of `amount`: refused above what is left; after it committed, given back through the provider or recorded as transferred. */
async function newRefund(ctx: StaffContext, order: OrderRecord, amount: number, reason: string): Promise<Omit<Planned, "version" | "change">> {
  const { refundable } = await orderBalance(ctx.db, order);
  if (refundable <= 0) throw fail(409, ORDER_MESSAGES.nothingToRefund, "nothing_to_refund" satisfies RefundRefusalCode);
  if (amount > refundable) {
    const most = money(refundable, order.currency, order.language).formattedWithCurrency;
    throw fail(422, ORDER_MESSAGES.refundTooHigh.replace("{refundable}", most), "refund_too_high" satisfies RefundRefusalCode, {
      field: "amount",
      params: { refundable, formatted: most },
    });
  }
  return {
    record: { note: reason, amount },
    after: async (eventId) => {
      const outcome = await refundOrder(ctx, order, amount, eventId);
      if (!outcome) return;
      if (outcome.state !== "transfer") return keepRefundOutcome(ctx, eventId, outcome);
      // Paid offline: staff transferred it; the ledger holds the transfer once.
      await recordTransfer(ctx, order, outcome);
      await keepRefundOutcome(ctx, eventId, { ...outcome, state: "refunded" });
    },
  };
}

/** The retry of the refund of history entry `retry`, which must have failed: the same amount and key. */
async function retriedRefund(ctx: StaffContext, order: OrderRecord, retry: string): Promise<Omit<Planned, "version" | "change">> {
  const event = await sql`SELECT * FROM order_events WHERE id = ${retry} AND order_id = ${order.id}`.prepare(ctx.db).first<OrderEventRow>();
  const failed = parseJsonOr<{ refund?: Partial<RefundOutcome> }>(event?.body ?? "{}", {}).refund;
  if (failed?.state !== "failed" || typeof failed.cause !== "string" || !Number.isSafeInteger(failed.amount) || typeof failed.currency !== "string")
    throw fail(409, ORDER_MESSAGES.refundNotFailed, "refund_not_failed" satisfies RefundRefusalCode, { field: "retry" });
  const { amount, currency, cause } = failed as RefundOutcome;
  return {
    record: { retry, amount },
    after: async (eventId) => {
      const outcome = await retryRefund(ctx, order, { amount, currency, cause });
      if (!outcome) return;
      await keepRefundOutcome(ctx, retry, outcome);
      await keepRefundOutcome(ctx, eventId, outcome);
    },
  };
}

/** POST /admin/api/orders/:number/refund */
export async function staffRefundOrder(staffCtx: StaffContext, params: Params): Promise<Reply<StaffOrderDetail>> {
  const body = validate(refundBody, await readJson(staffCtx.request));
  const number = orderNumberParam(params);
  if (!number) throw notFound();
  const ctx = atOrderDatabase(staffCtx, number);
  const order = await sql`SELECT * FROM orders WHERE order_number = ${number}`.prepare(ctx.db).first<OrderRecord>();
  if (!order) throw notFound();
  // A refund made on another version of the order loses, before anything else is said.
  if (order.version !== body.version) throw fail(409, ORDER_MESSAGES.orderChanged, "order_changed" satisfies StaffOrderRefusalCode, { field: "version" });
  const planned = body.retry !== undefined ? await retriedRefund(ctx, order, body.retry) : await newRefund(ctx, order, body.amount!, body.reason!);
  return applyChange(staffCtx, params, () => ({ version: body.version, change: { kind: "refund" }, ...planned }));
}
