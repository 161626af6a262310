/**
 * The checkout's one pricing (docs/decisions/0035-orders.md): what the visitor's
 * cart costs delivered to a country with a delivery mode and a payment method. The quote
 * (quote.ts, GET /apiv2/checkout/quote) shows it on the cart page and place-order.ts
 * charges it, so the total the page shows is the total the order is placed at.
 *
 * - Line prices: package price x quantity, tax included; samples are free. A line accepted
 *   from an offer costs the offered package price while the offer is accepted and valid
 *   (tables/carts.ts offerPriceApplies); once it is not, the line is `offerExpired` and blocks
 *   the checkout (quote.ts, place-order.ts).
 * - Delivery (core/delivery-rules.ts): dates, standard shipping (free at home from
 *   the free-shipping value, never to islands or with decking; the offshore surcharge on
 *   islands), express only to mainland Germany with express-capable items (its fee on top),
 *   storage on call only with an account and from 1200 in the shop's currency, a requested
 *   date from the earliest standard date to REQUESTED_DATE_HORIZON_DAYS ahead.
 * - Prepayment takes 2 % off the goods value (domain/prepayment.ts).
 * - A voucher applied to the cart (tables/vouchers.ts) comes off the goods value after the
 *   prepayment discount, at most that value (never below zero; shipping is still charged);
 *   one that is no longer usable is left out, and the quote says why (`cartVoucher`).
 * - Tax included: per tax rate on the goods less that rate's share of the discount and the
 *   voucher, and the shop's rate on shipping.
 * - Under the reverse charge (domain/invoicing.ts isReverseCharge: an EU business customer with a
 *   VAT ID of another member state, delivered there; docs/decisions/0075) every amount is its net
 *   as the invoice states it (domain/invoicing.ts reverseChargeAmounts) and the tax is 0: the
 *   order, the payment and the invoice charge the same net total.
 */
import { isCalendarDate } from "@domain/calendar-date";
import { DELIVERY_MODES, type DeliveryModeCode, type ModeReason } from "@domain/checkout";
import { reverseChargeAmounts } from "@domain/invoicing";
import { includedTax } from "@domain/money";
import { prepaymentDiscount } from "@domain/prepayment";
import { addDays, berlinTime } from "../core/berlin-time";
import type { ShopContext } from "../core/context";
import { computeDelivery, type DeliveryResult } from "../core/delivery-rules";
import { offerPriceApplies, type CartLineRow } from "../tables/carts";
import { voucherRefusal, type Voucher, type VoucherRefusal } from "../tables/vouchers";

/** An order holds at most this many lines (a cart that grew larger is refused, not cut). */
export const MAX_ORDER_LINES = 100;
/** How far ahead a requested delivery date may lie (as the cart's desired date). */
export const REQUESTED_DATE_HORIZON_DAYS = 365;

export interface PricedLine {
  line: CartLineRow;
  /** Package price in minor units (0 for a sample, and for a product the shop no longer prices). */
  price: number;
  taxRate: number;
  total: number;
  /** The offer the line was accepted from, else null; `offerExpired`: its price no longer applies (the shop's own is counted). */
  offerId: string | null;
  offerExpired: boolean;
}

/** A delivery mode as the cart can have it: available or why not, its shipping cost and its dates. */
export interface ModeRule {
  mode: DeliveryModeCode;
  available: boolean;
  reason: ModeReason | null;
  /** Shipping in minor units with this mode; null when unavailable. */
  shipping: number | null;
  date: string | null;
  latestDate: string | null;
}

export interface CartPricing {
  rows: CartLineRow[];
  /** The product lines (samples ride along for free). */
  products: CartLineRow[];
  priced: PricedLine[];
  /** Goods value in minor units: the sum of the line totals. */
  goods: number;
  delivery: DeliveryResult;
  modes: ModeRule[];
  /** Bounds of a requested date; null when nothing is deliverable. */
  desiredDate: { earliest: string; latest: string } | null;
}

export interface Destination {
  country: string;
  postcode?: string | null;
  hasAccount: boolean;
}

/** What the order keeps of its delivery (orders.delivery_summary). */
export type DeliverySummary =
  | { date: string; latestDate: string; expressFee: number }
  | { date: string; latestDate: string; surcharges: { type: "offshore"; amount: number }[]; isFree: boolean };

