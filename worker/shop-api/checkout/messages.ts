/**
 * The checkout's refusals in the API's English (SPEC 8 style, like core/envelope.ts
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
  eventQuantity: "The quantity is not possible for this line.",
  eventReused: "This event id was already used for a different event.",
  eventState: "This event is not possible in the order's state.",
  eventLine: "The order has no such line.",
  eventAmbiguous: "The SKU names more than one line of the order: name the line.",
  eventFuture: "The event's time lies in the future.",
  eventBeforeOrder: "The event's time lies before the order was placed.",
  eventNoLines: "This event names no lines.",
} as const;
