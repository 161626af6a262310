/**
 * The local and branded payment methods through the local Stripe stand-in, the real route table
 * and a real local D1 (docs/decisions/0066, 0071): an NL shopper pays with iDEAL (in the browser
 * too: tests/e2e/payment-methods.spec.ts), a CH shopper with TWINT, a DE shopper
 * with Amazon Pay and with Klarna's instalment purchase; each opens the provider's page of that
 * method only, and the paid iDEAL order is refunded in part by staff through the provider.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import { shopDb } from "@tests/kit/d1";
import { staffCaller, staffLogins } from "@tests/kit/staff-session";
import { type TestStripeStandIn, useStripeStandIn } from "@tests/kit/stripe-stand-in";

let h: Harness;
let stripe: TestStripeStandIn;
useStripeStandIn(createHarness, (setup) => ({ h, stripe } = setup));
beforeAll(async () => {
  // The test catalogue sells in DE, CH and COM: the NL shop sells FLOOR-1 at its DE price here.
  await h.db.batch([
    h.db.prepare("INSERT INTO product_shops (sku, shop_id) VALUES ('FLOOR-1', 'NL')"),
    h.db.prepare(
      "INSERT INTO prices SELECT sku, 'NL', currency, package_price, unit_price, tax_rate, updated_at FROM prices WHERE sku = 'FLOOR-1' AND shop_id = 'DE'",
    ),
  ]);
});

const ADDRESSES: Record<string, Record<string, string>> = {
  NL: { firstname: "Sanne", lastname: "de Vries", street: "Damrak 1", postcode: "1012 LG", city: "Amsterdam", countryCode: "nl" },
  CH: { firstname: "Léa", lastname: "Rochat", street: "Rue du Rhône 5", postcode: "1204", city: "Genève", countryCode: "ch" },
  DE: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
};

/** Places an order of one package in `shop` paying with `method`; the session the stand-in opened. */
async function placed(shop: string, language: string, method: string) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, shop, language });
  expect(added.status).toBe(200);
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "kunde@example.com", billingAddress: ADDRESSES[shop], deliveryMode: "standard", paymentMethod: method, acceptTerms: true },
    token: added.token,
    shop,
    language,
  });
  expect(order.body.errors).toEqual([]);
  const sessionId = (order.body.data.payment.redirectUrl as string).split("/").pop()!;
  return { number: order.body.data.orderNumber as string, sessionId, session: stripe.sessions.get(sessionId)! };
}

/** The order's payment state, read in its shop's database (tests/kit/d1.ts shopDb). */
const paymentState = async (shop: string, number: string) =>
  (await shopDb(h.env, shop).prepare("SELECT payment_state FROM orders WHERE order_number = ?").bind(number).first<{ payment_state: string }>())!.payment_state;

test.each([
  ["NL", "nl", "instant_transfer", ["ideal"], "eur"],
  ["CH", "fr", "twint", ["twint"], "chf"],
  // Stripe's Amazon Pay takes CHF (docs/decisions/0066).
  ["CH", "de", "amazon_pay", ["amazon_pay"], "chf"],
  ["DE", "de", "amazon_pay", ["amazon_pay"], "eur"],
  ["DE", "de", "instalment", ["klarna"], "eur"],
])("%s (%s): %s opens the provider's page of %j only and is paid there", async (shop, language, method, types, currency) => {
  const { number, sessionId, session } = await placed(shop, language, method);
  expect(session.payment_method_types).toEqual(types);
  expect(session.currency).toBe(currency);
  expect(session.locale).toBe(language);
  await stripe.choose(sessionId, "succeed");
  expect(await paymentState(shop, number)).toBe("paid");
});

test("a paid iDEAL order is refunded in part by staff through the provider that took it", async () => {
  const { number, sessionId } = await placed("NL", "nl", "instant_transfer");
  await stripe.choose(sessionId, "succeed");
  const tokens = await staffLogins(h.env, h.db, () => new Date());
  const call = staffCaller(h.env, () => new Date());
  const detail = (await (await call("GET", `/admin/api/orders/${number}`, { token: tokens.service })).json()) as { data: { version: number } };
  const answer = await call("POST", `/admin/api/orders/${number}/refund`, {
    token: tokens.service,
    body: { version: detail.data.version, amount: 1000, reason: "Beschadigde plank" },
  });
  expect(answer.status).toBe(200);
  const refunds = [...stripe.refunds.values()].filter((refund) => refund.payment_intent === stripe.sessions.get(sessionId)!.payment_intent);
  expect(refunds.map((refund) => [refund.amount, refund.currency])).toEqual([[1000, "eur"]]);
});
