/**
 * The refund of a complaint, return or withdrawal (docs/decisions/0071). Of the states staff set
 * (returns-forms.ts RMA_TRANSITIONS) `refunded` is the one that means "money back": `accepted`
 * only acknowledges the case (a withdrawal's mail says the refund follows), `replaced` sends
 * goods instead. So the move to `refunded`, of any kind of case, refunds:
 *
 * - what was paid for the case's packages (domain/refund-amount.ts: quantity back times the line's
 *   price, less the order's prepayment discount and voucher share), plus, for a withdrawal of the
 *   whole order, the standard delivery cost; never more than is left of the payment;
 * - through the provider that took an online payment (core/payments/refund.ts), keyed by the
 *   case's number, so a retry makes one refund; an order paid offline waits for staff to transfer
 *   the amount back and record it (a ledger row of provider `bank_transfer`, once);
 * - the outcome is kept in the history row of the move, and the customer's status mail, which
 *   says the amount, goes out once the money went back (at once for a case with nothing to refund).
 */
import type { D1Database } from "@cloudflare/workers-types";
import { money } from "@domain/money";
import { standardShipping } from "@domain/refund-amount";
import { parseJsonOr } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import type { ApiContext } from "../core/context";
import { linesRefundAmount, recordTransfer, refundOrder, retryRefund, type RefundedOrder, type RefundOutcome } from "../core/payments/refund";
import type { OrderLineRow, OrderRow } from "../tables/orders";
import type { OrderPaymentColumns } from "../tables/order-payments";
import { setRefundOutcome, statusChanged } from "../tables/returns";
import { caseStatusMail, type CaseRow } from "./mails";

/** A case with what its order is and what its refund gives back. */
interface PlannedRefund {
  order: RefundedOrder;
  amount: number;
}

/** What the case's move to `refunded` gives back; null when nothing (nothing paid online, or nothing left). */
export async function plannedRefund(db: D1Database, rma: CaseRow): Promise<PlannedRefund | null> {
  const [orderResult, lineResult, backResult] = await db.batch([
    sql`SELECT * FROM orders WHERE id = ${rma.order_id}`.prepare(db),
    sql`SELECT * FROM order_lines WHERE order_id = ${rma.order_id} ORDER BY line_no`.prepare(db),
    sql`SELECT line_no, quantity FROM rma_lines WHERE rma_id = ${rma.id}`.prepare(db),
  ]);
  const order = orderResult!.results[0] as (OrderRow & OrderPaymentColumns) | undefined;
  if (!order || (order.payment_provider !== null && order.payment_state !== "paid")) return null;
  const back = new Map((backResult!.results as { line_no: number; quantity: number }[]).map((line) => [line.line_no, line.quantity]));
  const wholeWithdrawal = rma.kind === "withdrawal" && rma.whole_order === 1;
  const express = parseJsonOr<{ expressFee?: number } | null>(order.delivery_summary, null)?.expressFee;
  const shipping = wholeWithdrawal ? standardShipping(order.shipping_total, express) : 0;
  const amount = linesRefundAmount(order, lineResult!.results as OrderLineRow[], back, shipping);
  return amount > 0 ? { order, amount } : null;
}

/** Keeps the outcome in the history and, when the money went back, writes the customer's mail. */
async function keepOutcome(ctx: ApiContext, rma: CaseRow, claim: string, outcome: RefundOutcome, note: string): Promise<void> {
  const statements = [setRefundOutcome(rma.id, JSON.stringify(outcome))];
  // The move's mail, now with the amount given back (its claim still holds: refunded is final).
  if (outcome.state === "refunded")
    statements.push(
      caseStatusMail(
        rma,
        { status: "refunded", note, claim, refunded: money(outcome.amount, outcome.currency, rma.language).formattedWithCurrency },
        statusChanged(rma.id, claim),
        ctx.now,
      ),
    );
  await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
}

/** After the move to `refunded` committed (its claim): refunds through the provider, or leaves the transfer to staff. */
export async function refundCase(ctx: ApiContext, rma: CaseRow, claim: string, planned: PlannedRefund, note: string): Promise<RefundOutcome | null> {
  const outcome = await refundOrder(ctx, planned.order, planned.amount, rma.id);
  if (outcome) await keepOutcome(ctx, rma, claim, outcome, note);
  return outcome;
}

/**
 * Staff settle a case's refund that is still open: a failed one is tried again at the provider
 * (the same key: one refund however often), a transfer is recorded as done (its ledger row once).
 * Null when the case's refund is neither failed nor a transfer (nothing to do).
 */
export async function settleCaseRefund(ctx: ApiContext, rma: CaseRow): Promise<RefundOutcome | null> {
  const row = await sql`SELECT refund, note FROM rma_status_history WHERE rma_id = ${rma.id} AND status = 'refunded'`
    .prepare(ctx.db)
    .first<{ refund: string | null; note: string }>();
  const open = parseJsonOr<RefundOutcome | null>(row?.refund ?? "null", null);
  if (!row || !open || !rma.status_claim || (open.state !== "failed" && open.state !== "transfer")) return null;
  const order = await sql`SELECT * FROM orders WHERE id = ${rma.order_id}`.prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order) return null;
  let outcome: RefundOutcome;
  if (open.state === "transfer") {
    await recordTransfer(ctx, order, open);
    outcome = { ...open, state: "refunded" };
  } else {
    const retried = await retryRefund(ctx, order, open);
    if (!retried) return null;
    outcome = retried;
  }
  await keepOutcome(ctx, rma, rma.status_claim, outcome, row.note);
  return outcome;
}
