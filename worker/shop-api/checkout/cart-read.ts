/**
 * The cart as the checkout prices it: the visitor's row, the cart's lines and the voucher
 * applied to it (tables/vouchers.ts), in one D1 round trip (core/visitor.ts readVisitorCart
 * with the voucher beside it).
 */
import type { D1Result } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";
import { takeVisitorResult, visitorStatement, type VisitorContext } from "../core/visitor";
import { cartLines, type CartLineRow } from "../tables/carts";
import { cartVoucherOf, selectCartVoucher, type CartVoucherRow, type Voucher } from "../tables/vouchers";

export interface CheckoutCart {
  rows: CartLineRow[];
  /** The code applied to the cart and its voucher of the shop (null: the code names none), or null when none is applied. */
  applied: { code: string; voucher: Voucher | null } | null;
  /** The results of the statements `before` gave, in order (none without a visitor). */
  before: D1Result[];
}

/**
 * The visitor (loaded, renewed when due), its lines and its applied voucher; no token or an expired
 * visitor: an empty cart. `before(visitorId)`: statements to run first in the same batch (a change the read then sees, or a read beside it).
 */
export async function readCheckoutCart(ctx: VisitorContext, before: (visitorId: string) => SqlFragment[] = () => []): Promise<CheckoutCart> {
  const { tokenHash } = ctx.visitorState;
  const visitorRead = visitorStatement(ctx);
  if (!tokenHash || !visitorRead) {
    ctx.visitorState.loaded = true;
    return { rows: [], applied: null, before: [] };
  }
  const first = before(tokenHash).map((statement) => statement.prepare(ctx.db));
  const results = await ctx.db.batch([
    ...first,
    visitorRead,
    cartLines(tokenHash, ctx.shop.id, ctx.language).prepare(ctx.db),
    selectCartVoucher(tokenHash, ctx.shop.id).prepare(ctx.db),
  ]);
  const beforeResults = results.slice(0, first.length);
  const [visitorResult, linesResult, voucherResult] = results.slice(first.length);
  if (!takeVisitorResult(ctx, visitorResult)) return { rows: [], applied: null, before: beforeResults };
  return {
    rows: linesResult!.results as CartLineRow[],
    applied: cartVoucherOf(voucherResult!.results[0] as CartVoucherRow | undefined),
    before: beforeResults,
  };
}
