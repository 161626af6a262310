/**
 * The orders' refusals in the API's English (like core/envelope.ts MESSAGES);
 * each goes with a stable `code` the storefront, the ERP and the console read: the call-off of
 * stored goods, the ERP's order events and staff's changes (the console words those by code).
 */
import { ACCOUNT_FORM_TEXTS } from "../core/account-form-texts";

export const ORDER_MESSAGES = {
  notStored: "The goods of this order are not stored with us.",
  storageClosed: "The goods of this order have been delivered or the order was cancelled.",
  dateOutOfRange: "Please choose a delivery date from {earliest} to {latest}.",
  dateNotWorkingDay: ACCOUNT_FORM_TEXTS.dateNotWorkingDay,
  callOffUnavailable: "A delivery from storage cannot be booked online any more. Please contact our customer service.",
  eventQuantity: "The quantity is not possible for this line.",
  eventReused: "This event id was already used for a different event.",
  eventState: "This event is not possible in the order's state.",
  eventLine: "The order has no such line.",
  eventAmbiguous: "The SKU names more than one line of the order: name the line.",
  eventFuture: "The event's time lies in the future.",
  eventBeforeOrder: "The event's time lies before the order was placed.",
  eventNoLines: "This event names no lines.",
  changeNotAllowed: "The order is {state}: this change is not possible any more.",
  goodsShipped: "Goods of this order have been shipped: this change is not possible any more.",
  lineShipped: "Line {line} has been shipped: it cannot be cancelled.",
  lineCancelled: "Line {line} is already cancelled.",
  nothingToShip: "Every package of this order has been shipped.",
  orderChanged: "Someone else changed this order in the meantime. Please check it and try again.",
  trackingNumber: "This is not a tracking number of the carrier.",
  noteRequired: "Please write a note.",
  refundReasonRequired: "Please give the reason for the refund.",
  refundTooHigh: "At most {refundable} can be refunded.",
  nothingToRefund: "Nothing of this order is left to refund.",
  refundNotFailed: "This refund did not fail: there is nothing to retry.",
} as const;
