import type { D1Database, RateLimit } from "@cloudflare/workers-types";
import { shopDb } from "@tests/kit/d1";
import { includedTax } from "@domain/money";
import { sha256Hex } from "@shop-api/core/auth";
import { createHarness, giveAccount, type Harness } from "@tests/kit/commerce";

const NOW = "2026-11-18T08:00:00Z";
let h: Harness;
beforeAll(async () => {
  h = await createHarness(NOW);
});
afterAll(() => h.dispose());

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const order = (extra: Record<string, unknown> = {}) => ({
  email: "erika@example.com",
  billingAddress: ADDRESS,
  deliveryMode: "standard",
  paymentMethod: "prepayment",
  acceptTerms: true,
  ...extra,
});

async function orderCounts(db: D1Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["orders", "order_lines", "order_counters", "mail_outbox", "cart_items", "write_guards"])
    counts[table] = (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  counts.stock = (await db.prepare("SELECT SUM(stock_qty) AS n FROM products").first<{ n: number }>())!.n;
  return counts;
}

/** A new visitor with these lines in the cart (shop DE unless named). */
async function cartWith(lines: [string, number][], shop = "DE", language?: string): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  return token!;
}

const stockOf = async (sku: string) => (await h.db.prepare("SELECT stock_qty AS n FROM products WHERE sku = ?").bind(sku).first<{ n: number }>())!.n;
/** The newest mail of a shop's database (DE's unless named). */
const lastMail = async (shop = "DE") =>
  (await shopDb(h.env, shop)
    .prepare("SELECT * FROM mail_outbox ORDER BY id DESC LIMIT 1")
    .first<{ template: string; language: string; recipient: string; params: string; shop_id: string }>())!;

