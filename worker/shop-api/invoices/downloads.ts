/**
 * Downloads of an order's invoice and credit notes (docs/decisions/0074):
 *
 *   GET /apiv2/customer/orders/{number}/documents/{document}[?format=xrechnung]   the signed-in customer's order
 *   GET /apiv2/orders/{number}/documents/{document}?sig=SIG[&format=xrechnung]    the order's signed link (a guest's)
 *
 * SIG is the signature of the order's signed link (core/returns-link.ts: the order confirmation's
 * returns link), so whoever was sent the order's link can fetch its documents. The PDF answers
 * as a download; `format=xrechnung` the business customer's XRechnung (CII XML). Everything that
 * is not exactly a document of that order for that customer or signature (another customer's
 * order, an unknown or another order's document, a forged or missing signature, XRechnung of a
 * private customer's document) is the same 404; without a session the customer route is 401.
 */
import { DOCUMENT_NUMBER, isBusinessBuyer } from "@domain/invoicing";
import { parseJsonOr } from "@worker/lib/json";
import type { ShopContext } from "../core/context";
import { requireCustomer } from "../core/customer-session";
import { notFound } from "../core/envelope";
import { documentPdf, documentXRechnung } from "../core/invoices/issue";
import { isReturnsLinkSignature, LINK_SIGNATURE, linkSecret } from "../core/returns-link";
import type { Params } from "../core/route";
import { attachmentDisposition } from "../core/uploads/file-name";
import { DOWNLOAD_HEADERS } from "../core/uploads/handlers";
import { selectInvoiceByNumber, type InvoiceRow } from "../tables/invoices";
import { selectOrderByNumber, type OrderRow } from "../tables/orders";

const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;

function decoded(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    return "";
  }
}

/** The order and its document the path names, or 404. */
async function documentOfOrder(ctx: ShopContext, params: Params): Promise<{ order: OrderRow; document: InvoiceRow }> {
  const number = decoded(params.number);
  const documentNumber = decoded(params.document);
  if (!ORDER_NUMBER.test(number) || !DOCUMENT_NUMBER.test(documentNumber)) throw notFound();
  const [orders, documents] = await ctx.db.batch([
    selectOrderByNumber(ctx.shop.id, number).prepare(ctx.db),
    selectInvoiceByNumber(ctx.shop.id, documentNumber).prepare(ctx.db),
  ]);
  const order = orders!.results[0] as OrderRow | undefined;
  const document = documents!.results[0] as InvoiceRow | undefined;
  if (!order || !document || document.order_id !== order.id) throw notFound();
  return { order, document };
}

/** The document in the asked format, or 404. */
async function download(ctx: ShopContext, order: OrderRow, document: InvoiceRow): Promise<Response> {
  const format = ctx.url.searchParams.get("format") ?? "pdf";
  if (format === "xrechnung") {
    const xml = isBusinessBuyer(parseJsonOr(order.billing_address, {})) ? await documentXRechnung(ctx, document) : null;
    if (!xml) throw notFound();
    return new Response(xml, {
      headers: {
        ...DOWNLOAD_HEADERS,
        "content-type": "application/xml; charset=utf-8",
        "content-disposition": attachmentDisposition(`${document.number}.xml`),
      },
    });
  }
  const pdf = format === "pdf" ? await documentPdf(ctx, document) : null;
  if (!pdf) throw notFound();
  return new Response(pdf.slice(), {
    headers: {
      ...DOWNLOAD_HEADERS,
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      "content-disposition": attachmentDisposition(`${document.number}.pdf`),
    },
  });
}

/** GET /apiv2/customer/orders/{number}/documents/{document} */
export async function customerDocument(ctx: ShopContext, params: Params): Promise<Response> {
  const { customer } = await requireCustomer(ctx);
  const { order, document } = await documentOfOrder(ctx, params);
  if (order.customer_id !== customer.id) throw notFound();
  return download(ctx, order, document);
}

/** GET /apiv2/orders/{number}/documents/{document}?sig=SIG */
export async function signedDocument(ctx: ShopContext, params: Params): Promise<Response> {
  const sig = ctx.url.searchParams.get("sig") ?? "";
  const secret = linkSecret(ctx.env.RMA_LINK_SECRET);
  if (!secret || !LINK_SIGNATURE.test(sig)) throw notFound();
  const { order, document } = await documentOfOrder(ctx, params);
  if (!(await isReturnsLinkSignature(secret, ctx.shop.id, order.order_number, order.email, sig))) throw notFound();
  return download(ctx, order, document);
}
