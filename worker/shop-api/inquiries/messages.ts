/**
 * The inquiries API's refusals in the API's English (like core/envelope.ts MESSAGES); each
 * goes with a stable `code` the storefront translates (the inquiry page shows the spec's
 * words from its locales by the code), and the shared form rules (domain/inquiry.ts) get
 * the same texts as SERVER_TEXTS.
 */
import type { InquiryFormTexts } from "@domain/inquiry";
import { MESSAGES } from "../core/envelope";

export const INQUIRY_MESSAGES = {
  /** The product page's message when inquiries are off: 'Leider sind Anfragen derzeit nicht verfügbar'. */
  unavailable: "Inquiries are currently not available.",
  productNotFound: MESSAGES.unknownProduct,
  tooLong: "Please enter at most {max} characters.",
  nameContainsUrl: "Names must not contain web addresses.",
  country: "Please choose a country.",
  quantity: "Please enter a quantity greater than 0 and at most {max}.",
  unknownQuestion: "This question does not belong to this inquiry.",
  inquiryClosed: "This inquiry is closed.",
  configurationNotFound: "This terrace configuration could not be found.",
} as const;

/** The shared form rules' texts as the shop API answers them. */
export const SERVER_TEXTS: InquiryFormTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  characters: MESSAGES.characters,
  tooLong: INQUIRY_MESSAGES.tooLong,
  nameContainsUrl: INQUIRY_MESSAGES.nameContainsUrl,
  country: INQUIRY_MESSAGES.country,
  countryNotDeliverable: MESSAGES.countryNotDeliverable,
  quantity: INQUIRY_MESSAGES.quantity,
  unknownQuestion: INQUIRY_MESSAGES.unknownQuestion,
  invalid: MESSAGES.invalid,
};
