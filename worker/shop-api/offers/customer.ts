/**
 * The customer's side of offers (docs/decisions/0039):
 *
 *   GET  /apiv2/customer/offers            the signed-in customer's offer requests, newest first
 *   GET  /apiv2/offer/:id?sig=             one offer (the mail's signed link, or its signed-in owner)
 *   POST /apiv2/offer/:id/accept  { sig? } its lines into the visitor's cart at the offered quantities and prices
 *   POST /apiv2/offer/:id/decline { sig? } declined
 *
 * Who may open an offer: access.ts (404 `offer_not_found` for everything else). Accepting puts
 * every line into the cart in place of the cart's lines of the same products (the cart's
 * function, injected by app.ts), in the same batch that marks the offer accepted and only while
 * it is still the revision read and valid: accepting again replaces its lines, never doubles
 * them; an expired offer (409 `offer_expired`) or a declined one (409 `offer_declined`) writes
 * nothing. The writes are rate limited and idempotent as every shop write (core/route.ts).
 */
import type { CustomerOffersAnswer, OfferActionRequest, OfferAnswer, OfferRefusalCode } from "@domain/api/offers";
import { z } from "zod";
import type { OfferAccepted } from "@domain/offers";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { berlinTime } from "../core/berlin-time";
import type { ShopContext } from "../core/context";
import { requireCustomer } from "../core/customer-session";
import { fail } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import {
  acceptOffer as markAccepted,
  declineOffer as markDeclined,
  offerAcceptable,
  offerLineOf,
  offerRequestOf,
  selectCustomerOfferRequests,
  selectOfferLines,
  stateOn,
  type OfferLine,
  type OfferLineRow,
  type OfferRequestRow,
} from "../tables/offers";
import { openOffer, type OpenedOffer } from "./access";
import { OFFER_MESSAGES } from "./messages";
import { customerOfferOf } from "./views";

/** The customer's list shows at most this many offer requests. */
export const MAX_LISTED_OFFERS = 100;

/** What the cart's `putOfferLines` (commerce/cart.ts) takes and answers; app.ts hands it in. */
export interface OfferLinesRequest {
  offerId: string;
  lines: { sku: string; quantity: number; price: number; field: string }[];
  checks: SqlFragment[];
  writes(holds: SqlFragment): SqlFragment[];
}
export type PutOfferLines = (ctx: VisitorContext, request: OfferLinesRequest) => Promise<{ refusal: string } | { cartItemCount: number }>;

const offerExpired = () => fail(409, OFFER_MESSAGES.offerExpired, "offer_expired" satisfies OfferRefusalCode);
const offerDeclined = () => fail(409, OFFER_MESSAGES.offerDeclined, "offer_declined" satisfies OfferRefusalCode);
const offerAccepted = () => fail(409, OFFER_MESSAGES.offerAccepted, "offer_accepted" satisfies OfferRefusalCode);
const offerChanged = () => fail(409, OFFER_MESSAGES.offerChanged, "offer_changed" satisfies OfferRefusalCode);

/** A link's signature as the body carries it; a malformed one is as wrong as any other (404), never a 422 that tells them apart. */
const actionBody: z.ZodType<OfferActionRequest> = z.object({ sig: z.string().max(200).optional() }).strict();

const todayOf = (ctx: ShopContext) => berlinTime(ctx.now).date;
const viewOf = (ctx: ShopContext, opened: OpenedOffer) => customerOfferOf(opened.request, opened.lines, ctx.language, ctx.shop.currency, todayOf(ctx));

/** GET /apiv2/customer/offers */
export async function customerOffers(ctx: ShopContext): Promise<Reply<CustomerOffersAnswer>> {
  const { customer } = await requireCustomer(ctx);
  const email = customer.verified ? customer.email.trim().toLowerCase() : null;
  const { results } = await selectCustomerOfferRequests(ctx.shop.id, customer.id, email, MAX_LISTED_OFFERS).prepare(ctx.db).all<OfferRequestRow>();
  const requests = results.map(offerRequestOf);
  const offerIds = requests.flatMap((request) => (request.offer ? [request.offer.id] : []));
  const linesOf = new Map<string, OfferLine[]>();
  if (offerIds.length > 0) {
    const lines = await selectOfferLines(offerIds).prepare(ctx.db).all<OfferLineRow>();
    for (const row of lines.results) linesOf.set(row.offer_id, [...(linesOf.get(row.offer_id) ?? []), offerLineOf(row)]);
  }
  const today = todayOf(ctx);
  const offers = requests.map((request) => customerOfferOf(request, linesOf.get(request.offer?.id ?? "") ?? [], ctx.language, ctx.shop.currency, today));
  return reply({ offers });
}

