/**
 * Who may act for an order (complaints, uploads, the withdrawal): the one place that decides.
 *
 * - With a lookup token (POST /apiv2/rma/lookup or /link answered it): the token must be live
 *   (an hour), be this order's and have been made by the request's visitor (the token cookie
 *   the lookup ran with), so a token copied out of a page is useless in another browser.
 *   Anything else is one refusal: 401 `lookup_token_invalid` ('Please look up your order again.').
 * - Without one, the signed-in customer (the live session of core/customer-session.ts) for an
 *   order of theirs. Without a session: 401 `not_signed_in`; another customer's order answers
 *   as an unknown one (404).
 *
 * Whose order it is: the account's that `orders.customer_id` names (customerOwnsOrder): an
 * order placed signed in, or a guest order of the address, linked when the address was
 * verified and at every sign-in (docs/decisions/0037). A guest order with the same e-mail that
 * is not linked yet is not the customer's here either (as in the account's order list); the
 * next sign-in links it, and the lookup or the confirmation mail's link reach it meanwhile.
 */
import type { ReturnRefusalCode } from "@domain/api/returns";
import type { Customer } from "@domain/account";
import { sha256Hex } from "../core/auth";
import type { ShopContext } from "../core/context";
import { loadCustomer, requireCustomer } from "../core/customer-session";
import { fail } from "../core/envelope";
import type { VisitorContext } from "../core/visitor";
import { selectOrderByNumber, type OrderRow } from "../tables/orders";
import { selectLiveLookupToken, visitorHasLiveLookup, type RmaLookupTokenRow, type RmaVia } from "../tables/returns";
import { RETURNS_MESSAGES } from "./messages";

export interface OrderAccess {
  order: OrderRow;
  via: RmaVia;
  /** The lookup token's hash when the request came with one (the write's batch checks it is still live). */
  tokenHash: string | null;
  /** The customer signed in on the request, if any (recorded with what the request writes). */
  customer: Customer | null;
}

export const lookupTokenInvalid = () => fail(401, RETURNS_MESSAGES.lookupTokenInvalid, "lookup_token_invalid" satisfies ReturnRefusalCode);
export const orderNotFound = () => fail(404, RETURNS_MESSAGES.orderNotFound, "order_not_found" satisfies ReturnRefusalCode);

/** Whose order it is (see the module comment). */
export function customerOwnsOrder(customer: Pick<Customer, "id">, order: Pick<OrderRow, "customer_id">): boolean {
  return typeof order.customer_id === "string" && order.customer_id === customer.id;
}

/** The order a signed-in customer asks for by number: 401 without a session, 404 for an unknown or another customer's order. */
export async function customerOrder(ctx: ShopContext, orderNumber: string): Promise<{ order: OrderRow; customer: Customer }> {
  const { customer } = await requireCustomer(ctx);
  const order = await selectOrderByNumber(ctx.shop.id, orderNumber).prepare(ctx.db).first<OrderRow>();
  if (!order || !customerOwnsOrder(customer, order)) throw orderNotFound();
  return { order, customer };
}

/** The access a complaint or withdrawal for `orderNumber` comes with (see the module comment). */
export async function orderAccess(ctx: VisitorContext, request: { lookupToken?: string; orderNumber: string }): Promise<OrderAccess> {
  if (request.lookupToken === undefined) {
    const { order, customer } = await customerOrder(ctx, request.orderNumber);
    return { order, via: "session", tokenHash: null, customer };
  }
  const tokenHash = await sha256Hex(request.lookupToken);
  const visitorId = ctx.visitorState.tokenHash;
  const [token, order] = await ctx.db.batch([
    selectLiveLookupToken(tokenHash, ctx.now).prepare(ctx.db),
    selectOrderByNumber(ctx.shop.id, request.orderNumber).prepare(ctx.db),
  ]);
  const tokenRow = token!.results[0] as RmaLookupTokenRow | undefined;
  const orderRow = order!.results[0] as OrderRow | undefined;
  if (!tokenRow || !orderRow || tokenRow.order_id !== orderRow.id || visitorId === null || tokenRow.visitor_id !== visitorId) throw lookupTokenInvalid();
  return { order: orderRow, via: tokenRow.via, tokenHash, customer: (await loadCustomer(ctx))?.customer ?? null };
}

/**
 * Uploads come before the complaint names its order: the request's visitor must hold a live
 * lookup token for an order of the shop, or a customer must be signed in.
 */
export async function requireUploadAccess(ctx: VisitorContext): Promise<void> {
  const visitorId = ctx.visitorState.tokenHash;
  if (visitorId) {
    const row = await visitorHasLiveLookup(visitorId, ctx.shop.id, ctx.now).prepare(ctx.db).first<{ live: number }>();
    if (row?.live === 1) return;
  }
  if (await loadCustomer(ctx)) return;
  throw lookupTokenInvalid();
}
