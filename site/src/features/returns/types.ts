/**
 * What the returns API answers (domain/returns-forms.ts, shared with the shop API), and
 * what the customer account answers for the signed-in landing (accounts API).
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

/** GET /apiv2/customer/orders of the accounts API: `data: {orders: OrderListItem[]}`. */
export interface CustomerOrderSummary {
  number: string;
  placedAt: string;
  state: string;
  grandTotal?: { formattedWithCurrency: string } | null;
  itemCount?: number;
}

/** GET /apiv2/customer of the accounts API: `data: {customer: null | Customer}` (the fields the landing shows). */
export interface Customer {
  firstName: string;
  surname: string;
  email: string;
  postcode?: string;
}
