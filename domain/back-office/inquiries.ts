/**
 * The answers of the back office's inquiries API (worker/shop-api/inquiries/staff-routes.ts;
 * roles service and ops), as the shop API builds them and the console reads them
 * (console/src/screens/Inquiries.tsx):
 *   GET  /admin/api/inquiries?shop=&type=&state=&q=&limit=&after=   InquiryListPage
 *   GET  /admin/api/inquiries/:id                                   InquiryDetail
 *   POST /admin/api/inquiries/:id/reply { message }                 InquiryDetail (mails the customer; state -> answered)
 *   POST /admin/api/inquiries/:id/close                             InquiryDetail (state -> closed)
 * `q` matches the number, the e-mail, the name and the sku.
 */
import type { InquiryQuestionId, InquiryState, InquiryType } from "../inquiry";
import type { ShopChoice } from "./shop-choice";

export type { InquiryState, InquiryType };

/** What the state filter offers: `open` (default), `answered`, `closed`, or `all`. */
export const INQUIRY_STATE_FILTERS = ["open", "answered", "closed", "all"] as const;
export type InquiryStateFilter = (typeof INQUIRY_STATE_FILTERS)[number];

/** The most a staff reply may say (characters). */
export const MAX_REPLY_LENGTH = 10_000;

export interface InquirySummary {
  /** The number the customer has, e.g. Q-7K2M9P4XWB. */
  id: string;
  type: InquiryType;
  state: InquiryState;
  shop: string;
  /** The customer's language, the language of their mails. */
  language: string;
  sku: string;
  productName: string;
  name: string;
  email: string;
  /** Staff replies sent so far. */
  replyCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface InquiryListPage {
  inquiries: InquirySummary[];
  /** The cursor of the next page, or null. */
  next: string | null;
  states: readonly InquiryStateFilter[];
  types: readonly InquiryType[];
  shops: ShopChoice[];
}

export interface InquiryReply {
  message: string;
  /** The staff member who sent it. */
  by: string;
  at: string;
}

export interface InquiryDetail extends InquirySummary {
  message: string;
  phone: string | null;
  /** Lower case, e.g. `de`. */
  country: string;
  /** In the product's sales unit (`unit`), or null when the customer gave none. */
  quantity: number | null;
  unit: string | null;
  /** The yes/no steps the customer answered. */
  answers: { id: InquiryQuestionId; answer: boolean }[];
  /** The signed-in customer who sent it, or null for a guest. */
  customerId: string | null;
  closedAt: string | null;
  replies: InquiryReply[];
  /** For an offer request: the offer prepared for it, or null while none was sent (always null for other types). */
  offerId: string | null;
  /** For an offer request from the terrace planner: the configuration's number (its plan and bill: GET /apiv2/terrace/configurations/{number}), else null. */
  configuration: string | null;
  /** What staff may do now: reply while it is not closed, close while it is not closed. */
  canReply: boolean;
  canClose: boolean;
}
