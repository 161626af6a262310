/**
 * Issuing invoices and credit notes (docs/decisions/0074). One batch takes the document's number
 * (the shop's counter of the year and series), writes its row and enqueues its mail; nothing
 * of it happens twice for the same order (invoice) or refund (credit note). The PDF (with the
 * Factur-X XML for a business customer) is rendered from the order afterwards and stored in the
 * UPLOADS bucket; a document whose PDF is not stored yet (the worker stopped in between) gets
 * it when it is next issued or asked for (`documentPdf`), or from the cron (`storeMissingPdfs`);
 * its mail waits for it (the sender retries).
 *
 * - `issueInvoice(ctx, orderId, moment)`: the order's invoice when its payment method's rule
 *   (domain/invoicing.ts INVOICE_MOMENT) says `moment` is the time; otherwise nothing.
 * - `invoiceAfterOrderChange(ctx, order)`: the same after the order's state changed (confirmed, shipped).
 * - `issueCreditNote(ctx, orderId, refund)`: the credit note of a refund the ledger recorded as succeeded.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { documentYear, invoiceDueAt, isBusinessBuyer, momentOfState, type InvoiceKind, type InvoiceMoment } from "@domain/invoicing";
import { sql } from "@worker/lib/sql";
import {
  insertInvoice,
  notIssued,
  selectInvoice,
  selectOrderInvoices,
  setInvoiceKey,
  takeNumber,
  type InvoiceRow,
  type NewInvoice,
} from "../../tables/invoices";
import { selectOrderLines, type OrderLineRow, type OrderRow } from "../../tables/orders";
import type { OrderPaymentColumns } from "../../tables/order-payments";
import { BUSINESS_TIME_ZONE } from "../berlin-time";
import { outboxInsert } from "../mail/outbox";
import { shopById, type Shop } from "../shop";
import { ciiXml, type CiiFlavour } from "./cii";
import { billingAddressOf, creditNoteDocument, invoiceDocument, type DocumentHeader, type InvoiceDocument } from "./document";

/** What issuing needs: the database, the bucket and the clock. */
export interface InvoiceContext {
  db: D1Database;
  env: Pick<ShopApiEnv, "UPLOADS">;
  now: Date;
}

type OrderRecord = OrderRow & OrderPaymentColumns;

/** A refund of the ledger (provider and its id of the refund) and its amount, minor units. */
export interface LedgerRefund {
  provider: string;
  ref: string;
  amount: number;
}

/** Where a document's PDF is kept in the UPLOADS bucket. */
export const invoicePdfKey = (invoice: Pick<InvoiceRow, "shop_id" | "year" | "id">): string => `invoices/${invoice.shop_id}/${invoice.year}/${invoice.id}.pdf`;

async function readOrder(db: D1Database, orderId: string): Promise<{ order: OrderRecord; lines: OrderLineRow[] } | null> {
  const order = await sql`SELECT * FROM orders WHERE id = ${orderId}`.prepare(db).first<OrderRecord>();
  if (!order) return null;
  const lines = (await selectOrderLines(order.id).prepare(db).all<OrderLineRow>()).results;
  return { order, lines };
}

/** One batch: the number, the row and the mail, only when the document does not exist yet; the row, or null when another issued it meanwhile. */
async function issue(ctx: InvoiceContext, shop: Shop, order: OrderRecord, draft: InvoiceDocument, refund: LedgerRefund | null): Promise<InvoiceRow | null> {
  const kind: InvoiceKind = draft.kind;
  const row: NewInvoice = {
    id: crypto.randomUUID(),
    shop_id: shop.id,
    year: documentYear(ctx.now, BUSINESS_TIME_ZONE),
    kind,
    order_id: order.id,
    refund_provider: refund?.provider ?? null,
    refund_ref: refund?.ref ?? null,
    language: order.language,
    currency: order.currency,
    net_total: draft.amounts.net,
    tax_total: draft.amounts.tax,
    gross_total: draft.amounts.gross,
    reverse_charge: draft.amounts.reverseCharge ? 1 : 0,
    issued_at: ctx.now.toISOString(),
  };
  const holds = notIssued(row);
  const buyer = billingAddressOf(order);
  const written = sql`EXISTS (SELECT 1 FROM invoices WHERE id = ${row.id})`;
  const mail = outboxInsert(
    {
      shop,
      language: order.language,
      template: "invoice-issued",
      to: order.email,
      params: {
        kind,
        number: "-",
        orderNumber: order.order_number,
        name: `${buyer.firstname} ${buyer.lastname}`.trim() || order.email,
        pdfKey: invoicePdfKey(row),
      },
      fill: { number: sql`SELECT number FROM invoices WHERE id = ${row.id}` },
      dedupeKey: `invoice:${row.id}`,
      when: written,
    },
    ctx.now,
  );
  await ctx.db.batch([takeNumber(shop.id, row.year, kind, holds), insertInvoice(row, holds), mail].map((statement) => statement.prepare(ctx.db)));
  return selectInvoice(row.id).prepare(ctx.db).first<InvoiceRow>();
}

