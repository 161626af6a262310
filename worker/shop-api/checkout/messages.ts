/**
 * The checkout's refusals in the API's English (like core/envelope.ts
 * MESSAGES); each goes with a stable `code` the storefront translates.
 */
export const CHECKOUT_MESSAGES = {
  cartEmpty: "Your cart is empty.",
  cartChanged: "Your cart has changed. Please check it and place the order again.",
  priceChanged: "The prices in your cart have changed. Please check the new total and place the order again.",
  offerExpired: "The offer of this line has expired. Please remove the line.",
  tooManyLines: "An order can hold at most {max} lines.",
  paymentUnknown: "Please choose a payment method.",
  paymentUnavailable: "This payment method is not available.",
  deliveryMode: "Please choose a delivery mode.",
  expressUnavailable: "Express delivery is not available for this order.",
  storageAccount: "Storage on call needs a customer account.",
  storageMinimum: "Storage on call is available from an order value of {value}.",
  date: "Expected a calendar date (YYYY-MM-DD)",
  desiredDateNotAllowed: "A desired date can only be given with delivery on a requested date.",
  desiredDateTooEarly: "The earliest possible delivery date is {date}.",
  desiredDateTooLate: "The date is more than 365 days ahead",
  acceptTerms: "Please accept the terms and conditions and the right of withdrawal.",
  vatId: "Please enter a valid VAT ID.",
  country: "Please choose a country.",
  voucherNotFound: "This voucher code is not valid.",
  voucherRedeemed: "This voucher has already been redeemed.",
  voucherExpired: "This voucher has expired.",
} as const;
