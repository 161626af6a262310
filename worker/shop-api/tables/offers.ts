/**
 * The offer tables (migrations/0023_inquiries_offers.sql): `offers` (at most one per offer
 * request, an inquiry of type 'offer') and `offer_lines` (its lines at their offered package
 * prices). Money is minor units of the offer's currency, tax included; `valid_until` is the
 * last day (Berlin time, YYYY-MM-DD) the offer can be accepted and ordered.
 *
 * An offer request is read together with its offer (OfferRequestRow): the inquiry's columns
 * the offers need and the offer's, NULL while staff have not sent one.
 */
import { effectiveOfferState, type StoredOfferState } from "@domain/offers";
import { sql, type OuterJoined, type SqlFragment } from "@worker/lib/sql";

export interface OfferRow {
  id: string;
  inquiry_id: string;
  shop_id: string;
  currency: string;
  state: StoredOfferState;
  valid_until: string;
  message: string;
  total: number;
  staff_email: string;
  offered_at: string;
  accepted_at: string | null;
  declined_at: string | null;
  expired_at: string | null;
  updated_at: string;
}

export interface OfferLineRow {
  offer_id: string;
  line_no: number;
  sku: string;
  name: string;
  quantity: number;
  package_price: number;
  regular_price: number;
}

export interface Offer {
  id: string;
  inquiryId: string;
  shopId: string;
  currency: string;
  /** As stored; `stateOn(offer, today)` is what it is on a day. */
  storedState: StoredOfferState;
  validUntil: string;
  message: string;
  total: number;
  staffEmail: string;
  offeredAt: string;
  acceptedAt: string | null;
  declinedAt: string | null;
  expiredAt: string | null;
  updatedAt: string;
}

export interface OfferLine {
  lineNo: number;
  sku: string;
  name: string;
  quantity: number;
  packagePrice: number;
  regularPrice: number;
}

export function offerOf(row: OfferRow): Offer {
  return {
    id: row.id,
    inquiryId: row.inquiry_id,
    shopId: row.shop_id,
    currency: row.currency,
    storedState: row.state,
    validUntil: row.valid_until,
    message: row.message,
    total: row.total,
    staffEmail: row.staff_email,
    offeredAt: row.offered_at,
    acceptedAt: row.accepted_at,
    declinedAt: row.declined_at,
    expiredAt: row.expired_at,
    updatedAt: row.updated_at,
  };
}

export function offerLineOf(row: OfferLineRow): OfferLine {
  return {
    lineNo: row.line_no,
    sku: row.sku,
    name: row.name,
    quantity: row.quantity,
    packagePrice: row.package_price,
    regularPrice: row.regular_price,
  };
}

/** The offer's state on a Berlin day: offered or accepted past its last day is expired, whether or not the scheduled job ran. */
export const stateOn = (offer: Pick<Offer, "storedState" | "validUntil">, today: string): StoredOfferState =>
  effectiveOfferState(offer.storedState, offer.validUntil, today);

/** The inquiry's columns an offer request is read with. */
export interface OfferInquiryColumns {
  inquiry_id: string;
  inquiry_shop_id: string;
  language: string;
  sku: string;
  product_name: string;
  name: string;
  email: string;
  quantity: number | null;
  unit: string | null;
  customer_id: string | null;
  created_at: string;
  configuration_number: string | null;
}

/** An offer request (an inquiry of type 'offer') with its offer's columns, NULL while there is none. */
export type OfferRequestRow = OfferInquiryColumns & OuterJoined<OfferRow>;

export interface OfferInquiry {
  id: string;
  shopId: string;
  language: string;
  sku: string;
  productName: string;
  name: string;
  email: string;
  quantity: number | null;
  unit: string | null;
  customerId: string | null;
  createdAt: string;
  /** The terrace planner configuration the request hands over (its number), or null. */
  configuration: string | null;
}

export interface OfferRequest {
  inquiry: OfferInquiry;
  offer: Offer | null;
}

export function offerRequestOf(row: OfferRequestRow): OfferRequest {
  return {
    inquiry: {
      id: row.inquiry_id,
      shopId: row.inquiry_shop_id,
      language: row.language,
      sku: row.sku,
      productName: row.product_name,
      name: row.name,
      email: row.email,
      quantity: row.quantity,
      unit: row.unit,
      customerId: row.customer_id,
      createdAt: row.created_at,
      configuration: row.configuration_number ?? null,
    },
    offer: row.id === null ? null : offerOf(row as OfferRow),
  };
}

const OFFER_REQUEST = sql`SELECT i.id AS inquiry_id, i.shop_id AS inquiry_shop_id, i.language, i.sku, i.product_name, i.name, i.email, i.quantity, i.unit,
    i.customer_id, i.created_at, i.configuration_number, o.id, o.shop_id, o.currency, o.state, o.valid_until, o.message, o.total, o.staff_email, o.offered_at, o.accepted_at,
    o.declined_at, o.expired_at, o.updated_at
  FROM inquiries i LEFT JOIN offers o ON o.inquiry_id = i.id`;

