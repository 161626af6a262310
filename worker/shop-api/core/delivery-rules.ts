/**
 * Delivery dates, costs and modes. Pure: every input, including the
 * reference date, is a parameter, so the rules are tested with pinned clocks.
 *
 * - Orders are dispatched on working days; an order until 10:00 (Europe/Berlin) is
 *   dispatched the same day, later (or on a weekend) the next working day.
 * - Standard delivery: dispatch day + the product's delivery days (min..max working days).
 * - Express: the working day after dispatch (next-day express for orders until 10:00);
 *   10 EUR for parcels, 50 EUR for freight forwarding; only within mainland Germany and
 *   only when every item is express-capable; a shop that does not deliver to Germany in
 *   euro offers none (its reason names the shop, not Germany).
 * - Free standard shipping within the shop's home country from the free-shipping
 *   order value, never to German islands (offshore surcharge instead) or with decking;
 *   at any order value (decking too) when every item ships free (isFreeShipping).
 * - Storage (on call with storage) needs a customer account and an order value from
 *   1200 in the shop's currency (EUR, or CHF on the Swiss shop).
 * - 2 percent prepayment discount on the goods value (domain/prepayment.ts).
 */
import { EXPRESS_FEE, offersExpress, STORAGE_MINIMUM_ORDER_VALUE } from "@domain/checkout";
import { prepaymentDiscount } from "@domain/prepayment";
import { addWorkingDays, berlinInstant, berlinTime, isWorkingDay, nextWorkingDay } from "./berlin-time";
import { isGermanIsland } from "./islands";

export const ORDER_CUTOFF_HOUR = 10;
export { EXPRESS_FEE, STORAGE_MINIMUM_ORDER_VALUE };
export const FREE_SHIPPING_FROM = 120_000; // minor units of the shop currency

/**
 * Standard shipping costs in minor units, this project's own tariff (the spec does not
 * give one): home country and abroad, per shipping group and currency.
 */
export const SHIPPING_TARIFF = {
  home: { parcel: { EUR: 595, CHF: 795 }, freight: { EUR: 5900, CHF: 7900 } },
  abroad: { parcel: { EUR: 1495, CHF: 1995 }, freight: { EUR: 14900, CHF: 19900 } },
} as const;
/** Offshore surcharge for German islands (EUR minor units). */
export const OFFSHORE_SURCHARGE = { parcel: 1500, freight: 9900 } as const;

export type ShippingGroup = "parcel" | "freight";

export interface DeliveryItem {
  shippingGroup: ShippingGroup;
  isExpress: boolean;
  isDecking: boolean;
  /** The product ships free: a cart of only such items pays no standard shipping at home. */
  isFreeShipping: boolean;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
}

export interface DeliveryInput {
  now: Date;
  currency: string;
  /** Lower-case ISO codes the shop delivers to; the first is its home country. */
  deliveryCountries: string[];
  country: string;
  postcode?: string | null;
  /** The product asked about first, then the rest of the cart. */
  items: DeliveryItem[];
  goodsValue: number; // minor units
  hasAccount: boolean;
}

export interface DeliveryDates {
  date: string;
  latestDate: string;
  deadline: string;
  duration: { value: number; minValue: number; unit: "days" };
}

export interface DeliveryResult {
  isDeliverable: boolean;
  isIsland: boolean;
  shippingGroup: ShippingGroup;
  referenceDate: string;
  standard: (DeliveryDates & { cost: number; isFree: boolean; surcharges: { type: "offshore"; amount: number }[] }) | null;
  express: (DeliveryDates & { fee: number; cost: number }) | null;
  expressUnavailableReason: "shop" | "country" | "island" | "items" | "not_deliverable" | null;
  modes: { code: "standard" | "desired_date" | "on_call_storage" | "express"; available: boolean; reason?: string }[];
  prepaymentDiscount: number;
}

