/**
 * Offers: an offer request (an inquiry of type `offer`) becomes an offer the staff
 * prepare in the back office; the customer sees it in the account ("my offers") or by the
 * signed link of the offer mail, and accepts it into the cart at the offered prices until it
 * expires. Shared by the shop API (worker/shop-api/offers/) and the site's screens.
 *
 *   GET  /apiv2/customer/offers            { offers: CustomerOffer[] }   (signed-in customer)
 *   GET  /apiv2/offer/:id?sig=             { offer: CustomerOffer }      (404 offer_not_found)
 *   POST /apiv2/offer/:id/accept  { sig? } OfferAccepted                 (409 offer_expired, offer_declined)
 *   POST /apiv2/offer/:id/decline { sig? } { offer: CustomerOffer }      (409 offer_accepted, offer_expired)
 *
 * Money is integer minor units in `MoneyValue`s (domain/money.ts), tax included.
 */
import type { MoneyValue } from "./money";
import { MAX_QUANTITY } from "./quantity";

/**
 * `requested`: an offer request the staff have not answered with an offer yet; `offered`: sent,
 * can be accepted until `validUntil`; `accepted`: its lines went into the cart (accepting again
 * while valid puts them in again); `declined` by the customer; `expired`: past `validUntil`.
 */
export const OFFER_STATES = ["requested", "offered", "accepted", "declined", "expired"] as const;
export type OfferState = (typeof OFFER_STATES)[number];

/** An offer's id: `O-` and 10 characters of Crockford's base32 (50 random bits), as the customer's link names it. */
export const OFFER_ID = /^O-[0-9A-HJKMNP-TV-Z]{10}$/;

/** The states a stored offer can have (`requested` has no offer yet). */
export type StoredOfferState = Exclude<OfferState, "requested">;

/** Limits of an offer the staff prepare (checked by the shop API, shown by the editor). */
export const OFFER_LIMITS = {
  /** Lines per offer. */
  maxLines: 50,
  /** Packages per line: what a cart line can hold. */
  maxQuantity: MAX_QUANTITY,
  /** validUntil lies from today up to this many days ahead (Berlin time). */
  maxValidDays: 90,
  /** The staff's note to the customer. */
  messageMax: 5000,
  /** Highest package price, minor units. */
  maxPackagePrice: 100_000_000,
} as const;

export interface OfferLineView {
  sku: string;
  /** The product's name in the inquiry's language when the offer was made. */
  name: string;
  /** Packages. */
  quantity: number;
  /** The offered price of one package. */
  packagePrice: MoneyValue;
  /** The shop's price of one package when the offer was made (to show the saving). */
  regularPrice: MoneyValue;
  rowTotal: MoneyValue;
}

export interface CustomerOffer {
  /** The offer request's number (Q-...). */
  inquiryId: string;
  /** The offer's id (O-...), null while it is only requested. */
  offerId: string | null;
  state: OfferState;
  /** When the request was sent (ISO timestamp). */
  createdAt: string;
  /** The product the request was about. */
  product: { sku: string; name: string };
  /** YYYY-MM-DD: the last day the offer can be accepted and ordered; null while requested. */
  validUntil: string | null;
  /** The sum of the lines; null while requested. */
  total: MoneyValue | null;
  lines: OfferLineView[];
  /** The staff's note to the customer (plain text), "" when none or while requested. */
  message: string;
}

/** The answer of POST /apiv2/offer/:id/accept. */
export interface OfferAccepted {
  offer: CustomerOffer;
  /** Lines in the visitor's cart after accepting. */
  cartItemCount: number;
}

/** An offer's stored state as of a Berlin day: an offered or accepted offer past its last day is expired. */
export function effectiveOfferState(state: StoredOfferState, validUntil: string, today: string): StoredOfferState {
  if ((state === "offered" || state === "accepted") && validUntil < today) return "expired";
  return state;
}