/** The offer request `inquiryId` (no row when the inquiry is unknown or of another type). */
export const selectOfferRequest = (inquiryId: string): SqlFragment => sql`${OFFER_REQUEST} WHERE i.id = ${inquiryId} AND i.type = 'offer'`;

/** The offer request of offer `offerId` in the shop (no row when the offer is unknown or another shop's). */
export const selectOfferRequestByOffer = (shopId: string, offerId: string): SqlFragment =>
  sql`${OFFER_REQUEST} WHERE o.id = ${offerId} AND o.shop_id = ${shopId} AND i.type = 'offer'`;

/**
 * A customer's offer requests in the shop, newest first: those sent signed in, and, when the
 * customer's address is verified, those sent with it as a guest.
 */
export const selectCustomerOfferRequests = (shopId: string, customerId: string, verifiedEmail: string | null, limit: number): SqlFragment =>
  sql`${OFFER_REQUEST} WHERE i.type = 'offer' AND i.shop_id = ${shopId}
    AND (i.customer_id = ${customerId} OR (${verifiedEmail} IS NOT NULL AND i.email = ${verifiedEmail}))
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${limit}`;

/** The lines of the offers, by offer and line number. */
export const selectOfferLines = (offerIds: readonly string[]): SqlFragment =>
  sql`SELECT * FROM offer_lines WHERE offer_id IN (SELECT value FROM json_each(${JSON.stringify(offerIds)})) ORDER BY offer_id, line_no`;

/** The lines of the inquiry's offer, by line number (none while there is no offer). */
export const selectOfferLinesOfInquiry = (inquiryId: string): SqlFragment =>
  sql`SELECT ol.* FROM offer_lines ol JOIN offers o ON o.id = ol.offer_id WHERE o.inquiry_id = ${inquiryId} ORDER BY ol.line_no`;

/** A new offer for the inquiry; only when `holds` (the caller's guard also checks the inquiry has none). */
export function insertOffer(row: OfferRow, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO offers (id, inquiry_id, shop_id, currency, state, valid_until, message, total, staff_email, offered_at, accepted_at,
      declined_at, expired_at, updated_at)
    SELECT ${row.id}, ${row.inquiry_id}, ${row.shop_id}, ${row.currency}, ${row.state}, ${row.valid_until}, ${row.message}, ${row.total},
      ${row.staff_email}, ${row.offered_at}, ${row.accepted_at}, ${row.declined_at}, ${row.expired_at}, ${row.updated_at}
    WHERE ${holds}`;
}

/** A revision of an offered offer: its new validity, note and total, sent again by `staffEmail`; only when `holds`. */
export function reviseOffer(
  id: string,
  change: { validUntil: string; message: string; total: number; staffEmail: string },
  now: Date,
  holds: SqlFragment,
): SqlFragment {
  const at = now.toISOString();
  return sql`UPDATE offers SET valid_until = ${change.validUntil}, message = ${change.message}, total = ${change.total},
      staff_email = ${change.staffEmail}, offered_at = ${at}, updated_at = ${at}
    WHERE id = ${id} AND state = 'offered' AND ${holds}`;
}

export const deleteOfferLines = (offerId: string, holds: SqlFragment): SqlFragment => sql`DELETE FROM offer_lines WHERE offer_id = ${offerId} AND ${holds}`;

export function insertOfferLine(row: OfferLineRow, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO offer_lines (offer_id, line_no, sku, name, quantity, package_price, regular_price)
    SELECT ${row.offer_id}, ${row.line_no}, ${row.sku}, ${row.name}, ${row.quantity}, ${row.package_price}, ${row.regular_price} WHERE ${holds}`;
}

/**
 * The offer is still the revision the caller read (a revision sets `offered_at` anew; accepting
 * does not) and can be accepted on `today`: offered or accepted, not past its last day.
 */
export const offerAcceptable = (id: string, offeredAt: string, today: string): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM offers WHERE id = ${id} AND offered_at = ${offeredAt} AND state IN ('offered', 'accepted') AND valid_until >= ${today})`;

/** Accepted (again): the first acceptance's time is kept; only when `holds`. */
export function acceptOffer(id: string, now: Date, holds: SqlFragment): SqlFragment {
  const at = now.toISOString();
  return sql`UPDATE offers SET state = 'accepted', accepted_at = COALESCE(accepted_at, ${at}), updated_at = ${at} WHERE id = ${id} AND ${holds}`;
}

/** Declined by the customer, only while offered and valid on `today`; changes nothing otherwise. */
export function declineOffer(id: string, now: Date, today: string): SqlFragment {
  const at = now.toISOString();
  return sql`UPDATE offers SET state = 'declined', declined_at = ${at}, updated_at = ${at} WHERE id = ${id} AND state = 'offered' AND valid_until >= ${today}`;
}

/** The scheduled job: offered and accepted offers past their last day become expired. */
export function expireOffers(today: string, now: Date): SqlFragment {
  const at = now.toISOString();
  return sql`UPDATE offers SET state = 'expired', expired_at = ${at}, updated_at = ${at} WHERE state IN ('offered', 'accepted') AND valid_until < ${today}`;
}