/** The day an order placed at `now` leaves the warehouse. */
export function dispatchDay(now: Date): string {
  const local = berlinTime(now);
  if (isWorkingDay(local.date) && local.hour < ORDER_CUTOFF_HOUR) return local.date;
  return nextWorkingDay(local.date);
}

export function computeDelivery(input: DeliveryInput): DeliveryResult {
  const country = input.country.toLowerCase();
  const home = input.deliveryCountries[0] ?? "de";
  const isDeliverable = input.deliveryCountries.includes(country) && input.items.length > 0;
  const isIsland = isGermanIsland(country, input.postcode);
  const shippingGroup: ShippingGroup = input.items.some((item) => item.shippingGroup === "freight") ? "freight" : "parcel";
  const discount = prepaymentDiscount(input.goodsValue);
  const referenceDate = input.now.toISOString();
  const storageReason = !input.hasAccount ? "account_required" : input.goodsValue < STORAGE_MINIMUM_ORDER_VALUE ? "minimum_order_value" : undefined;

  if (!isDeliverable) {
    return {
      isDeliverable: false,
      isIsland,
      shippingGroup,
      referenceDate,
      standard: null,
      express: null,
      expressUnavailableReason: "not_deliverable",
      modes: [
        { code: "standard", available: false, reason: "not_deliverable" },
        { code: "desired_date", available: false, reason: "not_deliverable" },
        { code: "on_call_storage", available: false, reason: "not_deliverable" },
        { code: "express", available: false, reason: "not_deliverable" },
      ],
      prepaymentDiscount: discount,
    };
  }

  const dispatch = dispatchDay(input.now);
  const deadline = berlinInstant(dispatch, ORDER_CUTOFF_HOUR).toISOString();
  const min = Math.max(1, ...input.items.map((item) => item.deliveryDaysMin));
  const max = Math.max(min, ...input.items.map((item) => item.deliveryDaysMax));
  const currency = input.currency === "CHF" ? "CHF" : "EUR";
  const zone = country === home ? "home" : "abroad";
  const hasDecking = input.items.some((item) => item.isDecking);
  const allShipFree = input.items.every((item) => item.isFreeShipping);
  const isFree = zone === "home" && !isIsland && (allShipFree || (!hasDecking && input.goodsValue >= FREE_SHIPPING_FROM));
  const surcharges = isIsland ? [{ type: "offshore" as const, amount: OFFSHORE_SURCHARGE[shippingGroup] }] : [];
  const base = SHIPPING_TARIFF[zone][shippingGroup][currency];
  const standard = {
    date: addWorkingDays(dispatch, min),
    latestDate: addWorkingDays(dispatch, max),
    deadline,
    duration: { value: max, minValue: min, unit: "days" as const },
    cost: (isFree ? 0 : base) + surcharges.reduce((sum, s) => sum + s.amount, 0),
    isFree,
    surcharges,
  };

  const expressUnavailableReason = !offersExpress(input)
    ? ("shop" as const)
    : country !== "de"
      ? ("country" as const)
      : isIsland
        ? ("island" as const)
        : input.items.some((item) => !item.isExpress)
          ? ("items" as const)
          : null;
  const express =
    expressUnavailableReason === null
      ? {
          date: nextWorkingDay(dispatch),
          latestDate: nextWorkingDay(dispatch),
          deadline,
          duration: { value: 1, minValue: 1, unit: "days" as const },
          fee: EXPRESS_FEE[shippingGroup],
          cost: standard.cost + EXPRESS_FEE[shippingGroup],
        }
      : null;

  return {
    isDeliverable: true,
    isIsland,
    shippingGroup,
    referenceDate,
    standard,
    express,
    expressUnavailableReason,
    modes: [
      { code: "standard", available: true },
      { code: "desired_date", available: true },
      { code: "on_call_storage", available: storageReason === undefined, ...(storageReason ? { reason: storageReason } : {}) },
      { code: "express", available: express !== null, ...(expressUnavailableReason ? { reason: expressUnavailableReason } : {}) },
    ],
    prepaymentDiscount: discount,
  };
}
