/**
 * What the offer calls answer: the customer's view of an offer request (domain/offers.ts
 * CustomerOffer) and the staff's (domain/back-office/offers.ts StaffOffer), money formatted
 * in the offer's currency and the given language, the state as it is on the day (an offered or
 * accepted offer past its last day is expired, whether or not the scheduled job ran).
 */
import type { StaffOffer } from "@domain/back-office/offers";
import { money } from "@domain/money";
import type { CustomerOffer } from "@domain/offers";
import { stateOn, type Offer, type OfferLine, type OfferRequest } from "../tables/offers";

export function customerOfferOf(request: OfferRequest, lines: OfferLine[], language: string, fallbackCurrency: string, today: string): CustomerOffer {
  const { inquiry, offer } = request;
  const m = (minor: number) => money(minor, offer?.currency ?? fallbackCurrency, language);
  return {
    inquiryId: inquiry.id,
    offerId: offer?.id ?? null,
    state: offer ? stateOn(offer, today) : "requested",
    createdAt: inquiry.createdAt,
    product: { sku: inquiry.sku, name: inquiry.productName },
    validUntil: offer?.validUntil ?? null,
    total: offer ? m(offer.total) : null,
    lines: offer
      ? lines.map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          packagePrice: m(line.packagePrice),
          regularPrice: m(line.regularPrice),
          rowTotal: m(line.packagePrice * line.quantity),
        }))
      : [],
    message: offer?.message ?? "",
  };
}

export function staffOfferOf(offer: Offer, lines: OfferLine[], language: string, today: string): StaffOffer {
  const m = (minor: number) => money(minor, offer.currency, language);
  const state = stateOn(offer, today);
  return {
    offerId: offer.id,
    state,
    validUntil: offer.validUntil,
    message: offer.message,
    total: m(offer.total),
    lines: lines.map((line) => ({
      lineNo: line.lineNo,
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      packagePrice: m(line.packagePrice),
      regularPrice: m(line.regularPrice),
      rowTotal: m(line.packagePrice * line.quantity),
    })),
    staffEmail: offer.staffEmail,
    offeredAt: offer.offeredAt,
    acceptedAt: offer.acceptedAt,
    declinedAt: offer.declinedAt,
    expiredAt: offer.expiredAt,
    updatedAt: offer.updatedAt,
    revisable: state === "offered",
  };
}
