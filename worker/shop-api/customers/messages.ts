/**
 * The customer account's refusals in the API's English (like core/envelope.ts
 * MESSAGES); each goes with a stable `code` the account screens translate
 * (locales/<lang>/account.json). TEXTS are the shared form schemas' messages
 * (domain/account-forms.ts) as the shop API words them.
 */
import type { AccountFormTexts } from "../../../domain/account-forms";
import { MESSAGES } from "../core/envelope";

export const ACCOUNT_MESSAGES = {
  /** Wrong e-mail or password, an unknown address and an unconfirmed account alike (no enumeration). */
  invalidCredentials: "The e-mail address or the password is not correct.",
  invalidToken: "This link is invalid or has expired. Please ask for a new one.",
  currentPasswordWrong: "The current password is not correct.",
  projectNameTaken: "You already have a project with this name.",
  projectLimit: "You cannot create more projects. Please delete one first.",
  projectFull: "A project holds at most {max} products.",
  notStored: "The goods of this order are not stored with us.",
  storageClosed: "The goods of this order have been delivered or the order was cancelled.",
  dateOutOfRange: "Please choose a delivery date from {earliest} to {latest}.",
  dateNotWorkingDay: "Please choose a working day (Monday to Friday).",
  callOffUnavailable: "A delivery from storage cannot be booked online any more. Please contact our customer service.",
} as const;

export const TEXTS: AccountFormTexts = {
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
  dateNotWorkingDay: ACCOUNT_MESSAGES.dateNotWorkingDay,
  projectName: "The project name must have 1 to 80 characters.",
  quantity: "Expected a whole number from 1 to 9999",
};
