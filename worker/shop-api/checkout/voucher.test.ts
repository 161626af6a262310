/**
 * Vouchers at the cart and the checkout through the real route table and a real
 * local D1: applying and removing a code (the answer is the quote), the refusals, the pricing
 * (after the prepayment discount, never below zero, tax per rate), the order that redeems the
 * code (one code, one order, also when two orders race), the per-address limit on codes tried,
 * idempotent replays, and the voucher line of the order's views and confirmation mail.
 */
import { shopDb } from "@tests/kit/d1";
import type { D1Database } from "@cloudflare/workers-types";
import type { CheckoutQuote } from "@domain/checkout";
import { includedTax } from "@domain/money";
import type { LooseJson } from "@tests/kit/loose-json";
import { staffCaller, staffLogins } from "@tests/kit/staff-session";
import { CLIENT_IP_HEADER } from "@worker/lib/shop-headers";
import { commerceCounts, createHarness, type ApiBody, type Harness } from "@tests/kit/commerce";
import { sha256Hex } from "../core/auth";
import { composeMail } from "../core/mail/templates";
import { createAccountHarness, signedUpCustomer } from "@tests/kit/customers";
import { issueVoucher, issuedVoucherOf } from "../tables/vouchers";

const NOW = "2026-11-18T08:00:00Z";
let h: Harness;
beforeAll(async () => {
  h = await createHarness(NOW);
});
afterAll(() => h.dispose());
// The harness has no mail transport: the outbox keeps the mails and says so.
beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => {
  jest.restoreAllMocks();
  h.setNow(NOW);
});

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const orderBody = (extra: Record<string, unknown> = {}) => ({
  email: "erika@example.com",
  billingAddress: ADDRESS,
  deliveryMode: "standard",
  paymentMethod: "invoice",
  acceptTerms: true,
  ...extra,
});

let emails = 0;
/** A voucher as the newsletter issues it (tables/vouchers.ts issueVoucher); its code. */
async function issue(options: { shop?: string; currency?: string; amount?: number; validUntil?: string | null } = {}): Promise<string> {
  const shop = options.shop ?? "DE";
  const db = shopDb(h.env, shop);
  const issued = issueVoucher(db, {
    shopId: shop,
    currency: options.currency ?? "EUR",
    amount: options.amount ?? 1000,
    emailKey: `reader${++emails}@example.com`,
    now: new Date(NOW),
    validUntil: options.validUntil ?? null,
  });
  const [, readBack] = await db.batch([issued.statement, issued.readBack]);
  return issuedVoucherOf(readBack!, issued.candidate)!.voucher.code;
}

/** A new visitor with these lines in the cart (shop DE unless named). */
async function cartWith(lines: [string, number][], shop = "DE"): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  return token!;
}

type CallOptions = { token?: string; shop?: string; ip?: string; key?: string; query?: string };
const apply = (code: unknown, options: CallOptions = {}) =>
  h.call("POST", `/apiv2/cart/voucher${options.query ? `?${options.query}` : ""}`, {
    body: { code },
    token: options.token,
    shop: options.shop,
    headers: { ...(options.ip ? { [CLIENT_IP_HEADER]: options.ip } : {}), ...(options.key ? { "idempotency-key": options.key } : {}) },
  });
const remove = (options: CallOptions = {}) =>
  h.call("DELETE", `/apiv2/cart/voucher${options.query ? `?${options.query}` : ""}`, { token: options.token, shop: options.shop });

async function quote(token: string, query = ""): Promise<CheckoutQuote> {
  const { status, body } = await h.call("GET", `/apiv2/checkout/quote${query ? `?${query}` : ""}`, { token });
  expect(body.errors).toEqual([]);
  expect(status).toBe(200);
  return body.data as CheckoutQuote;
}

const voucherRow = (code: string) =>
  h.db.prepare("SELECT * FROM vouchers WHERE code = ?").bind(code).first<{ redeemed_at: string | null; order_id: string | null }>();
const cartCode = async (token: string) =>
  h.db
    .prepare("SELECT voucher_code FROM carts WHERE visitor_id = ? AND shop_id = 'DE'")
    .bind(await sha256Hex(token))
    .first<{ voucher_code: string | null }>();

