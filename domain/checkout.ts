/**
 * The checkout quote: what `GET /apiv2/checkout/quote` answers and the cart
 * page shows, shared by the shop API (worker/shop-api/checkout/quote.ts) and the site
 * (site/src/features/checkout/). Money is integer minor units in `MoneyValue`s
 * (domain/money.ts); reasons and problems are codes the site words from its locales.
 */
import { formatMoney, type MoneyValue } from "./money";

/** The delivery modes, as the order body and the quote name them. */
export const DELIVERY_MODES = ["standard", "requested_date", "on_call_storage", "express"] as const;
export type DeliveryModeCode = (typeof DELIVERY_MODES)[number];

export function isDeliveryMode(value: unknown): value is DeliveryModeCode {
  return typeof value === "string" && (DELIVERY_MODES as readonly string[]).includes(value);
}

/** Storage on call from this order value, minor units of the shop's currency (1200 EUR, or CHF on the Swiss shop). */
export const STORAGE_MINIMUM_ORDER_VALUE = 120_000;

/** Express surcharge per shipping group, minor units of euro: the only currency express is offered in. */
export const EXPRESS_FEE = { parcel: 1000, freight: 5000 } as const;

/**
 * Express goes only within mainland Germany, in euro: a shop offers it, and its texts
 * speak of it, only when it delivers to Germany and sells in euro.
 */
export function offersExpress(shop: { currency: string; deliveryCountries: readonly string[] }): boolean {
  return shop.currency === "EUR" && shop.deliveryCountries.includes("de");
}

/** The express fees as a shop's texts name them ({{parcel}}, {{freight}}), or null for a shop that offers no express. */
export function expressFeeTexts(
  shop: { currency: string; deliveryCountries: readonly string[] },
  language: string,
): { parcel: string; freight: string } | null {
  if (!offersExpress(shop)) return null;
  return { parcel: formatMoney(EXPRESS_FEE.parcel, "EUR", language), freight: formatMoney(EXPRESS_FEE.freight, "EUR", language) };
}

/** Why a mode cannot be chosen: nothing deliverable, express outside mainland Germany / to an island / for items that cannot go express / in a shop without express (offersExpress), storage without an account or below its order value. */
export const MODE_REASONS = ["not_deliverable", "country", "island", "items", "shop", "account_required", "minimum_order_value"] as const;
export type ModeReason = (typeof MODE_REASONS)[number];

/** What is wrong with a cart line now (the same rules the order checks again). */
export const LINE_PROBLEMS = ["unknown_product", "end_of_life", "out_of_stock", "quantity_unavailable", "minimum_order_quantity", "offer_expired"] as const;
export type LineProblemCode = (typeof LINE_PROBLEMS)[number];

/**
 * Codes that block the checkout: an empty cart (no products), a country the shop does not
 * deliver to, too many lines, a line's problem, and for a requested date one that is
 * missing or outside its bounds.
 */
export type CheckoutProblem =
  "cart_empty" | "not_deliverable" | "too_many_lines" | "desired_date_required" | "desired_date_too_early" | "desired_date_too_late" | LineProblemCode;

/** Why a voucher code cannot be used (the newsletter voucher; the cart's voucher field, the quote's notice, the order's refusal): unknown or another shop's (one answer for both), redeemed by an order, past its last day. */
export const VOUCHER_REFUSALS = ["voucher_not_found", "voucher_redeemed", "voucher_expired"] as const;
export type VoucherRefusal = (typeof VOUCHER_REFUSALS)[number];

/** The voucher applied to the cart while it can be used: its code as printed, its value, its last day (YYYY-MM-DD) or null. */
export interface QuoteVoucher {
  code: string;
  amount: MoneyValue;
  validUntil: string | null;
}

/** Something the quote changed on its own that the page tells: a voucher applied earlier that cannot be used any more is left out (params.code names it). */
export interface QuoteNotice {
  code: VoucherRefusal;
  params: { code: string };
}

export interface QuoteImage {
  src: string;
  alt: string;
}

