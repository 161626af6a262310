/**
 * Returns, complaints and the EU withdrawal on the wire (docs/decisions/0038). The answers and
 * the form rules are shared in domain/returns-forms.ts (`RmaOptions`, `RmaLookupAnswer`,
 * `RmaUploadAnswer`, `RmaSubmitAnswer`, `WithdrawalAnswer`; the staff screens' in
 * domain/back-office/returns.ts); the request bodies are what its schemas take.
 */
import type { z } from "zod";
import type { lookupSchema, rmaSubmitSchema, StaffRmaStatus, withdrawalSchema } from "../returns-forms";

/** The body of `POST /apiv2/rma/lookup`: the order's number, e-mail and billing postcode. */
export type RmaLookupRequest = z.input<ReturnType<typeof lookupSchema>>;

/** The body of `POST /apiv2/rma/link`: the order number and the signature of the mail's link. */
export interface RmaLinkRequest {
  order: string;
  sig: string;
}

/**
 * The body of `POST /apiv2/rma`: who asks for which order (a lookup token or the session) and the
 * complaint; reason and proposal as the form chose them (the API checks them against its lists).
 */
export type RmaSubmitRequest = Omit<z.input<ReturnType<typeof rmaSubmitSchema>>, "reason" | "proposal"> & { reason: string; proposal?: string };

/** The body of `POST /apiv2/rma/withdrawal`. */
export type WithdrawalRequest = z.input<ReturnType<typeof withdrawalSchema>>;

/** The body of `POST /admin/api/returns/{rmaId}/status`. */
export interface ReturnStatusRequest {
  status: StaffRmaStatus;
  /** Sent to the customer with the status mail. */
  note?: string;
}

/** The refusals of the returns calls besides the core codes and the form rules' codes (domain/returns-forms.ts). */
export type ReturnRefusalCode =
  | "order_not_found"
  | "lookup_token_invalid"
  | "link_invalid"
  | "not_configured"
  | "idempotency_key_required"
  | "upload_unavailable"
  | "upload_error"
  | "extension_not_allowed"
  | "file_too_large"
  | "max_value"
  | "withdrawal_unavailable"
  | "invalid_cursor"
  | "status_not_allowed"
  | "status_changed"
  /** POST /admin/api/returns/{rmaId}/refund: the case's refund is neither failed nor waiting for its transfer. */
  | "refund_not_open";
