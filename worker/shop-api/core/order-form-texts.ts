/**
 * The checkout's order form schema's messages (domain/checkout-form.ts) as the shop API words
 * them (in English; the storefront shows its own by code): placing an order (checkout/) and
 * staff's change of an order's delivery address (orders/) validate with them.
 */
import type { OrderFormTexts } from "@domain/checkout-form";
import { MESSAGES } from "./envelope";

export const ORDER_FORM_TEXTS: OrderFormTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  zip: MESSAGES.postcode,
  characters: MESSAGES.characters,
  vatId: "Please enter a valid VAT ID.",
  country: "Please choose a country.",
  countryNotDeliverable: MESSAGES.countryNotDeliverable,
  deliveryMode: "Please choose a delivery mode.",
  paymentMethod: "Please choose a payment method.",
  acceptTerms: "Please accept the terms and conditions and the right of withdrawal.",
  date: "Expected a calendar date (YYYY-MM-DD)",
  desiredDateNotAllowed: "A desired date can only be given with delivery on a requested date.",
};
