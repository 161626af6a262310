/**
 * The mail of an invoice or credit note (core/invoices): its number and order, with the PDF
 * attached (the sender reads it from the UPLOADS bucket at `pdfKey` when it sends the mail).
 * Texts: locales/<lang>/invoices.json, `mail.*`.
 */
import { z } from "zod";
import { defineTemplate, heading, paragraph } from "./template-kit";

const line = z.string().trim().min(1).max(200);

const invoiceParams = z
  .object({
    kind: z.enum(["invoice", "credit_note"]),
    number: line,
    orderNumber: line,
    /** The customer's name (the order's billing address). */
    name: line,
    /** The PDF in the UPLOADS bucket. */
    pdfKey: z.string().regex(/^invoices\/[A-Za-z0-9/._-]{1,200}\.pdf$/),
  })
  .strict();

/** The mail that brings the document. */
const invoiceIssued = defineTemplate(
  invoiceParams,
  (params, t, shopName) => {
    const kind = t(`kinds.${params.kind}`);
    return {
      subject: t("subject", { kind, number: params.number }),
      blocks: [
        heading(t("heading", { kind, number: params.number })),
        paragraph(t("greeting", { name: params.name })),
        paragraph(t("intro", { kind, number: params.number, order: params.orderNumber })),
        paragraph(t("closing", { shop: shopName })),
      ],
    };
  },
  {
    namespace: "invoices",
    prefix: "mail",
    attachments: (params) => [{ key: params.pdfKey, fileName: `${params.number}.pdf`, contentType: "application/pdf" }],
  },
);

export const INVOICE_MAIL_TEMPLATES = { "invoice-issued": invoiceIssued };