/** Issues the document unless it exists, then stores its PDF unless stored (a repeated call completes an interrupted one); the document. */
async function issueAndStore(
  ctx: InvoiceContext,
  shop: Shop,
  read: { order: OrderRecord; lines: OrderLineRow[] },
  draft: InvoiceDocument,
  refund: LedgerRefund | null,
): Promise<InvoiceRow | null> {
  const existing = async () =>
    (await selectOrderInvoices(read.order.id).prepare(ctx.db).all<InvoiceRow>()).results.find((each) =>
      refund ? each.refund_provider === refund.provider && each.refund_ref === refund.ref : each.kind === "invoice",
    ) ?? null;
  // Issued before, or now, or by a concurrent call in between (its row then).
  const invoice = (await existing()) ?? (await issue(ctx, shop, read.order, draft, refund)) ?? (await existing());
  if (!invoice || invoice.r2_key) return invoice;
  await storePdf(ctx, shop, invoice, read.order, read.lines);
  return { ...invoice, r2_key: invoicePdfKey(invoice) };
}

/** The order's invoice when the rule says `moment` is its time (and the shop issues invoices); the invoice, or null. */
export async function issueInvoice(ctx: InvoiceContext, orderId: string, moment: InvoiceMoment): Promise<InvoiceRow | null> {
  const read = await readOrder(ctx.db, orderId);
  if (!read || !invoiceDueAt(read.order.payment_method, moment)) return null;
  const shop = shopById(read.order.shop_id);
  if (!shop?.seller) return null;
  const draft = invoiceDocument({ number: "", issuedAt: ctx.now.toISOString(), seller: shop.seller, shopTaxRate: shop.taxRate }, read.order, read.lines);
  return issueAndStore(ctx, shop, read, draft, null);
}

/** After a change of the order's state (the ERP's event, staff's change): its invoice when the state it reached is the rule's moment. */
export async function invoiceAfterOrderChange(ctx: InvoiceContext, order: Pick<OrderRow, "id" | "state">): Promise<InvoiceRow | null> {
  const moment = momentOfState(order.state);
  return moment ? issueInvoice(ctx, order.id, moment) : null;
}

/** The credit note of a refund the ledger recorded as succeeded; the credit note, or null. */
export async function issueCreditNote(ctx: InvoiceContext, orderId: string, refund: LedgerRefund): Promise<InvoiceRow | null> {
  const read = await readOrder(ctx.db, orderId);
  if (!read || refund.amount <= 0) return null;
  const shop = shopById(read.order.shop_id);
  if (!shop?.seller) return null;
  const header = { number: "", issuedAt: ctx.now.toISOString(), seller: shop.seller, shopTaxRate: shop.taxRate };
  return issueAndStore(ctx, shop, read, creditNoteDocument(header, read.order, refund.amount, null), refund);
}

/** The document's CII XML: Factur-X for the PDF, or XRechnung; null for a private customer's (no e-invoice). */
async function eInvoiceOf(
  ctx: InvoiceContext,
  shop: Shop,
  invoice: InvoiceRow,
  order: OrderRecord,
  lines: OrderLineRow[],
  flavour: CiiFlavour,
): Promise<string | null> {
  const document = await documentFor(ctx, shop, invoice, order, lines);
  return isBusinessBuyer(document.buyer) ? ciiXml(document, shop.serviceAddress, flavour) : null;
}

