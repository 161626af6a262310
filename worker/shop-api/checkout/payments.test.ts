/**
 * Online payments (checkout/payments.ts, core/payments) against a real local D1 through the
 * shop API's route table, with a provider test double (tests/kit/payment-provider-double.ts)
 * registered here only. The demo config gives no shop a provider; DE and CH get one here.
 */
import { shopDb } from "@tests/kit/d1";
import type { D1Database } from "@cloudflare/workers-types";
import { shopApiCaller } from "@tests/kit/shop-api";
import { DOUBLE_PROVIDER, registerPaymentDouble, type PaymentDouble } from "@tests/kit/payment-provider-double";
import type { ShopApiEnv } from "@worker/env";
import { SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "@worker/lib/shop-headers";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { composeMail } from "../core/mail/templates";
import { isPaymentMethodOffered, offeredPaymentMethods } from "../core/payments/registry";
import { shopById, type Shop } from "../core/shop";
import { PAYMENT_OPENING_MS } from "./payments";

const SECRET_NAME = "DOUBLE_SIGNING_SECRET";
/** The harness's clock: the tests that move it put it back. */
const NOW = "2026-11-18T08:00:00Z";
const SECRET = "whsec_double_0123456789abcdef0123456789";
const DE = shopById("DE")!;
const CH = shopById("CH")!;
const saved = new Map<Shop, Pick<Shop, "paymentMethods" | "paymentProviders">>();
const provider = { provider: DOUBLE_PROVIDER, methods: ["paypal" as const], secrets: { signingSecret: SECRET_NAME } };

let h: Harness;
let double: PaymentDouble;
beforeAll(async () => {
  h = await createHarness(NOW);
  double = registerPaymentDouble(SECRET);
  for (const shop of [DE, CH]) {
    saved.set(shop, { paymentMethods: shop.paymentMethods, paymentProviders: shop.paymentProviders });
    shop.paymentMethods = ["paypal", "card", "prepayment", "invoice", "cash_on_delivery"];
    shop.paymentProviders = [provider];
  }
  (h.env as unknown as Record<string, string>)[SECRET_NAME] = SECRET;
});
afterAll(async () => {
  for (const [shop, values] of saved) Object.assign(shop, values);
  double.dispose();
  await h.dispose();
});
beforeEach(() => {
  double.started.length = 0;
});

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const CALLBACK = `/apiv2/checkout/payment/${DOUBLE_PROVIDER}/callback`;

async function cart(shop = "DE", language?: string): Promise<string> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, shop, language });
  expect(added.status).toBe(200);
  return added.token!;
}

async function placeOnline(options: { shop?: string; language?: string; method?: string; headers?: Record<string, string>; token?: string } = {}) {
  const shop = options.shop ?? "DE";
  const token = options.token ?? (await cart(shop, options.language));
  const billingAddress = shop === "CH" ? { ...ADDRESS, postcode: "1204", city: "Genève", countryCode: "ch" } : ADDRESS;
  const placed = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress, deliveryMode: "standard", paymentMethod: options.method ?? "paypal", acceptTerms: true },
    token,
    shop,
    language: options.language,
    headers: options.headers,
  });
  return { ...placed, visitor: token };
}

interface PaymentRow {
  payment_state: string | null;
  payment_provider: string | null;
  payment_reference: string | null;
  grand_total: number;
  currency: string;
}
const paymentOf = async (number: string) =>
  (await h.db
    .prepare("SELECT payment_state, payment_provider, payment_reference, grand_total, currency FROM orders WHERE order_number = ?")
    .bind(number)
    .first<PaymentRow>())!;

