/**
 * The answers of the back office's returns API (worker/shop-api/returns/staff-routes.ts), as
 * the shop API builds them and the console reads them (console/src/screens/Returns.tsx):
 *   GET  /admin/api/returns?state=&kind=&shop=&q=&limit=&after=   ReturnListPage
 *   GET  /admin/api/returns/:rmaId                                ReturnDetail
 *   GET  /admin/api/returns/:rmaId/images/:uploadId               the image's bytes (staff only)
 *   POST /admin/api/returns/:rmaId/status { status, note? }       ReturnDetail (mails the customer)
 *   POST /admin/api/returns/:rmaId/refund                         ReturnDetail: retries a failed refund, or records
 *                                                                 the bank transfer of an offline payment's refund
 */
import type { RemedyProposal, ReturnReason, RmaStatus, StaffRmaStatus } from "../returns-forms";
import type { MoneyValue } from "../money";
import type { ShopChoice } from "./shop-choice";

export type { RmaStatus, StaffRmaStatus };

/** What the state filter offers: `open` (default: submitted, received, accepted), `all`, or one state. */
export const RETURN_STATE_FILTERS = ["open", "all", "submitted", "received", "accepted", "rejected", "refunded", "replaced"] as const;
export type ReturnStateFilter = (typeof RETURN_STATE_FILTERS)[number];

export const RETURN_KINDS = ["return", "withdrawal"] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

export interface ReturnSummary {
  rmaId: string;
  kind: ReturnKind;
  shop: string;
  orderNumber: string;
  email: string;
  name: string;
  reason: ReturnReason;
  status: RmaStatus;
  /** Order lines named and packages in total. */
  lineCount: number;
  packages: number;
  imageCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ReturnListPage {
  returns: ReturnSummary[];
  /** The cursor of the next page, or null. */
  next: string | null;
  states: readonly ReturnStateFilter[];
  kinds: readonly ReturnKind[];
  shops: ShopChoice[];
}

export interface ReturnDetail extends ReturnSummary {
  language: string;
  proposal: RemedyProposal | null;
  message: string;
  phone: string | null;
  wholeOrder: boolean;
  /** How the customer came: an order lookup, the signed link of the confirmation mail, or their session. */
  via: "lookup" | "link" | "session";
  order: {
    placedAt: string;
    state: string;
    billing: { name: string; company: string | null; postcode: string | null; countryCode: string | null };
    shippingCountryCode: string | null;
    /** When the customer withdrew from the contract, if they did. */
    withdrawnAt: string | null;
  };
  lines: { lineNo: number; sku: string; name: string; quantity: number; ordered: number; delivered: number; deliveredAt: string | null }[];
  /** The images in the order attached; `url` serves the bytes to staff only. */
  images: { uploadId: string; fileName: string; contentType: string; size: number; url: string }[];
  history: { status: RmaStatus; note: string; by: string; at: string; refund?: ReturnRefund }[];
  /** The states staff may set now (empty once it is final). */
  allowedStatuses: StaffRmaStatus[];
}

/**
 * What became of the refund of a case moved to `refunded` (docs/decisions/0071): `refunded` at
 * the provider (or transferred, as staff recorded), `failed` at the provider (staff retry it),
 * or `transfer`: an offline payment, the amount staff transfer back by bank and then record.
 */
export interface ReturnRefund {
  state: "refunded" | "failed" | "transfer";
  amount: MoneyValue;
}