/** GET /apiv2/offer/:id?sig= */
export async function getOffer(ctx: ShopContext, params: Params): Promise<Reply<OfferAnswer>> {
  const opened = await openOffer(ctx, params.id, ctx.url.searchParams.get("sig") ?? undefined);
  return reply({ offer: viewOf(ctx, opened) });
}

/** The refusal for an offer that is not open for the action any more, as it is now. */
function refusalFor(ctx: ShopContext, opened: OpenedOffer): ReturnType<typeof fail> | null {
  switch (stateOn(opened.request.offer, todayOf(ctx))) {
    case "expired":
      return offerExpired();
    case "declined":
      return offerDeclined();
    default:
      return null;
  }
}

/** POST /apiv2/offer/:id/accept { sig? } (app.ts hands in the cart's putOfferLines) */
export function acceptOffer(putOfferLines: PutOfferLines) {
  return async (ctx: VisitorContext, params: Params): Promise<Reply<OfferAccepted>> => {
    const { sig } = validate(actionBody, await readJson(ctx.request, { emptyAllowed: true }));
    const opened = await openOffer(ctx, params.id, sig);
    const refusal = refusalFor(ctx, opened);
    if (refusal) throw refusal;
    const offer = opened.request.offer;
    const today = todayOf(ctx);
    const outcome = await putOfferLines(ctx, {
      offerId: offer.id,
      lines: opened.lines.map((line, index) => ({ sku: line.sku, quantity: line.quantity, price: line.packagePrice, field: `lines.${index}` })),
      checks: [sql`SELECT CASE WHEN ${offerAcceptable(offer.id, offer.offeredAt, today)} THEN NULL ELSE 'offer_changed' END AS refusal`],
      writes: (holds) => [markAccepted(offer.id, ctx.now, holds)],
    });
    if ("refusal" in outcome) {
      // Declined, expired or revised meanwhile: say what it is now.
      throw refusalFor(ctx, await openOffer(ctx, params.id, sig)) ?? offerChanged();
    }
    const at = ctx.now.toISOString();
    const accepted: OpenedOffer = {
      ...opened,
      request: { ...opened.request, offer: { ...offer, storedState: "accepted", acceptedAt: offer.acceptedAt ?? at, updatedAt: at } },
    };
    const answer: OfferAccepted = { offer: viewOf(ctx, accepted), cartItemCount: outcome.cartItemCount };
    return reply(answer);
  };
}

/** POST /apiv2/offer/:id/decline { sig? }: an offered offer becomes declined; declining it again answers the same. */
export async function declineOffer(ctx: ShopContext, params: Params): Promise<Reply<OfferAnswer>> {
  const { sig } = validate(actionBody, await readJson(ctx.request, { emptyAllowed: true }));
  let opened = await openOffer(ctx, params.id, sig);
  const today = todayOf(ctx);
  let state = stateOn(opened.request.offer, today);
  if (state === "offered") {
    const result = await markDeclined(opened.request.offer.id, ctx.now, today).prepare(ctx.db).run();
    if ((result.meta.changes ?? 0) === 0) {
      opened = await openOffer(ctx, params.id, sig);
      state = stateOn(opened.request.offer, today);
      if (state === "offered") throw offerChanged();
    } else {
      const at = ctx.now.toISOString();
      opened = { ...opened, request: { ...opened.request, offer: { ...opened.request.offer, storedState: "declined", declinedAt: at, updatedAt: at } } };
      state = "declined";
    }
  }
  if (state === "expired") throw offerExpired();
  if (state === "accepted") throw offerAccepted();
  return reply({ offer: viewOf(ctx, opened) });
}