async function counts(db: D1Database) {
  const n = async (table: string) => (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return { orders: await n("orders"), events: await n("order_payment_events"), mails: await n("mail_outbox") };
}

async function callback(outcome: Record<string, unknown>, options: { shop?: string; secret?: string; signature?: string | null; path?: string } = {}) {
  const request = double.callback(options.path ?? CALLBACK, outcome, options);
  const response = await h.call("POST", options.path ?? CALLBACK, {
    raw: await request.text(),
    shop: options.shop,
    headers: Object.fromEntries(request.headers),
  });
  return response;
}

describe("which methods are offered", () => {
  test("online methods only with a usable provider; offline ones always", () => {
    expect(offeredPaymentMethods(DE, h.env)).toEqual([
      { code: "paypal", kind: "online" },
      { code: "prepayment", kind: "offline" },
      { code: "invoice", kind: "offline" },
      { code: "cash_on_delivery", kind: "offline" },
    ]);
    expect(isPaymentMethodOffered(DE, h.env, "card")).toBe(false);
    // without the provider's secret, or without its adapter, no online method
    expect(offeredPaymentMethods(DE, { ...h.env, [SECRET_NAME]: undefined } as unknown as ShopApiEnv).map((m) => m.code)).not.toContain("paypal");
    const unknownAdapter = { ...DE, paymentProviders: [{ ...provider, provider: "not-registered" }] };
    expect(isPaymentMethodOffered(unknownAdapter, h.env, "paypal")).toBe(false);
    // a shop of the demo as configured: offline methods only
    expect(offeredPaymentMethods(shopById("AT")!, h.env).every((method) => method.kind === "offline")).toBe(true);
  });

  test("a method without a provider is refused when placing the order, nothing written", async () => {
    const token = await cart();
    const before = await counts(h.db);
    const { status, body } = await placeOnline({ method: "card", token });
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({ field: "paymentMethod", code: "payment_method_unavailable" });
    expect(await counts(h.db)).toEqual(before);
    expect(double.started).toEqual([]);
  });
});

describe("placing an order with an online method", () => {
  test("a repeat of the keyed order call (a double click, a lost answer) answers the same, with the same payment page, and opens no second payment", async () => {
    const token = await cart();
    const headers = { "idempotency-key": "online-order-repeat" };
    const first = await placeOnline({ token, headers });
    expect(first.status).toBe(200);
    const repeat = await placeOnline({ token, headers });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(first.body.data.payment.redirectUrl).toMatch(/^https:\/\/pay\.double\.example\/checkout\/pay_\d+$/);
    expect(double.started).toHaveLength(1);
  });

  test("a repeat while the first run still opens the payment waits (409 idempotency_in_progress), then gets the same page", async () => {
    const token = await cart();
    const headers = { "idempotency-key": "online-order-opening" };
    let release!: () => void;
    double.nextStart = { held: new Promise<void>((resolve) => (release = resolve)) };
    const first = placeOnline({ token, headers });
    while (double.started.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const waiting = await placeOnline({ token, headers });
    expect({ status: waiting.status, code: waiting.body.errors[0]?.code }).toEqual({ status: 409, code: "idempotency_in_progress" });
    release();
    const placed = await first;
    expect(placed.body.data.payment.redirectUrl).toMatch(/^https:\/\/pay\.double\.example\/checkout\/pay_\d+$/);
    const repeat = await placeOnline({ token, headers });
    expect(repeat.body).toEqual(placed.body);
    expect(double.started).toHaveLength(1);
  });

  test("a repeat after a start that failed: 409 while the start could still be running, then the order as it stands, without a page", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const token = await cart();
    const headers = { "idempotency-key": "online-order-failed-start" };
    try {
      double.nextStart = "throw";
      const first = await placeOnline({ token, headers });
      expect(first.body.data.payment).toEqual({ state: "pending", redirectUrl: null });
      const soon = await placeOnline({ token, headers });
      expect({ status: soon.status, code: soon.body.errors[0]?.code }).toEqual({ status: 409, code: "idempotency_in_progress" });
      h.setNow(new Date(Date.parse(NOW) + PAYMENT_OPENING_MS).toISOString());
      const later = await placeOnline({ token, headers });
      expect({ status: later.status, body: later.body }).toEqual({ status: 200, body: first.body });
      expect(double.started).toHaveLength(1);
    } finally {
      h.setNow(NOW);
      warn.mockRestore();
    }
  });

  test("the order is placed pending, the provider opens the payment for the grand total, the answer leads to it", async () => {
    const { status, body } = await placeOnline();
    expect(status).toBe(200);
    const number = body.data.orderNumber as string;
    expect(body.data.payment).toEqual({ state: "pending", redirectUrl: expect.stringMatching(/^https:\/\/pay\.double\.example\/checkout\/pay_\d+$/) });
    expect(body.data.paymentState).toBe("pending");
    expect(body.data.paymentInstructions).toBeNull();
    const row = await paymentOf(number);
    expect(row).toMatchObject({ payment_state: "pending", payment_provider: DOUBLE_PROVIDER, payment_reference: expect.stringMatching(/^pay_\d+$/) });
    expect(double.started).toEqual([
      {
        shopId: "DE",
        orderNumber: number,
        method: "paypal",
        amount: row.grand_total,
        currency: "EUR",
        email: "erika@example.com",
        language: "de",
        attempt: 1,
        description: `Bodenhaus Deutschland ${number}`,
        returnUrl: `https://www.bodenhaus.example/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return?order=${number}`,
        callbackUrl: `https://www.bodenhaus.example/apiv2/checkout/payment/${DOUBLE_PROVIDER}/callback`,
      },
    ]);
    // no prepayment discount online: goods + shipping
    expect(row.grand_total).toBe(2 * 2995 + 595);
    // the confirmation mail names the method and the total
    const mail = await h.db.prepare("SELECT * FROM mail_outbox WHERE params LIKE ?").bind(`%${number}%`).first<{ params: string }>();
    const composed = composeMail({ shopId: "DE", language: "de", template: "order-confirmation", params: JSON.parse(mail!.params) }, "test");
    expect(composed.text).toContain("Sie zahlen 65,85\u00a0€ mit PayPal. Wir versenden, sobald die Zahlung bestätigt ist.");
    expect(composed.text).not.toContain("IBAN");
  });

  test("the Swiss shop in French: the return and callback URLs under the language prefix", async () => {
    const { body } = await placeOnline({ shop: "CH", language: "fr" });
    expect(double.started[0]).toMatchObject({
      shopId: "CH",
      currency: "CHF",
      language: "fr",
      returnUrl: `https://www.bodenhaus.example.ch/fr/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return?order=${body.data.orderNumber as string}`,
    });
    const mail = await shopDb(h.env, "CH")
      .prepare("SELECT * FROM mail_outbox WHERE params LIKE ?")
      .bind(`%${body.data.orderNumber as string}%`)
      .first<{ params: string }>();
    const composed = composeMail({ shopId: "CH", language: "fr", template: "order-confirmation", params: JSON.parse(mail!.params) }, "test");
    expect(composed.text).toMatch(/Vous payez CHF\u00a0[\d.’]+ par PayPal\. Nous expédions dès que le paiement est confirmé\./);
    expect(composed.text).not.toMatch(/order-confirmation\./);
  });

  test("the same Idempotency-Key twice: one order, one payment opened, the same answer", async () => {
    const token = await cart();
    const headers = { "idempotency-key": "online-attempt-1" };
    const first = await placeOnline({ token, headers });
    const second = await placeOnline({ token, headers });
    expect(second.body).toEqual(first.body);
    expect(double.started).toHaveLength(1);
  });

  test("a provider that cannot open the payment: the order stands, its payment pending without a page; the visitor can try again", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      double.nextStart = "throw";
      const { status, body, visitor } = await placeOnline();
      expect(status).toBe(200);
      expect(body.data.payment).toEqual({ state: "pending", redirectUrl: null });
      const number = body.data.orderNumber as string;
      expect(await paymentOf(number)).toMatchObject({ payment_state: "pending", payment_reference: null });

      const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
      expect(retry.status).toBe(200);
      expect(retry.body.data).toEqual({
        orderNumber: number,
        payment: { state: "pending", redirectUrl: expect.stringMatching(/^https:\/\/pay\.double\.example\//) },
      });
      expect((await paymentOf(number)).payment_state).toBe("pending");
      // pending with an opened payment this provider cannot close: no second payment while the first may still complete
      const again = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
      expect(again.status).toBe(409);
      expect(again.body.errors[0]).toMatchObject({ code: "payment_not_retryable" });
      // another visitor: as if there were no such order
      expect((await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: await cart() })).status).toBe(404);
    } finally {
      warn.mockRestore();
    }
  });

  test("a redirect that is not https is never handed to the visitor", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      double.nextStart = { redirectUrl: "javascript:alert(1)" };
      const { body } = await placeOnline();
      expect(body.data.payment).toEqual({ state: "pending", redirectUrl: null });
    } finally {
      warn.mockRestore();
    }
  });
});

