/**
 * Offers on the wire (docs/decisions/0039): the customer's offers and one offer by its signed
 * link or its owner (`CustomerOffer`, `OfferAccepted` of domain/offers.ts), the staff's offer
 * editor (`StaffOfferAnswer`, `OfferInput` of domain/back-office/offers.ts).
 *
 *   GET  /apiv2/customer/offers                 CustomerOffersAnswer
 *   GET  /apiv2/offer/{id}?sig=                 OfferAnswer
 *   POST /apiv2/offer/{id}/accept   OfferActionRequest   OfferAccepted
 *   POST /apiv2/offer/{id}/decline  OfferActionRequest   OfferAnswer
 */
import type { CustomerOffer } from "../offers";

/** The body of accept and decline: the signed link's signature (a guest); a signed-in owner sends none. */
export interface OfferActionRequest {
  sig?: string;
}

export interface CustomerOffersAnswer {
  offers: CustomerOffer[];
}

export interface OfferAnswer {
  offer: CustomerOffer;
}

/** The refusals of the offer calls besides the core codes. */
export type OfferRefusalCode =
  | "offer_not_found"
  | "offer_expired"
  | "offer_declined"
  | "offer_accepted"
  | "offer_changed"
  | "offer_not_revisable"
  | "unknown_product"
  | "minimum_order_quantity"
  | "not_configured";
