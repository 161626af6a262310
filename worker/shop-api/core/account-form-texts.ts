/**
 * The shared account form schemas' messages (domain/account-forms.ts) as the shop API words
 * them (in English): the account's forms (customers/) and the call-off of stored
 * goods (orders/) validate with them.
 */
import type { AccountFormTexts } from "@domain/account-forms";
import { MESSAGES } from "./envelope";

export const ACCOUNT_FORM_TEXTS: AccountFormTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  zip: MESSAGES.postcode,
  characters: MESSAGES.characters,
  customerType: "Please choose private or business customer.",
  country: "Please choose one of the countries we deliver to.",
  vatId: "Please enter a valid VAT ID for the chosen country.",
  passwordTooShort: "The password must have at least 10 characters.",
  passwordTooLong: "The password must have at most 256 characters.",
  passwordTooWeak: "The password must mix at least two of: lower-case letters, upper-case letters, digits, other characters.",
  passwordCharacters: "The password must not contain control characters.",
  passwordContainsEmail: "The password must not contain your e-mail address.",
  passwordMismatch: "The passwords do not match.",
  passwordUnchanged: "The new password must differ from the current one.",
  acceptTerms: "Please accept the terms and conditions.",
  date: "Expected a calendar date (YYYY-MM-DD)",
  dateOutOfRange: "The date is outside the days we can deliver stored goods.",
  dateNotWorkingDay: "Please choose a working day (Monday to Friday).",
  projectName: "The project name must have 1 to 80 characters.",
  quantity: "Expected a whole number from 1 to 9999",
};
