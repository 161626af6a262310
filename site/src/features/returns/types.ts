/**
 * What the returns API answers (domain/returns-forms.ts, shared with the shop API); the
 * signed-in landing reads the account's customer and orders (domain/account.ts, domain/api/orders.ts).
 */
export type {
  BlockedReason,
  RmaLookupAnswer,
  RmaOptions,
  RmaOrder,
  RmaOrderLine as RmaLine,
  RmaUploadAnswer as RmaUpload,
  WithdrawalAnswer,
} from "@domain/returns-forms";
export type { Customer } from "@domain/account";
export type { OrderListItem } from "@domain/api/orders";
