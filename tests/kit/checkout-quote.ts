import type { CheckoutQuote } from "@domain/checkout";
import { money } from "@domain/money";

const eur = (minor: number) => money(minor, "EUR", "de");

/** A German shop's checkout quote as the shop API answers it: one floor line, a sample, four delivery modes, prepayment and invoice. */
export function checkoutQuote(extra: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    currency: "EUR",
    country: { code: "de", name: "Deutschland" },
    countries: [
      { code: "de", name: "Deutschland" },
      { code: "at", name: "Österreich" },
    ],
    lines: [
      {
        itemId: 7,
        sku: "FLOOR-1",
        kind: "product",
        name: "Eiche Landhausdiele",
        link: "/eiche.html",
        image: null,
        quantity: 3,
        packageContent: 2,
        packageContentBefore: null,
        unit: "SQM",
        unitLabel: "m²",
        packagePrice: eur(2995),
        unitPrice: eur(1498),
        rowTotal: eur(8985),
        minimumQuantity: 1,
        maxQuantity: 100,
        offerId: null,
        problem: null,
      },
    ],
    samples: [{ itemId: 8, sku: "S-1", name: "Muster Eiche", link: null, image: null }],
    modes: [
      { mode: "standard", available: true, reason: null, cost: eur(595), date: "2026-11-20", latestDate: "2026-11-24" },
      { mode: "requested_date", available: true, reason: null, cost: eur(595), date: "2026-11-20", latestDate: "2027-11-18" },
      { mode: "on_call_storage", available: false, reason: "account_required", cost: null, date: null, latestDate: null },
      { mode: "express", available: true, reason: null, cost: eur(1595), date: "2026-11-19", latestDate: "2026-11-19" },
    ],
    mode: "standard",
    desiredDate: { earliest: "2026-11-20", latest: "2027-11-18" },
    shipping: { group: "parcel", cost: eur(595), isFree: false, freeFrom: eur(120000), noFreeShipping: null, isIsland: false, surcharges: [] },
    prepayment: { percent: 2, saving: eur(180) },
    paymentMethods: [
      { code: "prepayment", kind: "offline" },
      { code: "invoice", kind: "offline" },
    ],
    voucher: null,
    totals: { goods: eur(8985), discount: eur(0), voucher: null, shipping: eur(595), tax: eur(1530), taxLabel: "inkl. 19 % MwSt.", grand: eur(9580) },
    notices: [],
    expectedTotal: 9580,
    canCheckout: true,
    problems: [],
    ...extra,
  };
}
