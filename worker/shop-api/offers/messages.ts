/**
 * The offer calls' refusals in the API's English (like core/envelope.ts MESSAGES);
 * each goes with a stable `code` the screens word from their locales (domain/offers.ts OFFER_ERROR_CODES).
 */
import { OFFER_LIMITS } from "@domain/offers";

export const OFFER_MESSAGES = {
  offerNotFound: "This offer could not be found.",
  offerExpired: "This offer has expired and can no longer be accepted.",
  offerDeclined: "This offer was declined.",
  offerAccepted: "This offer was accepted; remove its lines from the cart instead.",
  offerChanged: "The offer has just changed. Please open it again.",
  notRevisable: "This offer can no longer be changed: it was {state}.",
  linesRequired: "An offer needs at least one line.",
  tooManyLines: `An offer can hold at most ${OFFER_LIMITS.maxLines} lines.`,
  duplicateSku: "Each product can be on one line only.",
  unknownProduct: "This product is not sold in the inquiry's shop.",
  minimumQuantity: "The shop sells at least {minimum} packages of this product.",
  quantity: `Expected a whole number of packages from 1 to ${OFFER_LIMITS.maxQuantity}`,
  packagePrice: `Expected a price in minor units (cents) from 0 to ${OFFER_LIMITS.maxPackagePrice}`,
  date: "Expected a calendar date (YYYY-MM-DD)",
  validUntilPast: "The offer must be valid at least until today.",
  validUntilTooLate: `An offer can be valid for at most ${OFFER_LIMITS.maxValidDays} days.`,
  messageTooLong: `At most ${OFFER_LIMITS.messageMax} characters`,
  signature: "Not a valid link signature",
} as const;
