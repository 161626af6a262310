/**
 * Issuing invoices and credit notes (issue.ts) against a real local D1, through the real
 * payment path (the local Stripe stand-in) and the back office's cancellation: numbers are
 * gapless per shop, year (in the shop's time zone) and series, also when two issue at once or
 * a batch fails; a card payment recorded paid gets the invoice with its PDF in R2 and its mail,
 * which the sender sends with the PDF attached; an offline order waits for its moment; a refund
 * the ledger records as succeeded gets its credit note.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import { shopDb } from "@tests/kit/d1";
import { startJsonStandIn, type JsonStandIn } from "@tests/kit/json-stand-in";
import { mailsAfter } from "@tests/kit/outbox";
import { readPdf } from "@tests/kit/pdf-reading";
import { staffCaller, staffLogins } from "@tests/kit/staff-session";
import { type TestStripeStandIn, useStripeStandIn } from "@tests/kit/stripe-stand-in";
import { documentNumber } from "@domain/invoicing";
import { sql } from "@worker/lib/sql";
import { insertInvoice, notIssued, takeNumber, type InvoiceRow, type NewInvoice } from "../../tables/invoices";
import { drainOutbox } from "../mail/sender";
import { mailTransportFromEnv } from "../mail/transport-config";
import { issueCreditNote, issueInvoice, MISSING_PDF_AFTER_MS, storeMissingPdfs } from "./issue";

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
let h: Harness;
let stripe: TestStripeStandIn;
useStripeStandIn(createHarness, (setup) => ({ h, stripe } = setup));

/** Places an order of FLOOR-1 in the shop with the method; paid at the stand-in when it is online. */
async function placed(method: string, options: { shop?: string; quantity?: number; pay?: boolean } = {}): Promise<{ id: string; number: string }> {
  const shop = options.shop ?? "DE";
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: options.quantity ?? 2 }, shop });
  const billing = shop === "CH" ? { ...ADDRESS, postcode: "8001", city: "Zürich", countryCode: "ch" } : ADDRESS;
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: billing, deliveryMode: "standard", paymentMethod: method, acceptTerms: true },
    token: added.token,
    shop,
  });
  expect(order.body.errors).toEqual([]);
  const url = order.body.data.payment?.redirectUrl as string | undefined;
  if (url && options.pay !== false) await stripe.choose(url.split("/").pop()!, "succeed");
  const number = order.body.data.orderNumber as string;
  const row = (await shopDb(h.env, shop).prepare("SELECT id FROM orders WHERE order_number = ?").bind(number).first<{ id: string }>())!;
  return { id: row.id, number };
}

const documentsOf = async (orderId: string) =>
  (await h.db.prepare("SELECT * FROM invoices WHERE order_id = ? ORDER BY number").bind(orderId).all<InvoiceRow>()).results;
const counter = async (shop: string, year: number, kind = "invoice") =>
  (
    await h.db
      .prepare("SELECT last_number FROM invoice_counters WHERE shop_id = ? AND year = ? AND kind = ?")
      .bind(shop, year, kind)
      .first<{ last_number: number }>()
  )?.last_number ?? 0;
const ctx = (now = new Date("2026-11-18T08:00:00Z"), shop = "DE") => ({ db: shopDb(h.env, shop), env: h.env, now });

