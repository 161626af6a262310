/**
 * Inquiries on the wire (docs/decisions/0039): the storefront's form (`POST /apiv2/inquiry`, the
 * body `InquiryForm`, the answer `InquiryAnswer` of domain/inquiry.ts) and the staff's inquiry
 * screens (`InquiryListPage`, `InquiryDetail` of domain/back-office/inquiries.ts).
 */

/** The body of `POST /admin/api/inquiries/{id}/reply`: the answer mailed to the customer. */
export interface InquiryReplyRequest {
  message: string;
}

/** The refusals of the inquiry calls besides the core codes and the form codes (INQUIRY_FORM_CODES of domain/inquiry.ts). */
export type InquiryRefusalCode = "inquiries_unavailable" | "product_not_found" | "configuration_not_found" | "invalid_cursor" | "inquiry_closed";
