/**
 * Who may see and act on an offer: the one place that decides.
 *
 * - Whoever holds the offer mail's signed link (core/offer-link.ts): the signature over the
 *   shop, the offer id and the offer request's e-mail.
 * - The signed-in customer who owns the offer request: sent signed in (`inquiries.customer_id`),
 *   or sent as a guest with the customer's verified e-mail in the same shop.
 *
 * Anything else, an unknown id, another shop's offer, a wrong or malformed signature, another
 * customer's offer, is one answer: 404 `offer_not_found`, byte for byte.
 */
import type { OfferRefusalCode } from "@domain/api/offers";
import type { Customer } from "@domain/account";
import { OFFER_ID } from "@domain/offers";
import type { ShopContext } from "../core/context";
import { loadCustomer } from "../core/customer-session";
import { fail } from "../core/envelope";
import { isOfferLinkSignature, linkSecret } from "../core/offer-link";
import {
  offerLineOf,
  offerRequestOf,
  selectOfferLines,
  selectOfferRequestByOffer,
  type Offer,
  type OfferInquiry,
  type OfferLine,
  type OfferLineRow,
  type OfferRequest,
  type OfferRequestRow,
} from "../tables/offers";
import { OFFER_MESSAGES } from "./messages";

export const offerNotFound = () => fail(404, OFFER_MESSAGES.offerNotFound, "offer_not_found" satisfies OfferRefusalCode);

/** The customer owns the offer request: sent signed in, or sent with their verified address in the shop. */
export function ownsRequest(customer: Pick<Customer, "id" | "email" | "verified">, inquiry: Pick<OfferInquiry, "customerId" | "email">): boolean {
  if (inquiry.customerId !== null && inquiry.customerId === customer.id) return true;
  return customer.verified && inquiry.email === customer.email.trim().toLowerCase();
}

export interface OpenedOffer {
  request: OfferRequest & { offer: Offer };
  lines: OfferLine[];
}

/** Reads offer `rawId` of the request's shop with its lines; 404 unless the signature or the signed-in customer may open it. */
export async function openOffer(ctx: ShopContext, rawId: string | undefined, sig: string | undefined): Promise<OpenedOffer> {
  const id = rawId ?? "";
  if (!OFFER_ID.test(id)) throw offerNotFound();
  const [found, lineRows] = await ctx.db.batch([selectOfferRequestByOffer(ctx.shop.id, id).prepare(ctx.db), selectOfferLines([id]).prepare(ctx.db)]);
  const row = found!.results[0] as OfferRequestRow | undefined;
  const request = row ? offerRequestOf(row) : null;
  if (!request?.offer || !(await mayOpen(ctx, request as OpenedOffer["request"], sig))) throw offerNotFound();
  return { request: request as OpenedOffer["request"], lines: (lineRows!.results as OfferLineRow[]).map(offerLineOf) };
}

async function mayOpen(ctx: ShopContext, request: OpenedOffer["request"], sig: string | undefined): Promise<boolean> {
  const secret = linkSecret(ctx.env.OFFER_LINK_SECRET);
  if (sig && secret && (await isOfferLinkSignature(secret, ctx.shop.id, request.offer.id, request.inquiry.email, sig))) return true;
  const signedIn = await loadCustomer(ctx);
  return signedIn !== null && ownsRequest(signedIn.customer, request.inquiry);
}