test("a card payment recorded paid gets the invoice: its number, PDF in R2 and mail, which goes out with the PDF attached", async () => {
  const order = await placed("card");
  const [invoice, ...others] = await documentsOf(order.id);
  expect(others).toEqual([]);
  expect(invoice).toMatchObject({ kind: "invoice", shop_id: "DE", year: 2026, reverse_charge: 0, currency: "EUR", refund_ref: null });
  expect(invoice!.number).toBe(documentNumber("invoice", "DE", 2026, invoice!.sequence));
  const total = (await h.db.prepare("SELECT grand_total FROM orders WHERE id = ?").bind(order.id).first<{ grand_total: number }>())!.grand_total;
  expect(invoice!.gross_total).toBe(total);
  expect(invoice!.net_total + invoice!.tax_total).toBe(total);
  const stored = await h.env.UPLOADS.get(invoice!.r2_key!);
  expect(stored?.httpMetadata?.contentType).toBe("application/pdf");
  const pdf = await readPdf(new Uint8Array(await stored!.arrayBuffer()));
  expect(pdf.texts).toContain(`Rechnung ${invoice!.number}`);

  const mails = (await mailsAfter(h.db)).filter((mail) => mail.template === "invoice-issued");
  expect(mails.map((mail) => mail.params)).toEqual([
    { kind: "invoice", number: invoice!.number, orderNumber: order.number, name: "Erika Muster", pdfKey: invoice!.r2_key },
  ]);

  const sent: { subject: string; attachments?: { filename: string; content: string; content_type: string }[] }[] = [];
  const provider: JsonStandIn = await startJsonStandIn((_incoming, raw) => {
    sent.push(JSON.parse(raw) as (typeof sent)[number]);
    return { body: { id: "mail" } };
  });
  try {
    const mailEnv = {
      ...h.env,
      ENVIRONMENT_NAME: "development" as const,
      MAIL_TRANSPORT: "http",
      MAIL_API_URL: `${provider.origin}/emails`,
      MAIL_API_KEY: "key",
    };
    await drainOutbox(mailEnv, new Date("2026-11-18T08:00:00Z"), mailTransportFromEnv(mailEnv), { limit: 100 });
  } finally {
    await provider.close();
  }
  const invoiceMail = sent.find((mail) => mail.subject === `Ihre Rechnung ${invoice!.number}`);
  expect(invoiceMail?.attachments?.map((file) => [file.filename, file.content_type])).toEqual([[`${invoice!.number}.pdf`, "application/pdf"]]);
  expect(
    Buffer.from(invoiceMail!.attachments![0]!.content, "base64").equals(Buffer.from(await (await h.env.UPLOADS.get(invoice!.r2_key!))!.arrayBuffer())),
  ).toBe(true);
});

test("an unpaid card order, and an order on invoice before it ships, get no invoice; the rule's moment alone issues it", async () => {
  const unpaid = await placed("card", { pay: false });
  expect(await documentsOf(unpaid.id)).toEqual([]);
  const onInvoice = await placed("invoice");
  expect(await documentsOf(onInvoice.id)).toEqual([]);
  expect(await issueInvoice(ctx(), onInvoice.id, "paid")).toBeNull();
  expect(await issueInvoice(ctx(), onInvoice.id, "confirmed")).toBeNull();
  expect(await issueInvoice(ctx(), onInvoice.id, "shipped")).toMatchObject({ kind: "invoice" });
  const prepaid = await placed("prepayment");
  expect(await issueInvoice(ctx(), prepaid.id, "paid")).toBeNull();
  expect(await issueInvoice(ctx(), prepaid.id, "confirmed")).toMatchObject({ kind: "invoice" });
});

test("numbers are gapless per shop and year: two orders at once take two numbers, one order twice at once takes one", async () => {
  const year = 2026;
  const before = await counter("DE", year);
  const [a, b] = [await placed("invoice"), await placed("invoice")];
  const issued = await Promise.all([issueInvoice(ctx(), a.id, "shipped"), issueInvoice(ctx(), b.id, "shipped"), issueInvoice(ctx(), a.id, "shipped")]);
  expect(issued[0]!.id).toBe(issued[2]!.id);
  expect([issued[0]!.sequence, issued[1]!.sequence].sort()).toEqual([before + 1, before + 2]);
  expect(await counter("DE", year)).toBe(before + 2);
  expect((await documentsOf(a.id)).length).toBe(1);
  const sequences = (
    await h.db.prepare("SELECT sequence FROM invoices WHERE shop_id = 'DE' AND year = 2026 AND kind = 'invoice' ORDER BY sequence").all<{ sequence: number }>()
  ).results;
  expect(sequences.map((row) => row.sequence)).toEqual(sequences.map((_, index) => index + 1));
  // Another shop counts on its own.
  const ch = await placed("invoice", { shop: "CH" });
  expect((await issueInvoice(ctx(undefined, "CH"), ch.id, "shipped"))!.number).toBe("RE-CH-2026-000001");
});

test("a batch that fails takes no number: the next document gets the one it would have had", async () => {
  const order = await placed("invoice");
  const before = await counter("DE", 2026);
  const broken: NewInvoice = {
    id: crypto.randomUUID(),
    shop_id: "DE",
    year: 2026,
    kind: "invoice",
    order_id: order.id,
    refund_provider: null,
    refund_ref: "not-for-an-invoice",
    language: "de",
    currency: "EUR",
    net_total: 1,
    tax_total: 0,
    gross_total: 1,
    reverse_charge: 0,
    issued_at: "2026-11-18T08:00:00.000Z",
  };
  const holds = notIssued(broken);
  await expect(
    h.db.batch([takeNumber("DE", 2026, "invoice", holds), insertInvoice(broken, holds)].map((statement) => statement.prepare(h.db))),
  ).rejects.toThrow();
  expect(await counter("DE", 2026)).toBe(before);
  expect((await issueInvoice(ctx(), order.id, "shipped"))!.sequence).toBe(before + 1);
});

