/**
 * Invoices and credit notes (migrations/0039_invoices.sql) and their per-shop, per-year,
 * per-series counters. A document's number is taken in the batch that writes its row: the
 * counter statement and the insert carry the same condition (the document does not exist yet),
 * so a repeated issue takes no number, and a failed batch none either.
 */
import type { OrderDocument } from "@domain/api/orders";
import { customerDocumentPath, DOCUMENT_PREFIX, type InvoiceKind } from "@domain/invoicing";
import { money } from "@domain/money";
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface InvoiceRow {
  id: string;
  number: string;
  shop_id: string;
  year: number;
  sequence: number;
  kind: InvoiceKind;
  order_id: string;
  refund_provider: string | null;
  refund_ref: string | null;
  language: string;
  currency: string;
  net_total: number;
  tax_total: number;
  gross_total: number;
  reverse_charge: 0 | 1;
  r2_key: string | null;
  issued_at: string;
}

/** What issuing a document writes (the number and sequence come from the counter). */
export type NewInvoice = Omit<InvoiceRow, "number" | "sequence" | "r2_key">;

/** The document is not there yet: an order's invoice, a refund's credit note. */
export function notIssued(invoice: Pick<NewInvoice, "kind" | "order_id" | "refund_provider" | "refund_ref">): SqlFragment {
  return invoice.kind === "invoice"
    ? sql`NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = ${invoice.order_id} AND kind = 'invoice')`
    : sql`NOT EXISTS (SELECT 1 FROM invoices WHERE refund_provider = ${invoice.refund_provider} AND refund_ref = ${invoice.refund_ref} AND kind = 'credit_note')`;
}

/** Takes the next number of the shop's series in the year (the first is 1), only when `holds`. */
export function takeNumber(shopId: string, year: number, kind: InvoiceKind, holds: SqlFragment): SqlFragment {
  return sql`INSERT INTO invoice_counters (shop_id, year, kind, last_number) SELECT ${shopId}, ${year}, ${kind}, 1 WHERE ${holds}
    ON CONFLICT (shop_id, year, kind) DO UPDATE SET last_number = last_number + 1`;
}

/** Writes the document with the number just taken (domain/invoicing.ts documentNumber's format), only when `holds`. */
export function insertInvoice(invoice: NewInvoice, holds: SqlFragment): SqlFragment {
  const prefix = `${DOCUMENT_PREFIX[invoice.kind]}-${invoice.shop_id}-${invoice.year}-`;
  return sql`INSERT INTO invoices (id, number, shop_id, year, sequence, kind, order_id, refund_provider, refund_ref, language, currency,
      net_total, tax_total, gross_total, reverse_charge, issued_at)
    SELECT ${invoice.id}, ${prefix} || printf('%06d', last_number), ${invoice.shop_id}, ${invoice.year}, last_number, ${invoice.kind}, ${invoice.order_id},
      ${invoice.refund_provider}, ${invoice.refund_ref}, ${invoice.language}, ${invoice.currency}, ${invoice.net_total}, ${invoice.tax_total},
      ${invoice.gross_total}, ${invoice.reverse_charge}, ${invoice.issued_at}
    FROM invoice_counters WHERE shop_id = ${invoice.shop_id} AND year = ${invoice.year} AND kind = ${invoice.kind} AND ${holds}`;
}

export const selectInvoice = (id: string): SqlFragment => sql`SELECT * FROM invoices WHERE id = ${id}`;

/** An order's documents, oldest first. */
export const selectOrderInvoices = (orderId: string): SqlFragment => sql`SELECT * FROM invoices WHERE order_id = ${orderId} ORDER BY issued_at, number`;

/** A document of the shop by its number. */
export const selectInvoiceByNumber = (shopId: string, number: string): SqlFragment =>
  sql`SELECT * FROM invoices WHERE shop_id = ${shopId} AND number = ${number}`;

export const setInvoiceKey = (id: string, key: string): SqlFragment => sql`UPDATE invoices SET r2_key = ${key} WHERE id = ${id}`;

/** The order that a document of the shop with this number belongs to: its order number, or null. */
export const selectOrderNumberOfDocument = (shopId: string, number: string): SqlFragment =>
  sql`SELECT o.order_number FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.shop_id = ${shopId} AND i.number = ${number}`;

/** A document as the customer's order view lists it; `business`: the order's buyer gets e-invoices (an XRechnung download). */
export function documentView(row: InvoiceRow, orderNumber: string, business: boolean, language: string): OrderDocument {
  return {
    number: row.number,
    kind: row.kind,
    issuedAt: row.issued_at,
    grossTotal: money(row.gross_total, row.currency, language),
    pdfUrl: customerDocumentPath(orderNumber, row.number),
    xrechnungUrl: business ? customerDocumentPath(orderNumber, row.number, "xrechnung") : null,
  };
}
