/**
 * POST /apiv2/rma/withdrawal `{ lookupToken? | session, orderNumber, confirm: true }`: the
 * withdrawal from the contract (Directive 2023/2673; docs/decisions/0038). Offered for
 * consumer orders (a private customer's account, or for an order of no account a billing
 * address without company and VAT ID) of the EU shops delivered into the EU/EEA, until 30 days after the order's
 * last delivery (order-view.ts withdrawalRefusal); anything else is 403
 * `withdrawal_unavailable` with `params.reason` (not_eu, business, cancelled, period_over).
 *
 * One batch records it (at most one per order), opens its case for staff (an RMA of kind
 * `withdrawal`, reason REVOCATION, the whole order: the packages not yet in another
 * complaint) and enqueues the confirmation mail, which goes out at once. A second withdrawal
 * of the same order answers the first one and sends no second mail.
 * Answers `{ withdrawal: { requestedAt, rmaId } }`.
 */
import type { ReturnRefusalCode } from "@domain/api/returns";
import { withdrawalSchema, type WithdrawalAnswer } from "@domain/returns-forms";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { fail } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { sendOutboxSoon } from "../core/mail/sender";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { withVisitor } from "../core/visitor";
import { insertRma, insertRmaLine, insertStatus, insertWithdrawal, lookupTokenHolds, selectWithdrawal, type OrderWithdrawalRow } from "../tables/returns";
import { lookupTokenInvalid, orderAccess } from "./access";
import { withdrawalMail } from "./mails";
import { RETURNS_MESSAGES, SERVER_TEXTS } from "./messages";
import { newRmaNumber } from "./numbers";
import { customerName, loadOrder, withdrawalRefusal } from "./order-view";

const NUMBER_ATTEMPTS = 3;

const answerOf = (row: Pick<OrderWithdrawalRow, "requested_at" | "rma_id">): WithdrawalAnswer => ({
  withdrawal: { requestedAt: row.requested_at, rmaId: row.rma_id },
});

export async function withdrawOrder(ctx: ShopContext): Promise<Reply<WithdrawalAnswer>> {
  // 1. the body and who asks for which order
  const body = validate(withdrawalSchema(SERVER_TEXTS), await readJson(ctx.request));
  const visitorCtx = await withVisitor(ctx);
  const access = await orderAccess(visitorCtx, body);
  // 2. the order now: withdrawn already (the first answer), or not offered (why)
  const loaded = await loadOrder(ctx, access.order);
  if (loaded.withdrawal) return reply(answerOf(loaded.withdrawal));
  const refusal = withdrawalRefusal(ctx.shop, loaded.order, loaded.customerType, loaded.lines, ctx.now);
  if (refusal) throw fail(403, RETURNS_MESSAGES.withdrawalUnavailable, "withdrawal_unavailable" satisfies ReturnRefusalCode, { params: { reason: refusal } });
  // 3. one batch: the withdrawal, its case, the mail
  const order = loaded.order;
  const now = ctx.now.toISOString();
  const remaining = loaded.lines
    .map((line) => ({ line, quantity: line.quantity - (loaded.returned.get(line.line_no) ?? 0) }))
    .filter((entry) => entry.quantity > 0);
  for (let attempt = 1; ; attempt++) {
    const rmaId = newRmaNumber();
    const outcome = await runGuardedBatch<{ refusal: string | null }>(visitorCtx, (visitorId, holds) => ({
      checks: [
        sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM order_withdrawals WHERE order_id = ${order.id}) THEN 'withdrawn' END AS refusal`,
        sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM rmas WHERE id = ${rmaId}) THEN 'number_taken' END AS refusal`,
        ...(access.tokenHash
          ? [sql`SELECT CASE WHEN NOT ${lookupTokenHolds(access.tokenHash, order.id, visitorId, ctx.now)} THEN 'lookup_token_invalid' END AS refusal`]
          : []),
      ],
      writes: [
        insertRma(
          {
            id: rmaId,
            kind: "withdrawal",
            order_id: order.id,
            shop_id: ctx.shop.id,
            language: ctx.language,
            email: order.email,
            reason: "REVOCATION",
            proposal: null,
            message: "",
            phone: null,
            whole_order: 1,
            status: "submitted",
            via: access.via,
            visitor_id: visitorId,
            customer_id: access.customer?.id ?? null,
            created_at: now,
            updated_at: now,
          },
          holds,
        ),
        ...remaining.map(({ line, quantity }) =>
          insertRmaLine({ rma_id: rmaId, order_id: order.id, line_no: line.line_no, sku: line.sku, name: line.name, quantity }, holds),
        ),
        insertStatus(rmaId, "submitted", "", "customer", ctx.now, holds),
        insertWithdrawal(
          {
            order_id: order.id,
            rma_id: rmaId,
            shop_id: ctx.shop.id,
            requested_at: now,
            via: access.via,
            visitor_id: visitorId,
            customer_id: access.customer?.id ?? null,
          },
          holds,
        ),
        withdrawalMail(
          {
            shop: ctx.shop,
            language: ctx.language,
            to: order.email,
            rmaId,
            orderNumber: order.order_number,
            name: customerName(order),
            requestedAt: ctx.now,
            lines: loaded.lines.map((line) => ({ sku: line.sku, name: line.name.slice(0, 200), quantity: line.quantity })),
          },
          holds,
          ctx.now,
          order.id,
        ),
      ],
      reads: [selectWithdrawal(order.id)],
    }));
    const refused = outcome.refusal?.refusal;
    if (refused === "number_taken" && attempt < NUMBER_ATTEMPTS) continue;
    if (refused === ("lookup_token_invalid" satisfies ReturnRefusalCode)) throw lookupTokenInvalid();
    if (refused && refused !== "withdrawn") throw new Error(`withdrawal refused: ${refused}`);
    const row = outcome.reads[0]!.results[0] as OrderWithdrawalRow | undefined;
    if (!row) throw new Error("withdrawal batch passed its checks but wrote no withdrawal");
    if (!refused) sendOutboxSoon(ctx);
    return reply(answerOf(row));
  }
}