async function writeCounts(db: D1Database) {
  const counts = await commerceCounts(db);
  for (const table of ["orders", "order_lines", "mail_outbox"])
    counts[table] = (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  counts.redeemed = (await db.prepare("SELECT COUNT(*) AS n FROM vouchers WHERE redeemed_at IS NOT NULL").first<{ n: number }>())!.n;
  counts.applied = (await db.prepare("SELECT COUNT(*) AS n FROM carts WHERE voucher_code IS NOT NULL").first<{ n: number }>())!.n;
  counts.stock = (await db.prepare("SELECT SUM(stock_qty) AS n FROM products").first<{ n: number }>())!.n;
  return counts;
}
/** Codes tried, as the per-address limit counted them. */
const codesTried = async () =>
  (await h.db.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_limit_counters WHERE bucket = 'voucherIp'").first<{ n: number }>())!.n;

/** The code as a person might type it: lower case, no dashes, spaces around. */
const typed = (code: string) => ` ${code.replace(/-/g, "").toLowerCase()} `;

describe("POST /apiv2/cart/voucher", () => {
  test("applies a code typed in lower case without dashes; answers the quote with the voucher after the discount", async () => {
    const token = await cartWith([["FLOOR-1", 3]]);
    const code = await issue();
    const { status, body } = await apply(typed(code), { token, query: "payment=prepayment" });
    expect(body.errors).toEqual([]);
    expect(status).toBe(200);
    const q = body.data as CheckoutQuote;
    // 3 x 29.95 = 89.85; prepayment 2 % = 1.80; voucher 10.00; shipping 5.95
    expect(q.voucher).toEqual({ code, amount: expect.objectContaining({ amount: 1000, formattedWithCurrency: "10,00\u00a0€" }), validUntil: null });
    expect(q.totals.discount.amount).toBe(180);
    expect(q.totals.voucher).toMatchObject({ amount: 1000, currency: "EUR" });
    expect(q.totals.grand.amount).toBe(8985 - 180 - 1000 + 595);
    expect(q.expectedTotal).toBe(8985 - 180 - 1000 + 595);
    expect(q.totals.tax.amount).toBe(includedTax(8985 - 180 - 1000, 19) + includedTax(595, 19));
    expect(q.notices).toEqual([]);
    expect(q.canCheckout).toBe(true);
    // The quote of the page says the same.
    expect(await quote(token, "payment=prepayment")).toEqual(q);
    const plain = await quote(token);
    expect(plain.totals.grand.amount).toBe(8985 - 1000 + 595);
    expect((await cartCode(token))?.voucher_code).toBe(code);
  });

  test("a visitor without a cart gets one holding the code (and its token); applying the same code again changes nothing", async () => {
    const code = await issue();
    const first = await apply(code);
    expect(first.status).toBe(200);
    expect(first.token).toBeDefined();
    expect(first.body.data.voucher.code).toBe(code);
    // an empty cart: nothing to take the voucher off
    expect(first.body.data.totals.voucher.amount).toBe(0);
    expect(first.body.data.totals.grand.amount).toBe(0);
    const before = await writeCounts(h.db);
    const again = await apply(code, { token: first.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await writeCounts(h.db)).toEqual(before);
  });

  test("another code replaces the applied one", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const [a, b] = [await issue({ amount: 500 }), await issue({ amount: 700 })];
    expect((await apply(a, { token })).status).toBe(200);
    const second = await apply(b, { token });
    expect(second.body.data.voucher.code).toBe(b);
    expect(second.body.data.totals.voucher.amount).toBe(700);
  });

  test("unknown, malformed and other shops' codes: one and the same 404 voucher_not_found, nothing written", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const chCode = await issue({ shop: "CH", currency: "CHF" });
    const deCode = await issue();
    const before = await writeCounts(h.db);
    const tried = await codesTried();
    const unknown = deCode.slice(0, -1) + (deCode.endsWith("0") ? "1" : "0");
    const answers = await Promise.all(
      [chCode, unknown, "DE-0000-0000", "not a code", "x".repeat(150), "DE-7KQ2-M9XH-4TP%", `${deCode}' OR '1'='1`, "%", "<script>"].map((code) =>
        apply(code, { token }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.errors).toEqual([{ message: "This voucher code is not valid.", code: "voucher_not_found", field: "code" }]);
    expect(answers[0]!.body.data).toBeNull();
    expect(await writeCounts(h.db)).toEqual(before);
    expect(await codesTried()).toBe(tried + answers.length);
    // The Swiss code works in its own shop.
    expect((await apply(chCode, { shop: "CH" })).status).toBe(200);
  });

  test("a redeemed code: 409 voucher_redeemed; an expired one: 409 voucher_expired; valid through its last day", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const redeemed = await issue();
    await h.db.prepare("UPDATE vouchers SET redeemed_at = ? WHERE code = ?").bind(NOW, redeemed).run();
    const expired = await issue({ validUntil: "2026-11-17" });
    const lastDay = await issue({ validUntil: "2026-11-18" });
    const before = await writeCounts(h.db);
    const r = await apply(redeemed, { token });
    expect(r.status).toBe(409);
    expect(r.body.errors).toEqual([{ message: "This voucher has already been redeemed.", code: "voucher_redeemed", field: "code" }]);
    const e = await apply(expired, { token });
    expect(e.status).toBe(409);
    expect(e.body.errors).toEqual([{ message: "This voucher has expired.", code: "voucher_expired", field: "code" }]);
    expect(await writeCounts(h.db)).toEqual(before);
    // 23:30 in Berlin on the last day is still the last day (22:30 UTC); half an hour later it is over.
    h.setNow("2026-11-18T22:30:00Z");
    const ok = await apply(lastDay, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.voucher).toMatchObject({ code: lastDay, validUntil: "2026-11-18" });
    h.setNow("2026-11-18T23:00:00Z");
    expect((await apply(lastDay, { token })).body.errors[0]?.code).toBe("voucher_expired");
  });

  test("bad bodies: 422 naming the field, nothing counted or written", async () => {
    const before = await writeCounts(h.db);
    const tried = await codesTried();
    const call = (raw: string) => h.call("POST", "/apiv2/cart/voucher", { raw, headers: { "content-type": "application/json" } });
    for (const raw of ['{"code": 12345678}', '{"code": ""}', '{"code": "   "}', "{}", '{"code": null}']) {
      const answer = await call(raw);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[1]).toMatchObject({ field: "code" });
    }
    const extra = await call('{"code": "DE-0000-0000-0000", "amount": 5000}');
    expect(extra.status).toBe(422);
    expect(extra.body.errors[1]?.message).toMatch(/amount/);
    for (const raw of ["[]", "not json", "", '"DE-0000-0000-0000"']) expect((await call(raw)).status).toBe(400);
    expect((await apply("DE-0000-0000-0000", { query: "mode=teleport" })).status).toBe(422);
    expect(await writeCounts(h.db)).toEqual(before);
    expect(await codesTried()).toBe(tried);
  });

  test("codes tried are limited per client address: the 11th in 15 minutes is 429 even when right; other addresses are not affected", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 10; i++) expect((await apply(`DE-0000-0000-${String(i).padStart(4, "0")}`, { ip })).status).toBe(404);
    const code = await issue();
    const limited = await apply(code, { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.errors).toEqual([{ message: "Something went wrong. Try again.", code: "rate_limited" }]);
    expect((await apply(code, { ip: "203.0.113.78" })).status).toBe(200);
    // The next window: the address may try again.
    h.setNow("2026-11-18T08:15:00Z");
    expect((await apply(code, { ip })).status).toBe(200);
  });

  test("a repeated Idempotency-Key replays the first answer; the same key with another code is refused", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const code = await issue();
    const first = await apply(code, { token, key: "voucher-key-1" });
    expect(first.status).toBe(200);
    expect((await remove({ token })).body.data.voucher).toBeNull();
    const replay = await apply(code, { token, key: "voucher-key-1" });
    expect(replay.body).toEqual(first.body);
    // replayed, not run: the cart still has no voucher
    expect((await quote(token)).voucher).toBeNull();
    const reused = await apply(await issue(), { token, key: "voucher-key-1" });
    expect(reused.status).toBe(422);
    expect(reused.body.errors[0]?.code).toBe("idempotency_key_reused");
  });
});