describe("the visitor's return", () => {
  test("leads to the success page of the order in the request's language, changing nothing", async () => {
    const { body } = await placeOnline();
    const number = body.data.orderNumber as string;
    const response = await fetchRaw(`/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return?order=${number}&status=paid`, "DE");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/checkout/success/?order=${number}`);
    expect((await paymentOf(number)).payment_state).toBe("pending");
    const fr = await fetchRaw(`/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return?order=CH-100001`, "CH", "fr");
    expect(fr.headers.get("location")).toBe("/fr/checkout/success/?order=CH-100001");
  });

  test.each([
    ["an unknown provider", "/apiv2/checkout/payment/other/return?order=DE-100001"],
    ["no order", `/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return`],
    ["an order number that is none", `/apiv2/checkout/payment/${DOUBLE_PROVIDER}/return?order=https://evil.example/`],
  ])("%s: 404", async (_name, path) => {
    expect((await h.call("GET", path)).status).toBe(404);
  });
});

async function fetchRaw(path: string, shop: string, language?: string): Promise<Response> {
  const headers: Record<string, string> = { [SHOP_ID_HEADER]: shop };
  if (language) headers[SHOP_LANGUAGE_HEADER] = language;
  return shopApiCaller(h.env)(new Request(`http://shop-api${path}`, { headers }));
}