/** The document of a row as it was issued: from its order, a credit note with its refund (the ledger's amount) and the order's invoice. */
async function documentFor(ctx: InvoiceContext, shop: Shop, invoice: InvoiceRow, order: OrderRecord, lines: OrderLineRow[]): Promise<InvoiceDocument> {
  const header: DocumentHeader = { number: invoice.number, issuedAt: invoice.issued_at, seller: shop.seller!, shopTaxRate: shop.taxRate };
  if (invoice.kind === "invoice") return invoiceDocument(header, order, lines);
  const [documents, refund] = await ctx.db.batch([
    selectOrderInvoices(order.id).prepare(ctx.db),
    sql`SELECT amount FROM payment_ledger WHERE provider = ${invoice.refund_provider} AND provider_ref = ${invoice.refund_ref}`.prepare(ctx.db),
  ]);
  const invoiceNumber = (documents!.results as InvoiceRow[]).find((each) => each.kind === "invoice")?.number ?? null;
  const refunded = (refund!.results[0] as { amount: number } | undefined)?.amount ?? invoice.gross_total;
  return creditNoteDocument(header, order, refunded, invoiceNumber);
}

/** Renders the document's PDF (with the Factur-X XML for a business customer) and stores it; its bytes. */
async function storePdf(ctx: InvoiceContext, shop: Shop, invoice: InvoiceRow, order: OrderRecord, lines: OrderLineRow[]): Promise<Uint8Array> {
  const document = await documentFor(ctx, shop, invoice, order, lines);
  const facturX = isBusinessBuyer(document.buyer) ? ciiXml(document, shop.serviceAddress, "facturX") : undefined;
  // The renderer (pdf-lib, fontkit and the font) loads at its first use: fontkit alone unpacks its
  // tables for about 0.4 s of CPU when loaded, which every start of the worker would pay otherwise.
  const { renderInvoicePdf } = await import("./pdf");
  const bytes = await renderInvoicePdf(document, facturX);
  const key = invoicePdfKey(invoice);
  await ctx.env.UPLOADS.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  await setInvoiceKey(invoice.id, key).prepare(ctx.db).run();
  return bytes;
}

/** The document's PDF: the stored one, or rendered and stored now. */
export async function documentPdf(ctx: InvoiceContext, invoice: InvoiceRow): Promise<Uint8Array | null> {
  if (invoice.r2_key) {
    const stored = await ctx.env.UPLOADS.get(invoice.r2_key);
    if (stored) return new Uint8Array(await stored.arrayBuffer());
  }
  const shop = shopById(invoice.shop_id);
  const read = await readOrder(ctx.db, invoice.order_id);
  if (!shop?.seller || !read) return null;
  return storePdf(ctx, shop, invoice, read.order, read.lines);
}

/** How long after issuing the cron takes a document without its PDF as interrupted (its request may still be rendering it). */
export const MISSING_PDF_AFTER_MS = 60_000;

/** Renders and stores the PDFs of documents whose issuing stopped before (the cron, before the outbox is drained); how many. */
export async function storeMissingPdfs(ctx: InvoiceContext, limit = 20): Promise<number> {
  const before = new Date(ctx.now.getTime() - MISSING_PDF_AFTER_MS).toISOString();
  const { results } = await sql`SELECT * FROM invoices WHERE r2_key IS NULL AND issued_at < ${before} ORDER BY issued_at LIMIT ${limit}`
    .prepare(ctx.db)
    .all<InvoiceRow>();
  for (const invoice of results) await documentPdf(ctx, invoice);
  return results.length;
}

/** The document's XRechnung (CII) XML, or null for a private customer's document. */
export async function documentXRechnung(ctx: InvoiceContext, invoice: InvoiceRow): Promise<string | null> {
  const shop = shopById(invoice.shop_id);
  const read = await readOrder(ctx.db, invoice.order_id);
  if (!shop?.seller || !read) return null;
  return eInvoiceOf(ctx, shop, invoice, read.order, read.lines, "xrechnung");
}