describe("POST /apiv2/checkout/order", () => {
  test("places the cart with prepayment: totals, 2 % discount on the goods, tax, stock taken, cart emptied, mail in the outbox", async () => {
    const token = await cartWith([["FLOOR-1", 3]]);
    const stock = await stockOf("FLOOR-1");
    const { status, body } = await h.call("POST", "/apiv2/checkout/order", { body: order(), token });
    expect(body.errors).toEqual([]);
    expect(status).toBe(200);
    const data = body.data;
    expect(data.orderNumber).toMatch(/^DE-1\d{5}$/);
    expect(data.state).toBe("placed");
    // 3 x 29.95 = 89.85; discount 2 % = 1.80; home parcel shipping 5.95 (under the free-shipping value)
    expect(data.totals.goods.amount).toBe(8985);
    expect(data.totals.prepaymentDiscount.amount).toBe(180);
    expect(data.totals.shipping.amount).toBe(595);
    expect(data.totals.grandTotal.amount).toBe(8985 - 180 + 595);
    expect(data.totals.grandTotal.formattedWithCurrency).toBe("94,00\u00a0€");
    expect(data.totals.tax.amount.amount).toBe(includedTax(8985 - 180, 19) + includedTax(595, 19));
    expect(data.paymentInstructions.bankAccount.iban).toBe("DE89 3704 0044 0532 0130 00");
    expect(data.lines).toEqual([expect.objectContaining({ line: 1, sku: "FLOOR-1", quantity: 3, name: "Produkt FLOOR-1", taxRate: 19 })]);
    expect(data.delivery.date).toBe("2026-11-20");
    expect(await stockOf("FLOOR-1")).toBe(stock - 3);
    expect((await h.call("GET", "/apiv2/cart/", { token })).body.data.items).toEqual([]);

    const mail = await lastMail();
    expect(mail).toMatchObject({ template: "order-confirmation", language: "de", recipient: "erika@example.com", shop_id: "DE" });
    const params = JSON.parse(mail.params);
    expect(params.orderNumber).toBe(data.orderNumber);
    expect(params.totals).toMatchObject({ grand: "94,00\u00a0€", discount: "1,80\u00a0€" });
    expect(params.bankAccount.iban).toBe("DE89 3704 0044 0532 0130 00");

    // the order as the success page reads it
    const read = await h.call("GET", `/apiv2/checkout/order/${data.orderNumber}`, { token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(data);
  });

  test("invoice: no discount; order numbers count up per shop", async () => {
    const first = await h.call("POST", "/apiv2/checkout/order", { body: order({ paymentMethod: "invoice" }), token: await cartWith([["FLOOR-1", 1]]) });
    const second = await h.call("POST", "/apiv2/checkout/order", {
      body: order({ paymentMethod: "cash_on_delivery" }),
      token: await cartWith([["FLOOR-1", 1]]),
    });
    expect(first.body.data.totals.prepaymentDiscount.amount).toBe(0);
    expect(first.body.data.totals.grandTotal.amount).toBe(2995 + 595);
    expect(first.body.data.paymentInstructions).toBeNull();
    const n = (number: string) => Number(number.split("-")[1]);
    expect(n(second.body.data.orderNumber)).toBe(n(first.body.data.orderNumber) + 1);
  });

  test("the Swiss shop in French: CHF, its tax rate, the mail in French with francs", async () => {
    const token = await cartWith([["FLOOR-1", 2]], "CH", "fr");
    const { status, body } = await h.call("POST", "/apiv2/checkout/order", {
      body: order({ billingAddress: { ...ADDRESS, postcode: "1200", city: "Genève", countryCode: "ch" } }),
      token,
      shop: "CH",
      language: "fr",
    });
    expect(status).toBe(200);
    expect(body.data.orderNumber).toMatch(/^CH-/);
    expect(body.data.currency).toBe("CHF");
    const goods = 2 * 3295;
    expect(body.data.totals.goods.amount).toBe(goods);
    expect(body.data.totals.shipping.amount).toBe(795);
    expect(body.data.totals.tax.amount.amount).toBe(includedTax(goods - Math.round(goods * 0.02), 8.1) + includedTax(795, 8.1));
    const mail = await lastMail("CH");
    expect(mail.language).toBe("fr");
    expect(JSON.parse(mail.params).totals.grand).toMatch(/^CHF\u00a0/);
  });

  test("express within mainland Germany adds the express fee; refused for items that cannot go express and abroad", async () => {
    const ok = await h.call("POST", "/apiv2/checkout/order", {
      body: order({ deliveryMode: "express", paymentMethod: "invoice" }),
      token: await cartWith([["FLOOR-1", 1]]),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.totals.shipping.amount).toBe(595 + 1000);
    expect(ok.body.data.delivery.date).toBe("2026-11-19");

    const before = await orderCounts(h.db);
    const items = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "express" }), token: await cartWith([["NOEXP-1", 1]]) });
    expect(items.status).toBe(422);
    expect(items.body.errors[1]).toMatchObject({ code: "express_unavailable", field: "deliveryMode", params: { reason: "items" } });
    const abroadToken = await cartWith([["FLOOR-1", 1]]);
    const counts = await orderCounts(h.db);
    const abroad = await h.call("POST", "/apiv2/checkout/order", {
      body: order({ deliveryMode: "express", billingAddress: { ...ADDRESS, countryCode: "nl", postcode: "1011 AB" } }),
      token: abroadToken,
    });
    expect(abroad.body.errors[1]).toMatchObject({ code: "express_unavailable", params: { reason: "country" } });
    expect(await orderCounts(h.db)).toEqual(counts);
    expect(before.orders).toBe(counts.orders);
  });

  test("requested date: required, not before the earliest delivery date, stored with the order", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const before = await orderCounts(h.db);
    const missing = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "requested_date" }), token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[1]).toMatchObject({ code: "required", field: "desiredDate" });
    const early = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "requested_date", desiredDate: "2026-11-19" }), token });
    expect(early.body.errors[1]).toMatchObject({ code: "desired_date_too_early", params: { earliest: "2026-11-20" } });
    const bad = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "requested_date", desiredDate: "2026-02-30" }), token });
    expect(bad.body.errors[1]).toMatchObject({ code: "invalid_date" });
    const notAllowed = await h.call("POST", "/apiv2/checkout/order", { body: order({ desiredDate: "2026-12-01" }), token });
    expect(notAllowed.body.errors[1]).toMatchObject({ code: "desired_date_not_allowed" });
    expect(await orderCounts(h.db)).toEqual(before);
    const ok = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "requested_date", desiredDate: "2026-12-01" }), token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ deliveryMode: "requested_date", desiredDate: "2026-12-01", delivery: { date: "2026-12-01" } });
  });

  test("storage on call needs an account and an order value from 1200", async () => {
    const guest = await cartWith([["FREIGHT-1", 3]]);
    const noAccount = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "on_call_storage" }), token: guest });
    expect(noAccount.body.errors[1]).toMatchObject({ code: "storage_account_required", field: "deliveryMode" });
    const small = await cartWith([["FLOOR-1", 2]]);
    await giveAccount(h.db, small);
    const tooSmall = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "on_call_storage" }), token: small });
    expect(tooSmall.body.errors[1]).toMatchObject({ code: "storage_minimum_order_value", params: { value: "1.200,00\u00a0€" } });
    await giveAccount(h.db, guest);
    const ok = await h.call("POST", "/apiv2/checkout/order", { body: order({ deliveryMode: "on_call_storage" }), token: guest });
    expect(ok.status).toBe(200);
    expect(ok.body.data.deliveryMode).toBe("on_call_storage");
  });

  test("price changed since the cart: 409 with the new values, nothing written", async () => {
    const token = await cartWith([["NOEXP-1", 2]]);
    const shown = (await h.call("GET", "/apiv2/cart/", { token })).body.data.totals.goodsValue.amount as number;
    const expectedTotal = shown - Math.round(shown * 0.02) + 595;
    await h.db.prepare("UPDATE prices SET package_price = 2490 WHERE sku = 'NOEXP-1' AND shop_id = 'DE'").run();
    const before = await orderCounts(h.db);
    const { status, body } = await h.call("POST", "/apiv2/checkout/order", { body: order({ expectedTotal }), token });
    expect(status).toBe(409);
    expect(body.errors[0]).toMatchObject({ code: "price_changed", params: { expectedTotal, goodsTotal: 4980, grandTotal: 4980 - 100 + 595 } });
    expect(await orderCounts(h.db)).toEqual(before);
    const again = await h.call("POST", "/apiv2/checkout/order", { body: order({ expectedTotal: 4980 - 100 + 595 }), token });
    expect(again.status).toBe(200);
  });

  test("minimum order quantity raised since the cart: refused, nothing written", async () => {
    const token = await cartWith([["FREIGHT-1", 2]]);
    await h.db.prepare("UPDATE products SET min_order_qty = 6.6 WHERE sku = 'FREIGHT-1'").run();
    const before = await orderCounts(h.db);
    const { status, body } = await h.call("POST", "/apiv2/checkout/order", { body: order(), token });
    await h.db.prepare("UPDATE products SET min_order_qty = 4.4 WHERE sku = 'FREIGHT-1'").run();
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({ code: "minimum_order_quantity", field: "lines.0", message: "The minimum order quantity is 6,6 m²." });
    expect(await orderCounts(h.db)).toEqual(before);
  });

  test("two concurrent orders for the last packages: exactly one succeeds, the other learns what is left", async () => {
    await h.db.prepare("UPDATE products SET stock_qty = 3 WHERE sku = 'LOW-1'").run();
    const a = await cartWith([["LOW-1", 2]]);
    const b = await cartWith([["LOW-1", 2]]);
    const results = await Promise.all([a, b].map((token) => h.call("POST", "/apiv2/checkout/order", { body: order(), token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body.errors[0]).toMatchObject({ code: "quantity_unavailable", params: { sku: "LOW-1", available: 1 } });
    expect(await stockOf("LOW-1")).toBe(1);
  });

  test("the same Idempotency-Key twice places one order and answers the same", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const headers = { "idempotency-key": "order-attempt-1" };
    const before = await orderCounts(h.db);
    const first = await h.call("POST", "/apiv2/checkout/order", { body: order(), token, headers });
    // The order is the key's record: no key row and no kept answer, the order keeps the request's fingerprint and the repeat answers from it.
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE idempotency_key = 'order-attempt-1'").first()).toEqual({ n: 0 });
    const placed = await h.db.prepare("SELECT request_fingerprint FROM orders WHERE order_number = ?").bind(first.body.data.orderNumber).first();
    expect(placed).toEqual({ request_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const second = await h.call("POST", "/apiv2/checkout/order", { body: order(), token, headers });
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const after = await orderCounts(h.db);
    expect(after.orders).toBe(before.orders! + 1);
    expect(after.mail_outbox).toBe(before.mail_outbox! + 1);
    // without the key, a second click finds the cart empty
    const third = await h.call("POST", "/apiv2/checkout/order", { body: order(), token });
    expect(third.body.errors[0]).toMatchObject({ code: "cart_empty" });
  });

  test("the same Idempotency-Key sent twice at once: one order, the other waits or gets the same answer", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const headers = { "idempotency-key": "order-double-click" };
    const before = await orderCounts(h.db);
    const [a, b] = await Promise.all([1, 2].map(() => h.call("POST", "/apiv2/checkout/order", { body: order(), token, headers })));
    const answers = [a!, b!];
    const placed = answers.find((answer) => answer.status === 200)!;
    expect(placed).toBeDefined();
    for (const other of answers.filter((answer) => answer !== placed)) {
      if (other.status === 200) expect(other.body).toEqual(placed.body);
      else expect({ status: other.status, code: other.body.errors[0]?.code }).toEqual({ status: 409, code: "idempotency_in_progress" });
    }
    const after = await orderCounts(h.db);
    expect(after.orders).toBe(before.orders! + 1);
    expect(after.mail_outbox).toBe(before.mail_outbox! + 1);
  });

  test("the key of a placed order sent with another body: 422 idempotency_key_reused, nothing written", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const headers = { "idempotency-key": "order-attempt-reused" };
    expect((await h.call("POST", "/apiv2/checkout/order", { body: order(), token, headers })).status).toBe(200);
    await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    const before = await orderCounts(h.db);
    const reused = await h.call("POST", "/apiv2/checkout/order", { body: order({ email: "another@example.com" }), token, headers });
    expect({ status: reused.status, code: reused.body.errors[0]?.code }).toEqual({ status: 422, code: "idempotency_key_reused" });
    expect(await orderCounts(h.db)).toEqual(before);
  });

  test("an order refused for its body keeps no answer under its key: the same key with the body corrected places the order", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const headers = { "idempotency-key": "order-attempt-corrected" };
    const refused = await h.call("POST", "/apiv2/checkout/order", { body: order({ email: "not-an-address" }), token, headers });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: "email", message: "Please enter a valid e-mail address." }));
    const before = await orderCounts(h.db);
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: order(), token, headers });
    expect(placed.status).toBe(200);
    expect((await orderCounts(h.db)).orders).toBe(before.orders! + 1);
  });

  describe("its per-IP write limit, asked while the cart is read", () => {
    const realLimiter = () => h.env.RATE_LIMIT_WRITE!;
    /** A write limiter that answers `success` only once the order's first D1 round trip was made (and never before it). */
    function limiterAfterTheRead(success: boolean): RateLimit {
      return {
        async limit() {
          while (h.takeRoundTrips() === 0) await new Promise((resolve) => setTimeout(resolve, 2));
          return { success };
        },
      };
    }
    async function withLimiter<T>(limiter: RateLimit, run: () => Promise<T>): Promise<T> {
      const real = realLimiter();
      h.env.RATE_LIMIT_WRITE = limiter;
      try {
        return await run();
      } finally {
        h.env.RATE_LIMIT_WRITE = real;
      }
    }
    const lastSeen = async (token: string) =>
      (await h.db
        .prepare("SELECT last_seen_at FROM visitors WHERE id = ?")
        .bind(await sha256Hex(token))
        .first<{ last_seen_at: string }>())!.last_seen_at;

    afterEach(() => h.setNow(NOW));

    test("over the limit: 429 with the generic message; no order, the stock and the cart untouched, the due renewal not made", async () => {
      const token = await cartWith([["FLOOR-1", 2]]);
      const seen = await lastSeen(token);
      // Two days on, the visitor's renewal is due: a read of it renews it, unless the request is over its limit.
      h.setNow("2026-11-20T08:00:00Z");
      const before = await orderCounts(h.db);
      h.takeRoundTrips();
      const refused = await withLimiter(limiterAfterTheRead(false), () => h.call("POST", "/apiv2/checkout/order", { body: order(), token }));
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 429,
        body: { status: 429, data: null, errors: [{ message: "Something went wrong. Try again.", code: "rate_limited" }], meta: {} },
      });
      expect(await orderCounts(h.db)).toEqual(before);
      expect(await lastSeen(token)).toBe(seen);
      expect((await h.call("GET", "/apiv2/cart/", { token })).body.data.items).toEqual([expect.objectContaining({ sku: "FLOOR-1", quantity: 2 })]);
    });

    test("within the limit: the order is written once the limit passed, and placed", async () => {
      const token = await cartWith([["FLOOR-1", 1]]);
      const before = await orderCounts(h.db);
      h.takeRoundTrips();
      const placed = await withLimiter(limiterAfterTheRead(true), () => h.call("POST", "/apiv2/checkout/order", { body: order(), token }));
      expect(placed.status).toBe(200);
      expect((await orderCounts(h.db)).orders).toBe(before.orders! + 1);
    });
  });

  test("another visitor's order and unknown numbers are 404", async () => {
    const owner = await cartWith([["FLOOR-1", 1]]);
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: order(), token: owner });
    const other = await cartWith([["FLOOR-1", 1]]);
    expect((await h.call("GET", `/apiv2/checkout/order/${placed.body.data.orderNumber}`, { token: other })).status).toBe(404);
    expect((await h.call("GET", `/apiv2/checkout/order/${placed.body.data.orderNumber}`)).status).toBe(404);
    expect((await h.call("GET", `/apiv2/checkout/order/${placed.body.data.orderNumber}`, { token: owner, shop: "CH" })).status).toBe(404);
    expect((await h.call("GET", "/apiv2/checkout/order/DE-999999", { token: owner })).status).toBe(404);
    expect((await h.call("GET", "/apiv2/checkout/order/%27%20OR%201=1", { token: owner })).status).toBe(404);
  });

  describe("bad input: 4xx with the spec's messages, nothing written", () => {
    let token: string;
    beforeAll(async () => {
      token = await cartWith([["FLOOR-1", 1]]);
    });
    const cases: [string, { body?: unknown; raw?: string }, number, Record<string, unknown>][] = [
      ["malformed JSON", { raw: "{nope" }, 400, { code: "malformed_json" }],
      ["an array", { raw: "[]" }, 400, { code: "malformed_json" }],
      ["oversized", { raw: JSON.stringify(order({ pad: "x".repeat(70_000) })) }, 413, { code: "body_too_large" }],
      ["no fields", { body: {} }, 422, { code: "missing", message: "Missing required fields" }],
      ["an unknown field", { body: order({ admin: true }) }, 422, { code: "invalid" }],
      ["a wrong type", { body: order({ acceptTerms: "yes" }) }, 422, { code: "invalid" }],
      ["terms not accepted", { body: order({ acceptTerms: false }) }, 422, { code: "invalid" }],
      ["a bad e-mail", { body: order({ email: "erika(at)example" }) }, 422, { code: "invalid" }],
      ["markup in a name", { body: order({ billingAddress: { ...ADDRESS, firstname: "<script>alert(1)</script>" } }) }, 422, { code: "invalid" }],
      ["a bidi override in a street", { body: order({ billingAddress: { ...ADDRESS, street: "Haupt\u202estraße 5" } }) }, 422, { code: "invalid" }],
      ["a bad postcode", { body: order({ billingAddress: { ...ADDRESS, postcode: "1" } }) }, 422, { code: "invalid" }],
      ["a bad VAT ID", { body: order({ billingAddress: { ...ADDRESS, vatId: "12-34" } }) }, 422, { code: "invalid" }],
      ["an unknown delivery mode", { body: order({ deliveryMode: "drone" }) }, 422, { code: "invalid" }],
      ["a negative expected total", { body: order({ expectedTotal: -1 }) }, 422, { code: "invalid" }],
      ["an unknown payment method", { body: order({ paymentMethod: "bitcoin" }) }, 422, { code: "invalid" }],
      ["an online method without a provider", { body: order({ paymentMethod: "paypal" }) }, 422, { code: "invalid" }],
      ["a country the shop does not deliver to", { body: order({ shippingAddress: { ...ADDRESS, countryCode: "us" } }) }, 422, { code: "invalid" }],
    ];
    test.each(cases)("%s", async (_name, request, status, first) => {
      const before = await orderCounts(h.db);
      const { status: got, body } = await h.call("POST", "/apiv2/checkout/order", {
        ...request,
        token,
        headers: request.raw ? { "content-type": "application/json" } : {},
      });
      expect(got).toBe(status);
      expect(body.errors[0]).toMatchObject(first);
      expect(await orderCounts(h.db)).toEqual(before);
    });
    test("the field errors name their fields in the spec's words", async () => {
      const online = await h.call("POST", "/apiv2/checkout/order", { body: order({ paymentMethod: "paypal" }), token });
      expect(online.body.errors[1]).toMatchObject({
        field: "paymentMethod",
        code: "payment_method_unavailable",
        message: "This payment method is not available.",
      });
      const email = await h.call("POST", "/apiv2/checkout/order", { body: order({ email: "x" }), token });
      expect(email.body.errors[1]).toMatchObject({ field: "email", message: "Please enter a valid e-mail address." });
      const name = await h.call("POST", "/apiv2/checkout/order", { body: order({ billingAddress: { ...ADDRESS, lastname: "" } }), token });
      expect(name.body.errors[1]).toMatchObject({ field: "billingAddress.lastname", message: "This field is required" });
      const terms = await h.call("POST", "/apiv2/checkout/order", { body: order({ acceptTerms: false }), token });
      expect(terms.body.errors[1]).toMatchObject({ field: "acceptTerms", message: "Please accept the terms and conditions and the right of withdrawal." });
      const country = await h.call("POST", "/apiv2/checkout/order", { body: order({ shippingAddress: { ...ADDRESS, countryCode: "us" } }), token });
      expect(country.body.errors[1]).toMatchObject({ field: "shippingAddress.countryCode", message: "Delivery to this country is not possible." });
    });
    test("an empty cart or no visitor at all", async () => {
      const before = await orderCounts(h.db);
      const none = await h.call("POST", "/apiv2/checkout/order", { body: order() });
      expect(none.status).toBe(422);
      expect(none.body.errors[0]).toMatchObject({ code: "cart_empty", message: "Your cart is empty." });
      expect(await orderCounts(h.db)).toEqual(before);
    });
  });
});