describe("the provider's callback", () => {
  test("a bad or missing signature is refused and changes nothing", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { body } = await placeOnline();
      const number = body.data.orderNumber as string;
      const before = await counts(h.db);
      const paid = { orderNumber: number, status: "paid", reference: "pay_forged" };
      for (const options of [{ secret: "not-the-secret" }, { signature: null }, { signature: "00".repeat(32) }, { signature: "zz" }]) {
        const refused = await callback(paid, options);
        expect(refused.status).toBe(401);
        expect(refused.body.errors[0]).toMatchObject({ code: "payment_callback_refused" });
      }
      expect(await counts(h.db)).toEqual(before);
      expect((await paymentOf(number)).payment_state).toBe("pending");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("payment callback refused (DE, test-double): bad signature"));
    } finally {
      warn.mockRestore();
    }
  });

  test("paid: the order is paid; a replay answers the same and changes nothing; a later failure does not undo it", async () => {
    const { body, visitor } = await placeOnline();
    const number = body.data.orderNumber as string;
    const { payment_reference: reference, grand_total: amount } = await paymentOf(number);
    const paid = { orderNumber: number, status: "paid", reference, amount, currency: "EUR" };

    const first = await callback(paid);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ orderNumber: number, paymentState: "paid", replayed: false, applied: true, recorded: 0 });
    expect((await paymentOf(number)).payment_state).toBe("paid");
    const read = await h.call("GET", `/apiv2/checkout/order/${number}`, { token: visitor });
    expect(read.body.data.paymentState).toBe("paid");

    const before = await counts(h.db);
    const replay = await callback(paid);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ orderNumber: number, paymentState: "paid", replayed: true, applied: false, recorded: 0 });
    expect(await counts(h.db)).toEqual(before);

    const lateFailure = await callback({ orderNumber: number, status: "failed", reference });
    expect(lateFailure.body.data).toMatchObject({ paymentState: "paid", applied: false });
    expect((await paymentOf(number)).payment_state).toBe("paid");
  });

  test("failed and cancelled are recorded; a new try can still be paid", async () => {
    const failedOrder = await placeOnline();
    const failedNumber = failedOrder.body.data.orderNumber as string;
    const failed = await callback({ orderNumber: failedNumber, status: "failed", reference: (await paymentOf(failedNumber)).payment_reference });
    expect(failed.body.data).toMatchObject({ paymentState: "failed", applied: true });
    const read = await h.call("GET", `/apiv2/checkout/order/${failedNumber}`, { token: failedOrder.visitor });
    expect(read.body.data.paymentState).toBe("failed");

    const retry = await h.call("POST", `/apiv2/checkout/order/${failedNumber}/payment`, { token: failedOrder.visitor });
    expect(retry.body.data.payment.state).toBe("pending");
    const newReference = (await paymentOf(failedNumber)).payment_reference;
    const paid = await callback({ orderNumber: failedNumber, status: "paid", reference: newReference });
    expect(paid.body.data).toMatchObject({ paymentState: "paid", applied: true });

    const cancelledOrder = await placeOnline();
    const cancelledNumber = cancelledOrder.body.data.orderNumber as string;
    const cancelled = await callback({ orderNumber: cancelledNumber, status: "cancelled", reference: (await paymentOf(cancelledNumber)).payment_reference });
    expect(cancelled.body.data).toMatchObject({ paymentState: "cancelled", applied: true });
    // The end of a payment other than the one opened last (left for another try) changes nothing.
    const other = await placeOnline();
    const otherNumber = other.body.data.orderNumber as string;
    const stale = await callback({ orderNumber: otherNumber, status: "cancelled", reference: "pay_left_behind" });
    expect(stale.body.data).toMatchObject({ paymentState: "pending", applied: false });
  });

  test("an order of another shop is refused (404) and changes nothing", async () => {
    const { body } = await placeOnline();
    const number = body.data.orderNumber as string;
    const before = await counts(h.db);
    const refused = await callback({ orderNumber: number, status: "paid", reference: "pay_x" }, { shop: "CH" });
    expect(refused.status).toBe(404);
    expect(await counts(h.db)).toEqual(before);
    expect((await paymentOf(number)).payment_state).toBe("pending");
  });

  test("an order paid offline, an unknown order and a provider the shop does not have: 404", async () => {
    const token = await cart();
    const offline = await h.call("POST", "/apiv2/checkout/order", {
      body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true },
      token,
    });
    const invoiceNumber = offline.body.data.orderNumber as string;
    expect(offline.body.data.paymentState).toBeNull();
    expect(offline.body.data).not.toHaveProperty("payment");
    expect((await callback({ orderNumber: invoiceNumber, status: "paid", reference: "pay_y" })).status).toBe(404);
    expect((await paymentOf(invoiceNumber)).payment_state).toBeNull();
    expect((await callback({ orderNumber: "DE-999999", status: "paid", reference: "pay_y" })).status).toBe(404);
    expect(
      (await callback({ orderNumber: invoiceNumber, status: "paid", reference: "pay_y" }, { path: "/apiv2/checkout/payment/other/callback" })).status,
    ).toBe(404);
  });

  test("a paid amount or currency other than the order's is refused and changes nothing", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { body } = await placeOnline();
      const number = body.data.orderNumber as string;
      const { grand_total: amount, payment_reference: reference } = await paymentOf(number);
      const before = await counts(h.db);
      for (const outcome of [
        { amount: amount - 1, currency: "EUR" },
        { amount, currency: "CHF" },
      ]) {
        const refused = await callback({ orderNumber: number, status: "paid", reference, ...outcome });
        expect(refused.status).toBe(409);
        expect(refused.body.errors[0]).toMatchObject({ code: "payment_amount_mismatch" });
      }
      expect(await counts(h.db)).toEqual(before);
      expect((await paymentOf(number)).payment_state).toBe("pending");
    } finally {
      warn.mockRestore();
    }
  });

  test("a signed callback that names no order, an unknown outcome or a hostile reference is refused", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const { body } = await placeOnline();
      const number = body.data.orderNumber as string;
      for (const outcome of [
        { status: "paid", reference: "pay_1" },
        { orderNumber: number, status: "refunded", reference: "pay_1" },
        { orderNumber: number, status: "paid", reference: "pay 1\n<script>" },
        { orderNumber: `${number}' OR 1=1`, status: "paid", reference: "pay_1" },
      ])
        expect((await callback(outcome)).status).toBe(401);
      expect((await paymentOf(number)).payment_state).toBe("pending");
    } finally {
      warn.mockRestore();
    }
  });
});
