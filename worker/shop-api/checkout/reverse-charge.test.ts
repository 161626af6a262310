/**
 * The reverse charge at the checkout (domain/invoicing.ts isReverseCharge; docs/decisions/0075)
 * through the real route table, a real local D1 and the local Stripe stand-in: an EU business
 * customer with a VAT ID of another member state than the seller's, delivered there, is quoted,
 * charged and invoiced the same net total with VAT 0; everyone else pays with VAT. The DE shop
 * delivers to the Netherlands and Belgium (not to France), so its foreign business customers here are Dutch and Belgian.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { useStripeStandIn, type TestStripeStandIn } from "@tests/kit/stripe-stand-in";

let h: Harness;
let stripe: TestStripeStandIn;
useStripeStandIn(createHarness, (setup) => ({ h, stripe } = setup));

const SKU = "FLOOR-1";
const PRIVATE_NL = { firstname: "Anna", lastname: "de Vries", street: "Keizersgracht 12", postcode: "1015 CS", city: "Amsterdam", countryCode: "nl" };
const BUSINESS_NL = { ...PRIVATE_NL, companyName: "Vloeren de Vries B.V.", vatId: "nl 123456789 b01" };
const GERMAN = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

interface Placed {
  status: number;
  errors: { field?: string; code?: string }[];
  order: { id: string; order_number: string; grand_total: number; tax_total: number; goods_total: number; shipping_total: number; reverse_charge: number };
  sessionId: string | null;
}

async function place(billingAddress: Record<string, unknown>, shippingAddress?: Record<string, unknown>): Promise<Placed> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: SKU, quantity: 3 } });
  expect(added.status).toBe(200);
  const answer = await h.call("POST", "/apiv2/checkout/order", {
    body: {
      email: "einkauf@example.com",
      billingAddress,
      ...(shippingAddress ? { shippingAddress } : {}),
      deliveryMode: "standard",
      paymentMethod: "card",
      acceptTerms: true,
    },
    token: added.token!,
  });
  const number = answer.status === 200 ? (answer.body.data.orderNumber as string) : "";
  const order = await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(number).first<Placed["order"]>();
  const url = answer.status === 200 ? (answer.body.data.payment.redirectUrl as string) : null;
  return { status: answer.status, errors: answer.body.errors ?? [], order: order!, sessionId: url ? url.split("/").pop()! : null };
}

async function paidInvoice(placed: Placed) {
  await stripe.choose(placed.sessionId!, "succeed");
  return h.db
    .prepare("SELECT net_total, tax_total, gross_total, reverse_charge FROM invoices WHERE order_id = ? AND kind = 'invoice'")
    .bind(placed.order.id)
    .first<{ net_total: number; tax_total: number; gross_total: number; reverse_charge: number }>();
}

test("a Dutch business with its Dutch VAT ID, delivered to the Netherlands: quoted, charged and invoiced net, VAT 0 with the note; one rule", async () => {
  const privately = await place(PRIVATE_NL);
  const grossInvoice = await paidInvoice(privately);
  expect(privately.order).toMatchObject({ reverse_charge: 0 });
  expect(privately.order.tax_total).toBeGreaterThan(0);

  // The checkout's quote with the billing country and VAT ID is what the order is placed at.
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: SKU, quantity: 3 } });
  const quote = await h.call("GET", "/apiv2/checkout/quote?country=nl&payment=card&billingCountry=nl&vatId=NL123456789B01", { token: added.token! });
  const grossQuote = await h.call("GET", "/apiv2/checkout/quote?country=nl&payment=card", { token: added.token! });
  expect(grossQuote.body.data.expectedTotal).toBe(privately.order.grand_total);
  expect(quote.body.data.totals.taxLabel).toBe("Steuerschuldnerschaft des Leistungsempfängers");
  expect(quote.body.data.totals.tax.amount).toBe(0);
  const answer = await h.call("POST", "/apiv2/checkout/order", {
    body: {
      email: "einkauf@example.com",
      billingAddress: BUSINESS_NL,
      deliveryMode: "standard",
      paymentMethod: "card",
      acceptTerms: true,
      expectedTotal: quote.body.data.expectedTotal,
    },
    token: added.token!,
  });
  expect(answer.status).toBe(200);
  expect(answer.body.data.totals).toMatchObject({ tax: { amount: { amount: 0 }, label: "Steuerschuldnerschaft des Leistungsempfängers" } });
  const business = await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(answer.body.data.orderNumber).first<Placed["order"]>();
  // The net is the one the private order's invoice states for the same goods and shipping.
  expect(business).toMatchObject({ reverse_charge: 1, tax_total: 0, grand_total: grossInvoice!.net_total });
  expect(business!.goods_total + business!.shipping_total).toBe(business!.grand_total);
  const sessionId = (answer.body.data.payment.redirectUrl as string).split("/").pop()!;
  expect(stripe.sessions.get(sessionId)!.amount_total).toBe(business!.grand_total);
  const invoice = await paidInvoice({ ...privately, order: business!, sessionId });
  expect(invoice).toEqual({ net_total: business!.grand_total, tax_total: 0, gross_total: business!.grand_total, reverse_charge: 1 });
  const mail = await h.db
    .prepare("SELECT params FROM mail_outbox WHERE template = 'order-confirmation' AND params LIKE ?")
    .bind(`%${answer.body.data.orderNumber as string}%`)
    .first<{ params: string }>();
  expect(JSON.parse(mail!.params)).toMatchObject({ totals: { taxLabel: "Steuerschuldnerschaft des Leistungsempfängers" } });
});

test.each([
  ["without a VAT ID", { ...BUSINESS_NL, vatId: "" }, undefined],
  ["delivered to Germany, the seller's country", BUSINESS_NL, GERMAN],
  ["at home in Germany", { ...GERMAN, companyName: "Muster Bau GmbH", vatId: "DE123456789" }, undefined],
])("a business customer %s pays with VAT", async (_name, billing, shipping) => {
  const placed = await place(billing, shipping);
  expect(placed.status).toBe(200);
  expect(placed.order.reverse_charge).toBe(0);
  expect(placed.order.tax_total).toBeGreaterThan(0);
  expect(stripe.sessions.get(placed.sessionId!)!.amount_total).toBe(placed.order.grand_total);
  expect(await paidInvoice(placed)).toMatchObject({ reverse_charge: 0, gross_total: placed.order.grand_total });
});

test.each([
  ["too long", `NL${"1".repeat(60)}`],
  ["another country's prefix", "DE123456789"],
  ["Belgian format in the Netherlands", "BE0123456789"],
  ["injection", "NL123'; DROP TABLE orders;--"],
  ["markup", "<b>NL123456789B01</b>"],
])("a VAT ID %s is refused on its field, nothing placed", async (_name, vatId) => {
  const before = await h.db.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
  const placed = await place({ ...BUSINESS_NL, vatId });
  expect(placed.status).toBe(422);
  expect(placed.errors).toContainEqual(expect.objectContaining({ field: "billingAddress.vatId" }));
  expect(await h.db.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>()).toEqual(before);
});

test("the checkout page words the refusal in every shop language", () => {
  for (const language of ["de", "at", "en", "fr", "it", "nl"]) {
    const texts = JSON.parse(readFileSync(join(__dirname, "../../../locales", language, "checkout.json"), "utf8")) as {
      checkout: { errors: Record<string, string> };
    };
    expect([language, texts.checkout.errors.invalid_vat_id]).toEqual([language, expect.stringMatching(/\S{3}/)]);
  }
});

test("the quote refuses a malformed billing country or an oversized VAT ID with a message on its field, and changes nothing", async () => {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: SKU, quantity: 1 } });
  const before = await h.db.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
  for (const query of [`billingCountry=${encodeURIComponent("n<script>")}`, `billingCountry=nl&vatId=${"NL1".repeat(20)}`]) {
    const answer = await h.call("GET", `/apiv2/checkout/quote?country=nl&payment=card&${query}`, { token: added.token! });
    expect([query, answer.status]).toEqual([query, 422]);
    expect(answer.body.errors?.[0]?.message).toEqual(expect.stringMatching(/\S{3}/));
  }
  expect(await h.db.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>()).toEqual(before);
});