describe("DELETE /apiv2/cart/voucher", () => {
  test("takes the code off and answers the quote without it; again, or without a cart, the same", async () => {
    const token = await cartWith([["FLOOR-1", 2]]);
    const code = await issue();
    await apply(code, { token });
    const removed = await remove({ token, query: "payment=prepayment" });
    expect(removed.status).toBe(200);
    const q = removed.body.data as CheckoutQuote;
    expect(q.voucher).toBeNull();
    expect(q.totals.voucher).toBeNull();
    expect(q.totals.grand.amount).toBe(5990 - 120 + 595);
    expect((await remove({ token })).body.data).toEqual(await quote(token));
    // still usable: it was never redeemed
    expect((await voucherRow(code))!.redeemed_at).toBeNull();
    const before = await writeCounts(h.db);
    const anonymous = await remove();
    expect(anonymous.status).toBe(200);
    expect(anonymous.token).toBeUndefined();
    expect(anonymous.body.data.lines).toEqual([]);
    expect(await writeCounts(h.db)).toEqual(before);
  });
});

describe("pricing", () => {
  test("a voucher larger than the goods: the goods cost nothing, shipping is still charged, the tax is the shipping's", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const code = await issue({ amount: 5000 });
    const q = (await apply(code, { token, query: "payment=prepayment" })).body.data as CheckoutQuote;
    // 29.95 less 2 % (0.60) = 29.35: the voucher covers that much of its 50.00
    expect(q.totals.voucher!.amount).toBe(2995 - 60);
    expect(q.totals.grand.amount).toBe(595);
    expect(q.totals.tax.amount).toBe(includedTax(595, 19));
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: orderBody({ paymentMethod: "prepayment", expectedTotal: 595 }), token });
    expect(placed.body.errors).toEqual([]);
    expect(placed.body.data.totals).toMatchObject({
      goods: expect.objectContaining({ amount: 2995 }),
      prepaymentDiscount: expect.objectContaining({ amount: 60 }),
      voucher: { code, amount: expect.objectContaining({ amount: 2935 }) },
      grandTotal: expect.objectContaining({ amount: 595 }),
    });
    const row = await h.db
      .prepare("SELECT voucher_code, voucher_total, grand_total FROM orders WHERE order_number = ?")
      .bind(placed.body.data.orderNumber)
      .first();
    expect(row).toEqual({ voucher_code: code, voucher_total: 2935, grand_total: 595 });
    // single use: what was left of it is gone
    expect((await apply(code, { token: await cartWith([["FLOOR-1", 1]]) })).body.errors[0]?.code).toBe("voucher_redeemed");
  });

  test("the voucher's tax share is split by the rates' goods values, like the discount", async () => {
    await h.db.prepare("UPDATE prices SET tax_rate = 7 WHERE sku = 'NOEXP-1' AND shop_id = 'DE'").run();
    try {
      const token = await cartWith([
        ["FLOOR-1", 3],
        ["NOEXP-1", 2],
      ]);
      const code = await issue({ amount: 1000 });
      const q = (await apply(code, { token, query: "payment=prepayment" })).body.data as CheckoutQuote;
      const [g19, g7] = [3 * 2995, 2 * 1990];
      const goods = g19 + g7;
      const discount = Math.round(goods * 0.02);
      const reduction = discount + 1000;
      const share19 = Math.round((reduction * g19) / goods);
      const shipping = q.totals.shipping.amount;
      expect(q.totals.voucher!.amount).toBe(1000);
      expect(q.totals.tax.amount).toBe(includedTax(g19 - share19, 19) + includedTax(g7 - (reduction - share19), 7) + includedTax(shipping, 19));
      expect(q.totals.grand.amount).toBe(goods - discount - 1000 + shipping);
      // the order charges what the quote showed
      const placed = await h.call("POST", "/apiv2/checkout/order", {
        body: orderBody({ paymentMethod: "prepayment", expectedTotal: q.expectedTotal }),
        token,
      });
      expect(placed.body.errors).toEqual([]);
      expect(placed.body.data.totals.tax.amount.amount).toBe(q.totals.tax.amount);
    } finally {
      await h.db.prepare("UPDATE prices SET tax_rate = 19 WHERE sku = 'NOEXP-1' AND shop_id = 'DE'").run();
    }
  });

  test("a code that became unusable after it was applied is left out of the quote with a notice, and the order says so", async () => {
    const token = await cartWith([["FLOOR-1", 2]]);
    const code = await issue({ validUntil: "2026-11-20" });
    const applied = (await apply(code, { token })).body.data as CheckoutQuote;
    expect(applied.totals.grand.amount).toBe(5990 - 1000 + 595);
    h.setNow("2026-11-21T08:00:00Z");
    const later = await quote(token);
    expect(later.voucher).toBeNull();
    expect(later.totals.voucher).toBeNull();
    expect(later.notices).toEqual([{ code: "voucher_expired", params: { code } }]);
    expect(later.totals.grand.amount).toBe(5990 + 595);
    expect(later.canCheckout).toBe(true);
    const before = await writeCounts(h.db);
    // the total with the voucher, or none at all: refused with why, nothing written
    for (const expectedTotal of [applied.expectedTotal, undefined]) {
      const refused = await h.call("POST", "/apiv2/checkout/order", { body: orderBody({ expectedTotal }), token });
      expect(refused.status).toBe(409);
      expect(refused.body.errors).toEqual([{ message: "This voucher has expired.", code: "voucher_expired", field: "voucher" }]);
    }
    expect(await writeCounts(h.db)).toEqual(before);
    // the total without it, as the quote now shows: placed without the voucher, the cart lets go of the code
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: orderBody({ expectedTotal: later.expectedTotal }), token });
    expect(placed.body.errors).toEqual([]);
    expect(placed.body.data.totals.voucher).toBeNull();
    expect((await cartCode(token))?.voucher_code).toBeNull();
    expect((await voucherRow(code))!.redeemed_at).toBeNull();
  });
});

