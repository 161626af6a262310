/**
 * The cart's voucher (docs/decisions/0040): `POST /apiv2/cart/voucher {code}` applies
 * a code to the visitor's cart, `DELETE /apiv2/cart/voucher` takes it off. Both answer the
 * checkout quote (quote.ts) for the query they were called with (the quote's own parameters:
 * country, postcode, mode, desiredDate, payment), so the cart page shows the new totals
 * without a second call.
 *
 * The code is taken trimmed, in any case, with dashes and spaces optional (tables/vouchers.ts
 * normaliseVoucherCode). An unknown code, a malformed one and another shop's code get one and
 * the same answer (404 `voucher_not_found`); a redeemed one 409 `voucher_redeemed`, one past its
 * last day 409 `voucher_expired`; nothing is written then. Every code tried counts against the
 * client address (`rateLimits.exact.voucherIp`, 10 per 15 minutes, right or wrong) on top of the
 * per-IP write limit, so guessing one of 2^60 codes per shop stays hopeless. Applying the same
 * code again changes nothing (and a repeated Idempotency-Key replays the first answer). A code is
 * only applied here; the order redeems it (place-order.ts).
 */
import { z } from "zod";
import type { CheckoutQuote, VoucherRefusal } from "@domain/checkout";
import { sql } from "@worker/lib/sql";
import { berlinTime } from "../core/berlin-time";
import { fail, MESSAGES, type ApiFailure } from "../core/envelope";
import { countRequest } from "../core/exact-limit";
import { runGuardedBatch } from "../core/guarded-batch";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import { ensureCart } from "../tables/carts";
import { normaliseVoucherCode, selectShopVoucher, setCartVoucher, voucherOf, voucherRefusal, voucherUsable, type VoucherRow } from "../tables/vouchers";
import { readCheckoutCart } from "./cart-read";
import { CHECKOUT_MESSAGES } from "./messages";
import { buildQuote, quoteQuery } from "./quote";

const voucherBody = z
  .object({
    code: z.string({ required_error: MESSAGES.required, invalid_type_error: "Expected a string" }).trim().min(1, MESSAGES.required).max(200),
  })
  .strict();

/** The refusal of a code: one body for unknown, malformed and other shops' codes. */
export function voucherFailure(refusal: VoucherRefusal, field = "code"): ApiFailure {
  switch (refusal) {
    case "voucher_redeemed":
      return fail(409, CHECKOUT_MESSAGES.voucherRedeemed, "voucher_redeemed", { field });
    case "voucher_expired":
      return fail(409, CHECKOUT_MESSAGES.voucherExpired, "voucher_expired", { field });
    default:
      return fail(404, CHECKOUT_MESSAGES.voucherNotFound, "voucher_not_found", { field });
  }
}

/** POST /apiv2/cart/voucher */
export async function applyVoucher(ctx: VisitorContext): Promise<Reply<CheckoutQuote>> {
  const query = quoteQuery(ctx);
  const body = validate(voucherBody, await readJson(ctx.request));
  // Every code tried counts for the client address, before anything is looked up.
  const counted = await countRequest(ctx, "voucherIp", clientKey(ctx.request));
  const code = normaliseVoucherCode(body.code);
  const [count, found] = await ctx.db.batch([counted.statement, ...(code ? [selectShopVoucher(code, ctx.shop.id).prepare(ctx.db)] : [])]);
  counted.enforce(count!);
  const row = found?.results[0] as VoucherRow | undefined;
  const today = berlinTime(ctx.now).date;
  const refusal = voucherRefusal(row ? voucherOf(row) : null, ctx.shop, today);
  if (refusal || !code) throw voucherFailure(refusal ?? "voucher_not_found");

  // The cart (created if the visitor has none) takes the code while it is still usable.
  const outcome = await runGuardedBatch<{ refusal: string | null }>(ctx, (visitorId, holds) => ({
    checks: [voucherUsable(code, ctx.shop.id, today)],
    writes: [ensureCart(visitorId, ctx.shop.id, ctx.now, holds), setCartVoucher(visitorId, ctx.shop.id, code, holds)],
    reads: [],
  }));
  if (outcome.refusal) throw voucherFailure(outcome.refusal.refusal as VoucherRefusal);
  const { rows, applied } = await readCheckoutCart(ctx);
  return reply(buildQuote(ctx, rows, query, applied));
}

/** DELETE /apiv2/cart/voucher: takes the code off the cart (none applied, or no cart: the same answer). */
export async function removeVoucher(ctx: VisitorContext): Promise<Reply<CheckoutQuote>> {
  const query = quoteQuery(ctx);
  const { rows, applied } = await readCheckoutCart(ctx, (visitorId) => [setCartVoucher(visitorId, ctx.shop.id, null, sql`1`)]);
  return reply(buildQuote(ctx, rows, query, applied));
}