test("the year changes at midnight in the shop's time zone, and each year counts from 1", async () => {
  const late = await placed("invoice");
  const early = await placed("invoice");
  const lastOf2026 = await issueInvoice(ctx(new Date("2026-12-31T22:59:59Z")), late.id, "shipped");
  expect(lastOf2026!.number).toMatch(/^RE-DE-2026-/);
  const firstOf2027 = await issueInvoice(ctx(new Date("2026-12-31T23:00:00Z")), early.id, "shipped");
  expect(firstOf2027!.number).toBe("RE-DE-2027-000001");
});

test("a refund the ledger records as succeeded gets its credit note, once, in its own series, referring to the invoice", async () => {
  const order = await placed("card", { quantity: 3 });
  const [invoice] = await documentsOf(order.id);
  const tokens = await staffLogins(h.env, h.db, () => new Date());
  const call = staffCaller(h.env, () => new Date());
  const version = (await h.db.prepare("SELECT version FROM orders WHERE id = ?").bind(order.id).first<{ version: number }>())!.version;
  const cancelled = await call("POST", `/admin/api/orders/${order.number}/cancel`, { token: tokens.service, body: { version } });
  expect(cancelled.status).toBe(200);
  const refund = (await sql`SELECT * FROM payment_ledger WHERE order_id = ${order.id} AND kind = 'refund'`.prepare(h.db).first<{
    provider: string;
    provider_ref: string;
    amount: number;
    state: string;
  }>())!;
  expect(refund.state).toBe("succeeded");
  const notes = (await documentsOf(order.id)).filter((document) => document.kind === "credit_note");
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({ number: expect.stringMatching(/^GS-DE-2026-\d{6}$/), gross_total: refund.amount, refund_ref: refund.provider_ref });
  expect(notes[0]!.gross_total).toBe(invoice!.gross_total);
  const pdf = await readPdf(new Uint8Array(await (await h.env.UPLOADS.get(notes[0]!.r2_key!))!.arrayBuffer()));
  expect(pdf.texts).toEqual(expect.arrayContaining([`Gutschrift ${notes[0]!.number}`, invoice!.number, `Erstattung zur Bestellung ${order.number}`]));
  const mails = (await mailsAfter(h.db)).filter((mail) => mail.template === "invoice-issued" && mail.params.number === notes[0]!.number);
  expect(mails).toHaveLength(1);
  // The same refund again (a repeated report) issues nothing new.
  expect((await issueCreditNote(ctx(), order.id, { provider: refund.provider, ref: refund.provider_ref, amount: refund.amount }))!.id).toBe(notes[0]!.id);
  expect((await documentsOf(order.id)).filter((document) => document.kind === "credit_note")).toHaveLength(1);
});

test("a document whose issuing stopped before its PDF was stored gets it from the cron, not while its request may still render it", async () => {
  const order = await placed("invoice");
  const invoice = (await issueInvoice(ctx(), order.id, "shipped"))!;
  await h.env.UPLOADS.delete(invoice.r2_key!);
  await h.db.prepare("UPDATE invoices SET r2_key = NULL WHERE id = ?").bind(invoice.id).run();
  const issuedAt = Date.parse(invoice.issued_at);
  expect(await storeMissingPdfs(ctx(new Date(issuedAt + MISSING_PDF_AFTER_MS - 1)))).toBe(0);
  expect(await storeMissingPdfs(ctx(new Date(issuedAt + MISSING_PDF_AFTER_MS + 1)))).toBe(1);
  const [stored] = await documentsOf(order.id);
  expect(stored!.r2_key).toBe(invoice.r2_key);
  const pdf = await readPdf(new Uint8Array(await (await h.env.UPLOADS.get(stored!.r2_key!))!.arrayBuffer()));
  expect(pdf.texts).toContain(`Rechnung ${invoice.number}`);
  expect(await storeMissingPdfs(ctx(new Date(issuedAt + 10 * MISSING_PDF_AFTER_MS)))).toBe(0);
});
