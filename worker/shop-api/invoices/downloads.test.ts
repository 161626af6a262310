/**
 * Downloads of an order's invoice (invoices/downloads.ts) through the real route table and a real
 * local D1: orders paid on invoice get theirs when the ERP ships them; the signed-in customer
 * downloads the PDF (and a business customer's XRechnung) from the order view's links; the
 * order's signed link downloads it too; another customer's order, another order's document, a
 * forged signature and a private customer's XRechnung are the same 404.
 */
import { readPdf } from "@tests/kit/pdf-reading";
import { pdfaProblems } from "@tests/kit/pdfa";
import { ciiProblems } from "@tests/kit/e-invoice";
import {
  ADDRESS,
  createReturnsHarness,
  daysBefore,
  json,
  LINK_SECRET,
  placeOrder,
  signUp,
  type PlacedOrder,
  type ReturnsHarness,
  type TestCustomer,
} from "@tests/kit/returns";
import { signedDocumentPath } from "@domain/invoicing";
import { returnsLinkSignature } from "../core/returns-link";

let h: ReturnsHarness;
let erika: TestCustomer;
let jan: TestCustomer;
let erikasOrder: PlacedOrder;
let jansOrder: PlacedOrder;
let unshipped: PlacedOrder;

const BUSINESS = { ...ADDRESS, firstname: "Jan", lastname: "Bauer", companyName: "Bauer Bodenbeläge GmbH", vatId: "DE987654321" };

beforeAll(async () => {
  h = await createReturnsHarness();
  erikasOrder = await placeOrder(h, { lines: [["FLOOR-1", 2]], email: "erika.muster@example.com", deliveries: [{ line: 1, quantity: 2, at: daysBefore(3) }] });
  unshipped = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "erika.muster@example.com" });
  jansOrder = await placeOrder(h, {
    lines: [["NOEXP-1", 3]],
    email: "jan@bauer.example",
    billingAddress: BUSINESS,
    deliveries: [{ line: 1, quantity: 3, at: daysBefore(2) }],
  });
  erika = await signUp(h, "erika.muster@example.com");
  jan = await signUp(h, "jan@bauer.example");
});
afterAll(() => h.dispose());

type Documents = { number: string; kind: string; pdfUrl: string; xrechnungUrl: string | null; grossTotal: { amount: number } }[];
const documentsOf = async (customer: TestCustomer, order: PlacedOrder): Promise<Documents> =>
  (await json(await h.fetch("GET", `/apiv2/customer/orders/${order.number}`, { headers: customer.headers }))).data.order.documents as Documents;

test("the customer's order lists its invoice once it shipped; its link downloads the PDF", async () => {
  expect(await documentsOf(erika, unshipped)).toEqual([]);
  const [invoice, ...more] = await documentsOf(erika, erikasOrder);
  expect(more).toEqual([]);
  expect(invoice).toMatchObject({ kind: "invoice", number: expect.stringMatching(/^RE-DE-2026-\d{6}$/), xrechnungUrl: null });
  const response = await h.fetch("GET", invoice!.pdfUrl, { headers: erika.headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toContain(`${invoice!.number}.pdf`);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
  expect(pdf.texts).toContain(`Rechnung ${invoice!.number}`);
  expect(pdf.texts).toContain(erikasOrder.number);
  // A private customer's document has no XRechnung.
  expect((await h.fetch("GET", `${invoice!.pdfUrl}?format=xrechnung`, { headers: erika.headers })).status).toBe(404);
});

test("a business customer also downloads the XRechnung, which the validator accepts; the PDF carries the Factur-X XML and keeps PDF/A-3's structure", async () => {
  const [invoice] = await documentsOf(jan, jansOrder);
  expect(invoice!.xrechnungUrl).toBe(`/apiv2/customer/orders/${jansOrder.number}/documents/${invoice!.number}?format=xrechnung`);
  const xml = await h.fetch("GET", invoice!.xrechnungUrl!, { headers: jan.headers });
  expect(xml.status).toBe(200);
  expect(xml.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const text = await xml.text();
  expect(text).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
  expect(await ciiProblems(text)).toEqual([]);
  const bytes = new Uint8Array(await (await h.fetch("GET", invoice!.pdfUrl, { headers: jan.headers })).arrayBuffer());
  expect(await pdfaProblems(bytes)).toEqual([]);
  const pdf = await readPdf(bytes);
  expect(await ciiProblems(pdf.attachments["factur-x.xml"]!)).toEqual([]);
});

test("another customer's order, another order's document, unknown and malformed numbers: 404; without a session 401", async () => {
  const [erikas] = await documentsOf(erika, erikasOrder);
  const [jans] = await documentsOf(jan, jansOrder);
  const paths = [
    `/apiv2/customer/orders/${jansOrder.number}/documents/${jans!.number}`,
    `/apiv2/customer/orders/${erikasOrder.number}/documents/${jans!.number}`,
    `/apiv2/customer/orders/${unshipped.number}/documents/${erikas!.number}`,
    `/apiv2/customer/orders/${erikasOrder.number}/documents/RE-DE-2026-999999`,
    `/apiv2/customer/orders/${erikasOrder.number}/documents/..%2F..%2Fadmin`,
    `/apiv2/customer/orders/${erikasOrder.number}/documents/${erikas!.number}?format=docx`,
  ];
  for (const path of paths) expect({ path, status: (await h.fetch("GET", path, { headers: erika.headers })).status }).toEqual({ path, status: 404 });
  expect((await h.fetch("GET", erikas!.pdfUrl)).status).toBe(401);
});

test("the order's signed link downloads its documents; a forged, another order's or a missing signature is 404", async () => {
  const [invoice] = await documentsOf(erika, erikasOrder);
  const sig = await returnsLinkSignature(LINK_SECRET, "DE", erikasOrder.number, erikasOrder.email);
  const ok = await h.fetch("GET", signedDocumentPath(erikasOrder.number, invoice!.number, sig));
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toBe("application/pdf");
  const jansSig = await returnsLinkSignature(LINK_SECRET, "DE", jansOrder.number, jansOrder.email);
  const forged = sig.slice(0, -2) + (sig.endsWith("AA") ? "AB" : "AA");
  const refused = [
    signedDocumentPath(erikasOrder.number, invoice!.number, forged),
    signedDocumentPath(erikasOrder.number, invoice!.number, jansSig),
    signedDocumentPath(jansOrder.number, invoice!.number, jansSig),
    `/apiv2/orders/${erikasOrder.number}/documents/${invoice!.number}`,
    signedDocumentPath(erikasOrder.number, invoice!.number, sig, "xrechnung"),
  ];
  for (const path of refused) expect({ path, status: (await h.fetch("GET", path)).status }).toEqual({ path, status: 404 });
  // Another shop does not know the order.
  expect((await h.fetch("GET", signedDocumentPath(erikasOrder.number, invoice!.number, sig), { shop: "AT" })).status).toBe(404);
});