export interface Totals {
  /** Each priced line's total as charged (its net under the reverse charge). */
  lines: number[];
  goods: number;
  discount: number;
  /** The part of the voucher used (0 without one). */
  voucher: number;
  shipping: number;
  tax: number;
  grand: number;
  reverseCharge: boolean;
}

/**
 * The lines priced as they are on `today` (Berlin): an offer's line at its offered price while
 * that applies, else the price the shop has for them (a missing price counts 0; the order refuses such a line).
 */
export function priceLines(rows: CartLineRow[], shopTaxRate: number, today: string): PricedLine[] {
  return rows.map((line) => {
    const offerId = line.kind === "product" ? line.offer_id : null;
    const offered = offerId !== null && offerPriceApplies(line, today);
    const price = line.kind === "sample" ? 0 : offered ? line.offer_price! : (line.package_price ?? 0);
    return { line, price, taxRate: line.tax_rate ?? shopTaxRate, total: price * line.quantity, offerId, offerExpired: offerId !== null && !offered };
  });
}

const REASON_OF_DELIVERY: Record<string, ModeReason> = {
  not_deliverable: "not_deliverable",
  account_required: "account_required",
  minimum_order_value: "minimum_order_value",
  country: "country",
  island: "island",
  items: "items",
  shop: "shop",
};

/** The cart priced for a destination: lines, goods value, delivery and every mode's rule. */
export function priceCart(ctx: ShopContext, rows: CartLineRow[], destination: Destination): CartPricing {
  const products = rows.filter((row) => row.kind === "product");
  const priced = priceLines(rows, ctx.shop.taxRate, berlinTime(ctx.now).date);
  const goods = priced.reduce((sum, p) => sum + p.total, 0);
  const delivery = computeDelivery({
    now: ctx.now,
    currency: ctx.shop.currency,
    deliveryCountries: ctx.shop.deliveryCountries,
    country: destination.country,
    postcode: destination.postcode,
    items: products.map((row) => ({
      shippingGroup: row.shipping_group,
      isExpress: row.is_express === 1,
      isDecking: row.is_decking === 1,
      isFreeShipping: row.is_free_shipping === 1,
      deliveryDaysMin: row.delivery_days_min,
      deliveryDaysMax: row.delivery_days_max,
    })),
    goodsValue: goods,
    hasAccount: destination.hasAccount,
  });
  const standard = delivery.isDeliverable ? delivery.standard : null;
  const desiredDate = standard ? { earliest: standard.date, latest: addDays(berlinTime(ctx.now).date, REQUESTED_DATE_HORIZON_DAYS) } : null;
  const reasonOf = (code: string): ModeReason | null => {
    const rule = delivery.modes.find((mode) => mode.code === code);
    return rule && !rule.available ? (REASON_OF_DELIVERY[rule.reason ?? ""] ?? "not_deliverable") : null;
  };
  const modes = DELIVERY_MODES.map((mode): ModeRule => {
    if (!standard) return { mode, available: false, reason: "not_deliverable", shipping: null, date: null, latestDate: null };
    switch (mode) {
      case "standard":
        return { mode, available: true, reason: null, shipping: standard.cost, date: standard.date, latestDate: standard.latestDate };
      case "requested_date":
        return { mode, available: true, reason: null, shipping: standard.cost, date: desiredDate!.earliest, latestDate: desiredDate!.latest };
      case "on_call_storage": {
        const reason = reasonOf("on_call_storage");
        return { mode, available: reason === null, reason, shipping: reason === null ? standard.cost : null, date: null, latestDate: null };
      }
      case "express": {
        const express = delivery.express;
        if (!express) return { mode, available: false, reason: reasonOf("express") ?? "items", shipping: null, date: null, latestDate: null };
        return { mode, available: true, reason: null, shipping: express.cost, date: express.date, latestDate: express.latestDate };
      }
    }
  });
  return { rows, products, priced, goods, delivery, modes, desiredDate };
}

export function modeRule(pricing: CartPricing, mode: DeliveryModeCode): ModeRule {
  return pricing.modes.find((rule) => rule.mode === mode)!;
}

/** Why a requested date cannot be taken, or null: given, a calendar date, not before the earliest delivery day, at most the horizon ahead. */
export function desiredDateProblem(
  date: string | undefined,
  bounds: { earliest: string; latest: string },
): "desired_date_required" | "invalid_date" | "desired_date_too_early" | "desired_date_too_late" | null {
  if (date === undefined) return "desired_date_required";
  if (!isCalendarDate(date)) return "invalid_date";
  if (date < bounds.earliest) return "desired_date_too_early";
  if (date > bounds.latest) return "desired_date_too_late";
  return null;
}