export interface QuoteLine {
  itemId: number;
  sku: string;
  kind: "product";
  name: string;
  /** The product page in the request's language, or null when it has none there. */
  link: string | null;
  image: QuoteImage | null;
  /** Packages. */
  quantity: number;
  /** Amount of the unit in one package: the product's now, which the line's prices and the order use. */
  packageContent: number;
  /** The pack content the visitor chose the packages with, when the product's has changed since (the cart page says so); else null. */
  packageContentBefore: number | null;
  /** The unit code (SQM) and its short label (m²). */
  unit: string;
  unitLabel: string;
  packagePrice: MoneyValue;
  unitPrice: MoneyValue;
  rowTotal: MoneyValue;
  /** The fewest packages that reach the minimum order quantity (at least 1). */
  minimumQuantity: number;
  /** The most packages this line can have: the stock left for it, at most MAX_QUANTITY (at least 1). */
  maxQuantity: number;
  /** The offer (O-...) the line was accepted from: its price and quantity are the offered ones (domain/offers.ts); null for a line of the shop's own. */
  offerId: string | null;
  problem: null | { code: LineProblemCode; params?: Record<string, string | number> };
}

export interface QuoteSample {
  itemId: number;
  sku: string;
  name: string;
  link: string | null;
  image: QuoteImage | null;
}

export interface QuoteMode {
  mode: DeliveryModeCode;
  available: boolean;
  /** Why it is unavailable (a ModeReason), null when available. */
  reason: ModeReason | null;
  /** The shipping cost with this mode, null when unavailable. */
  cost: MoneyValue | null;
  /** Earliest and latest delivery day (YYYY-MM-DD): the window of standard and express, the bounds of a requested date; null for storage on call. */
  date: string | null;
  latestDate: string | null;
}

export interface QuoteShipping {
  group: "parcel" | "freight";
  /** Shipping of the chosen mode, surcharges included. */
  cost: MoneyValue;
  isFree: boolean;
  /** From this goods value standard shipping is free; null where it never is (abroad, islands, decking). */
  freeFrom: MoneyValue | null;
  /** Why shipping is never free here (null where the free-shipping value applies). */
  noFreeShipping: null | "abroad" | "island" | "decking";
  isIsland: boolean;
  /** Surcharge types: offshore (islands), express. */
  surcharges: { type: "offshore" | "express"; amount: MoneyValue }[];
}

export interface CheckoutQuote {
  currency: string;
  country: { code: string; name: string };
  /** The shop's delivery countries. */
  countries: { code: string; name: string }[];
  lines: QuoteLine[];
  samples: QuoteSample[];
  modes: QuoteMode[];
  /** The mode the quote is priced for: the one asked for when it is available, else standard. */
  mode: DeliveryModeCode;
  /** Bounds of a requested delivery date; null when nothing is deliverable. */
  desiredDate: { earliest: string; latest: string } | null;
  /** Null when not deliverable. */
  shipping: QuoteShipping | null;
  /** What paying in advance saves on the goods value. */
  prepayment: { percent: number; saving: MoneyValue };
  /** Only what the shop can take now (online methods only with a configured provider). */
  paymentMethods: { code: string; kind: "offline" | "online" }[];
  /** The voucher applied to the cart, null when none is (or the one applied can no longer be used: see `notices`). */
  voucher: QuoteVoucher | null;
  /** `voucher`: the part of the voucher used (at most the goods value after the discount), null without a voucher. */
  totals: {
    goods: MoneyValue;
    discount: MoneyValue;
    voucher: MoneyValue | null;
    shipping: MoneyValue;
    tax: MoneyValue;
    taxLabel: string;
    grand: MoneyValue;
  };
  /** What the quote changed on its own (a voucher left out), for the page to say; nothing here blocks the checkout. */
  notices: QuoteNotice[];
  /** Grand total in minor units for (mode, payment): the checkout sends it as expectedTotal when placing the order. */
  expectedTotal: number;
  canCheckout: boolean;
  problems: CheckoutProblem[];
}
