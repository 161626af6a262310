/**
 * Delivery and shipping on the wire: a product's delivery dates and costs
 * (`GET /apiv1/product/byId/{id}/delivery/byCountryCode/{code}/quantity/{q}[?postcode=]`), a
 * country's shipping costs (`GET /apiv2/shipping/costs/country?code=`), the visitor's shipping
 * country (`GET /apiv2/shipping/costs/current-country`, `PUT /apiv2/shipping/costs/country`).
 * Money in `MoneyValue`s of the shop's currency; reasons are codes the readers word.
 */
import type { MoneyValue } from "../money";

/** The body of `PUT /apiv2/shipping/costs/country` (`code` is taken for `country` as well). */
export interface ShippingCountryRequest {
  country: string;
}

/** A shipping cost or fee: the amount in minor units, formatted with its currency, and its label ("Free" when free). */
export interface Cost {
  value: number;
  amount: number;
  formatted: string;
  isFree: boolean;
  label: string;
}

export type ShippingGroup = "parcel" | "freight";

export interface DeliveryDuration {
  value: number;
  minValue: number;
  unit: "days";
}

/** Why express delivery is not offered (the shop, the country, an island, an item of the cart, no delivery at all). */
export type ExpressUnavailableReason = "shop" | "country" | "island" | "items" | "not_deliverable";

/** A delivery mode of the product page and whether it can be chosen, with the code of why not. */
export interface DeliveryModeAvailability {
  code: "standard" | "desired_date" | "on_call_storage" | "express";
  available: boolean;
  reason?: string;
}

/** A country by its lower-case ISO code and its name in the request's language. */
export interface CountryName {
  code: string;
  name: string;
}

/** The answer of the product delivery call: dates and costs of the product with the rest of the cart, to the given country. */
export interface ProductDelivery {
  productId: string;
  sku: string;
  quantity: number;
  currentShippingCountry: CountryName;
  referenceDate: string;
  isDeliverable: boolean;
  noDeliveryMessage: string | null;
  isIsland: boolean;
  shippingGroup: ShippingGroup;
  standard: {
    date: string;
    latestDate: string;
    deadline: string;
    duration: DeliveryDuration;
    cost: Cost;
    surcharges: (Cost & { type: "offshore" })[];
  } | null;
  express: { date: string; deadline: string; duration: DeliveryDuration; fee: Cost; cost: Cost } | null;
  expressUnavailableReason: ExpressUnavailableReason | null;
  deliveryModes: DeliveryModeAvailability[];
  goodsValue: MoneyValue;
  prepaymentDiscount: { percentage: number; amount: MoneyValue };
}

/** The answer of `GET /apiv2/shipping/costs/country`: the country's shipping zone and its costs per shipping group. */
export interface ShippingZone {
  country: CountryName;
  isDeliverable: boolean;
  noDeliveryMessage: string | null;
  shippingZone: { code: "home" | "abroad"; groups: { name: ShippingGroup; cost: Cost }[] } | null;
  express: { name: ShippingGroup; fee: Cost }[];
  offshoreSurcharge: { name: ShippingGroup; cost: Cost }[];
  freeShippingFrom: MoneyValue | null;
}

/** The answer of `GET /apiv2/shipping/costs/current-country`: the visitor's shipping country and the shop's delivery countries. */
export interface CurrentCountry extends CountryName {
  availableCountries: CountryName[];
}

/** The answer of `PUT /apiv2/shipping/costs/country`. */
export interface ShippingCountryChange {
  currentCountry: CountryName;
  availableCountries: CountryName[];
}

/** The refusals of the delivery calls besides the core codes. */
export type DeliveryRefusalCode = "unknown_product" | "country_not_deliverable";