/** Shipping and the delivery summary of an available mode (a requested date already checked). */
export function chargeMode(pricing: CartPricing, mode: DeliveryModeCode, desiredDate?: string): { shipping: number; summary: DeliverySummary } {
  const { standard, express } = pricing.delivery;
  if (!standard || !modeRule(pricing, mode).available) throw new Error(`delivery mode ${mode} is not available`);
  if (mode === "express") {
    if (!express) throw new Error("express is not available");
    return { shipping: express.cost, summary: { date: express.date, latestDate: express.latestDate, expressFee: express.fee } };
  }
  const summary = { date: standard.date, latestDate: standard.latestDate, surcharges: standard.surcharges, isFree: standard.isFree };
  if (mode === "requested_date" && desiredDate !== undefined)
    return { shipping: standard.cost, summary: { ...summary, date: desiredDate, latestDate: desiredDate } };
  return { shipping: standard.cost, summary };
}

/** The discount a payment method earns on the goods value: 2 % with prepayment, else none. */
export function paymentDiscount(method: string | null, goods: number): number {
  return method === "prepayment" ? prepaymentDiscount(goods) : 0;
}

/** The cart's voucher if it can be used now; else null and, for a code applied earlier, why not (the quote's notice, the order's refusal). */
export function cartVoucher(
  ctx: ShopContext,
  applied: { code: string; voucher: Voucher | null } | null,
): { voucher: Voucher | null; dropped: { code: string; refusal: VoucherRefusal } | null } {
  if (!applied) return { voucher: null, dropped: null };
  const refusal = voucherRefusal(applied.voucher, ctx.shop, berlinTime(ctx.now).date);
  return refusal ? { voucher: null, dropped: { code: applied.code, refusal } } : { voucher: applied.voucher, dropped: null };
}

/** What a voucher takes off: its amount, at most the goods value after the discount, never below zero. */
export function voucherOff(amount: number, goods: number, discount: number): number {
  return Math.max(0, Math.min(amount, goods - discount));
}

/**
 * Tax included in the grand total: per tax rate on the goods less their share of the discount and
 * the voucher (split by the rates' goods values, the rounding left to the last rate), and the
 * shop's rate on shipping. `voucherAmount` is the voucher's value; the part used is `totals.voucher`.
 * Under the reverse charge every amount is its net and the tax 0.
 */
export function totalsOf(priced: PricedLine[], discount: number, shipping: number, shopRate: number, voucherAmount = 0, reverseCharge = false): Totals {
  const goods = priced.reduce((sum, p) => sum + p.total, 0);
  const voucher = voucherOff(voucherAmount, goods, discount);
  if (reverseCharge) {
    const net = reverseChargeAmounts({
      lines: priced.map((p) => ({ total: p.total, taxRate: p.taxRate })),
      shipping,
      shippingTaxRate: shopRate,
      discount,
      voucher,
    });
    return { ...net, tax: 0, reverseCharge };
  }
  const reduction = discount + voucher;
  const byRate = new Map<number, number>();
  for (const p of priced) byRate.set(p.taxRate, (byRate.get(p.taxRate) ?? 0) + p.total);
  let tax = includedTax(shipping, shopRate);
  let reductionLeft = reduction;
  const rates = [...byRate.entries()];
  rates.forEach(([rate, gross], index) => {
    const share = index === rates.length - 1 ? reductionLeft : goods > 0 ? Math.round((reduction * gross) / goods) : 0;
    reductionLeft -= share;
    tax += includedTax(gross - share, rate);
  });
  const lines = priced.map((p) => p.total);
  return { lines, goods, discount, voucher, shipping, tax, grand: goods - discount - voucher + shipping, reverseCharge };
}

/** Why standard shipping is never free here, or null where the free-shipping value applies (the home country, mainland, no decking unless every item ships free). */
export function noFreeShipping(ctx: ShopContext, pricing: CartPricing, country: string): "abroad" | "island" | "decking" | null {
  if (country !== ctx.shop.homeCountry) return "abroad";
  if (pricing.delivery.isIsland) return "island";
  if (pricing.products.every((row) => row.is_free_shipping === 1)) return null;
  if (pricing.products.some((row) => row.is_decking === 1)) return "decking";
  return null;
}
