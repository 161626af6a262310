/**
 * The answers and the body of the back office's offer routes (worker/shop-api/offers/staff-routes.ts),
 * as the shop API builds them and the console's offer editor reads them (console/src/screens/OfferEditor.tsx;
 * roles service and ops):
 *   GET /admin/api/inquiries/:id/offer[?sku=A&sku=B]   StaffOfferAnswer (products: the inquiry's, the offer's lines', and those asked for)
 *   PUT /admin/api/inquiries/:id/offer                 OfferInput -> StaffOfferAnswer (creates or revises the offer, mails it)
 * Money is integer minor units of the offer's currency, tax included, next to its formatted text.
 */
import type { MoneyValue } from "../money";
import type { StoredOfferState } from "../offers";

export { OFFER_LIMITS } from "../offers";

export interface StaffOfferLine {
  lineNo: number;
  sku: string;
  /** The product's name in the inquiry's language when the offer was made. */
  name: string;
  /** Packages. */
  quantity: number;
  packagePrice: MoneyValue;
  /** The shop's price when the offer was made. */
  regularPrice: MoneyValue;
  rowTotal: MoneyValue;
}

export interface StaffOffer {
  offerId: string;
  /** As the customer sees it now: an offered or accepted offer past its last day is expired. */
  state: StoredOfferState;
  /** YYYY-MM-DD, the last day it can be accepted and ordered (Berlin time). */
  validUntil: string;
  message: string;
  total: MoneyValue;
  lines: StaffOfferLine[];
  /** Who sent it last. */
  staffEmail: string;
  offeredAt: string;
  acceptedAt: string | null;
  declinedAt: string | null;
  expiredAt: string | null;
  updatedAt: string;
  /** Staff may still change it (only while offered and valid). */
  revisable: boolean;
}

/** A product the editor can put on a line: its price in the inquiry's shop now. */
export interface OfferProduct {
  sku: string;
  name: string;
  /** Sold in the inquiry's shop (active, listed, priced, not at its end of life). */
  sold: boolean;
  /** The shop's package price in minor units; null when the shop has none. */
  packagePrice: number | null;
  /** Sales unit code (SQM, PCS, ...) and its label. */
  unit: string;
  unitLabel: string;
  /** Amount of the unit in one package. */
  packageContent: number;
  /** The fewest packages the shop sells of it (its minimum order quantity, at least 1). */
  minimumQuantity: number;
}

export interface StaffOfferAnswer {
  inquiryId: string;
  shop: string;
  language: string;
  currency: string;
  /** The customer's name and e-mail (the offer mail goes there). */
  name: string;
  email: string;
  /** What the customer asked about, and how much of it (in its sales unit), when they said. */
  product: { sku: string; name: string };
  quantity: number | null;
  unit: string | null;
  offer: StaffOffer | null;
  /**
   * The terrace planner configuration the request hands over (docs/decisions/0043), or null: its
   * number, the editor's prefill (every bill line with a product at its packages and the shop's
   * package price of today, in minor units; the products are among `products`) and the bill's
   * lines the catalogue cannot supply (name and role only).
   */
  configuration: {
    number: string;
    lines: OfferInput["lines"];
    missing: { role: string; name: string }[];
  } | null;
  products: OfferProduct[];
  /** The range of validUntil the editor may choose: today and the last day allowed (Berlin time). */
  validFrom: string;
  validTo: string;
}

/** PUT /admin/api/inquiries/:id/offer */
export interface OfferInput {
  lines: { sku: string; quantity: number; packagePrice: number }[];
  validUntil: string;
  message: string;
}
