/**
 * The checkout's refusals in the API's English (like core/envelope.ts
 * MESSAGES); each goes with a stable `code` the storefront translates. The order form's own
 * are core/order-form-texts.ts's (staff's address changes validate with them too).
 */
import { ORDER_FORM_TEXTS } from "../core/order-form-texts";

export const CHECKOUT_MESSAGES = {
  cartEmpty: "Your cart is empty.",
  cartChanged: "Your cart has changed. Please check it and place the order again.",
  priceChanged: "The prices in your cart have changed. Please check the new total and place the order again.",
  offerExpired: "The offer of this line has expired. Please remove the line.",
  tooManyLines: "An order can hold at most {max} lines.",
  paymentUnknown: ORDER_FORM_TEXTS.paymentMethod,
  paymentUnavailable: "This payment method is not available.",
  deliveryMode: ORDER_FORM_TEXTS.deliveryMode,
  expressUnavailable: "Express delivery is not available for this order.",
  storageAccount: "Storage on call needs a customer account.",
  storageMinimum: "Storage on call is available from an order value of {value}.",
  date: ORDER_FORM_TEXTS.date,
  desiredDateNotAllowed: ORDER_FORM_TEXTS.desiredDateNotAllowed,
  desiredDateTooEarly: "The earliest possible delivery date is {date}.",
  desiredDateTooLate: "The date is more than 365 days ahead",
  acceptTerms: ORDER_FORM_TEXTS.acceptTerms,
  vatId: ORDER_FORM_TEXTS.vatId,
  country: ORDER_FORM_TEXTS.country,
  voucherNotFound: "This voucher code is not valid.",
  voucherRedeemed: "This voucher has already been redeemed.",
  voucherExpired: "This voucher has expired.",
} as const;
