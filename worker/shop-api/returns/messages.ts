/**
 * The returns API's refusals in the API's English (the storefront's words where they exist,
 * like core/envelope.ts MESSAGES); each goes with a stable `code` the storefront translates,
 * and the shared form rules (domain/returns-forms.ts) get the same texts as SERVER_TEXTS.
 */
import type { ReturnsTexts } from "@domain/returns-forms";
import { MESSAGES } from "../core/envelope";

export const RETURNS_MESSAGES = {
  /** Names the order or invoice number, e-mail and postal code, asks to check and try again. */
  orderNotFound: "We could not find an order with this order or invoice number, e-mail address and postal code. Please check your input and try again.",
  linkInvalid: "This link is not valid. Please look up your order with its order number, e-mail address and postal code.",
  lookupTokenInvalid: "Please look up your order again.",
  idempotencyKeyRequired: "An Idempotency-Key header is required.",
  uploadUnavailable: "This image cannot be attached to the complaint. Please upload it again.",
  tooManyPending: "At most {max} images can wait to be sent with a complaint.",
  withdrawalUnavailable: "The withdrawal from the contract is not available for this order.",
  orderNumber: "Please enter a valid order or invoice number.",
  selectAtLeastOne: "Please select at least one product",
  selectToReturn: "Please select one or more products to return back",
  maxValue: "The value must not be higher than {maxValue}",
  quantity: "Please enter a whole number of at least 1.",
  lineNotReturnable: "This product cannot be returned.",
  unknownLine: "This product is not part of the order.",
  duplicateLine: "Each product can be named only once.",
  reason: "Please choose a reason.",
  proposal: "Please choose a remedy.",
  message: "Please describe the problem.",
  messageTooLong: "The message can be at most {max} characters long.",
  tooManyImages: "At most {maxFiles} images can be attached.",
  confirmWithdrawal: "Please confirm that you want to withdraw from the contract.",
  statusNotAllowed: "A complaint that is {from} cannot become {to}.",
  statusChanged: "The complaint was changed in the meantime. Please reload it.",
  refundNotOpen: "The refund of this complaint has not failed and waits for no transfer: there is nothing to do.",
} as const;

/** The shared form rules' texts as the shop API answers them. */
export const SERVER_TEXTS: ReturnsTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  orderNumber: RETURNS_MESSAGES.orderNumber,
  postcode: MESSAGES.postcode,
  phone: MESSAGES.phone,
  characters: MESSAGES.characters,
  selectAtLeastOne: RETURNS_MESSAGES.selectAtLeastOne,
  selectToReturn: RETURNS_MESSAGES.selectToReturn,
  maxValue: RETURNS_MESSAGES.maxValue,
  quantity: RETURNS_MESSAGES.quantity,
  lineNotReturnable: RETURNS_MESSAGES.lineNotReturnable,
  unknownLine: RETURNS_MESSAGES.unknownLine,
  duplicateLine: RETURNS_MESSAGES.duplicateLine,
  reason: RETURNS_MESSAGES.reason,
  proposal: RETURNS_MESSAGES.proposal,
  message: RETURNS_MESSAGES.message,
  messageTooLong: RETURNS_MESSAGES.messageTooLong,
  tooManyImages: RETURNS_MESSAGES.tooManyImages,
  confirmWithdrawal: RETURNS_MESSAGES.confirmWithdrawal,
};