describe("placing the order", () => {
  test("redeems the code with the order, keeps code and amount, shows them in every view and in the confirmation mail", async () => {
    const token = await cartWith([["FLOOR-1", 3]]);
    const code = await issue();
    const q = (await apply(code, { token, query: "payment=prepayment" })).body.data as CheckoutQuote;
    const placed = await h.call("POST", "/apiv2/checkout/order", { body: orderBody({ paymentMethod: "prepayment", expectedTotal: q.expectedTotal }), token });
    expect(placed.body.errors).toEqual([]);
    const number = placed.body.data.orderNumber as string;
    expect(placed.body.data.totals.voucher).toEqual({ code, amount: expect.objectContaining({ amount: 1000, formattedWithCurrency: "10,00\u00a0€" }) });
    expect(placed.body.data.totals.grandTotal.amount).toBe(q.expectedTotal);
    const order = await h.db.prepare("SELECT id, voucher_code, voucher_total FROM orders WHERE order_number = ?").bind(number).first<{ id: string }>();
    expect(order).toMatchObject({ voucher_code: code, voucher_total: 1000 });
    expect(await voucherRow(code)).toMatchObject({ redeemed_at: new Date(NOW).toISOString(), order_id: order!.id });
    expect((await cartCode(token))?.voucher_code).toBeNull();
    // the success page's read
    expect((await h.call("GET", `/apiv2/checkout/order/${number}`, { token })).body.data.totals.voucher.code).toBe(code);
    // the confirmation mail
    const mail = (await h.db
      .prepare("SELECT * FROM mail_outbox WHERE dedupe_key = ?")
      .bind(`order-confirmation:${order!.id}`)
      .first<{ shop_id: string; language: string; template: string; params: string }>())!;
    expect(JSON.parse(mail.params).totals.voucher).toEqual({ code, value: "10,00\u00a0€" });
    const text = composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: JSON.parse(mail.params) }, "test").text;
    expect(text).toContain(`Gutschein ${code}: −10,00\u00a0€`);
    // the staff's view
    const now = () => new Date(NOW);
    const tokens = await staffLogins(h.env, h.db, now);
    const staff = await staffCaller(h.env, now)("GET", `/admin/api/orders/${number}`, { token: tokens.service });
    const detail = ((await staff.json()) as LooseJson).data;
    expect(detail.totals.voucher).toEqual({ code, amount: expect.objectContaining({ amount: 1000 }) });
    // an order without a voucher has none
    const plain = await h.call("POST", "/apiv2/checkout/order", { body: orderBody(), token: await cartWith([["FLOOR-1", 1]]) });
    expect(plain.body.data.totals.voucher).toBeNull();
  });

  test("two orders racing for one code: exactly one redeems it, the other is refused voucher_redeemed and writes nothing", async () => {
    const code = await issue();
    const [a, b] = [await cartWith([["FLOOR-1", 1]]), await cartWith([["FLOOR-1", 2]])];
    const [qa, qb] = [(await apply(code, { token: a })).body.data as CheckoutQuote, (await apply(code, { token: b })).body.data as CheckoutQuote];
    const before = await writeCounts(h.db);
    const answers = await Promise.all([
      h.call("POST", "/apiv2/checkout/order", { body: orderBody({ expectedTotal: qa.expectedTotal }), token: a }),
      h.call("POST", "/apiv2/checkout/order", { body: orderBody({ expectedTotal: qb.expectedTotal }), token: b }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!.body as ApiBody;
    expect(lost.errors).toEqual([{ message: "This voucher has already been redeemed.", code: "voucher_redeemed", field: "voucher" }]);
    const won = answers.find((answer) => answer.status === 200)!;
    const after = await writeCounts(h.db);
    expect(after.orders).toBe(before.orders! + 1);
    expect(after.redeemed).toBe(before.redeemed! + 1);
    expect(after.mail_outbox).toBe(before.mail_outbox! + 1);
    const wonQuantity = won === answers[0] ? 1 : 2;
    expect(after.stock).toBe(before.stock! - wonQuantity);
    const redeemedBy = await h.db.prepare("SELECT o.order_number FROM vouchers v JOIN orders o ON o.id = v.order_id WHERE v.code = ?").bind(code).first();
    expect(redeemedBy).toEqual({ order_number: won.body.data.orderNumber });
    // the loser's cart is as it was and its quote says why the voucher is gone
    const loser = won === answers[0] ? b : a;
    const q = await quote(loser);
    expect(q.lines).toHaveLength(1);
    expect(q.notices).toEqual([{ code: "voucher_redeemed", params: { code } }]);
  });
});

describe("the customer's order details", () => {
  test("show the voucher the order redeemed", async () => {
    const accounts = await createAccountHarness(NOW);
    try {
      jest.spyOn(console, "warn").mockImplementation(() => undefined);
      const browser = accounts.browser();
      await signedUpCustomer(accounts, browser, "gutschein@example.com");
      expect((await accounts.call(browser, "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 } })).status).toBe(200);
      const issued = issueVoucher(accounts.db, { shopId: "DE", currency: "EUR", amount: 1500, emailKey: "gutschein@example.com", now: new Date(NOW) });
      const [, readBack] = await accounts.db.batch([issued.statement, issued.readBack]);
      const code = issuedVoucherOf(readBack!, issued.candidate)!.voucher.code;
      expect((await accounts.call(browser, "POST", "/apiv2/cart/voucher", { body: { code } })).status).toBe(200);
      const placed = await accounts.call(browser, "POST", "/apiv2/checkout/order", { body: orderBody({ email: "gutschein@example.com" }) });
      expect(placed.body.errors).toEqual([]);
      const detail = await accounts.call(browser, "GET", `/apiv2/customer/orders/${placed.body.data.orderNumber}`);
      expect(detail.body.data.order.totals.voucher).toEqual({ code, amount: expect.objectContaining({ amount: 1500, formattedWithCurrency: "15,00\u00a0€" }) });
      expect(detail.body.data.order.totals.grandTotal.amount).toBe(2 * 2995 - 1500 + 595);
    } finally {
      await accounts.dispose();
    }
  });
});
