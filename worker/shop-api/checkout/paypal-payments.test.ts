/**
 * Online payment through PayPal (core/payments/paypal.ts, checkout/payments.ts; docs/decisions/0069)
 * against the local PayPal stand-in (scripts/lib/paypal-stand-in.ts): the real route table, a real
 * local D1, the adapter's own fetch calls and PayPal's webhook verification. The shopper's choices on
 * the stand-in's approval page are made as its buttons make them; its webhooks reach the shop API's
 * callback route. DE takes PayPal directly and card through Stripe (config/shops.json).
 */
import type { Harness } from "@tests/kit/commerce";
import { shopApiCaller } from "@tests/kit/shop-api";
import { SHOP_ID_HEADER } from "@worker/lib/shop-headers";
import {
  PAYPAL_STAND_IN_CLIENT_ID,
  PAYPAL_STAND_IN_CLIENT_SECRET,
  PAYPAL_STAND_IN_WEBHOOK_ID,
  usePaymentStandIns,
  type TestPayPalStandIn,
  placeWithPayment,
} from "@tests/kit/paypal-stand-in";
import type { TestStripeStandIn } from "@tests/kit/stripe-stand-in";
import { PAYPAL_TRANSMISSION_HEADERS } from "../core/payments/paypal-wire";
import { paymentConfigProblems } from "../core/payments/adapters";
import { paypalAdapter, paypalLocale } from "../core/payments/paypal";
import { refundPayment } from "../core/payments/refund";
import { writeMovement } from "../core/payments/ledger";
import { sweepPendingPayments } from "./payment-expiry";
import type { ApiContext } from "../core/context";
import { shopById } from "../core/shop";

let h: Harness;
let paypal: TestPayPalStandIn;
let stripe: TestStripeStandIn;
usePaymentStandIns((setup) => ({ h, paypal, stripe } = setup));
beforeEach(() => {
  paypal.down = false;
  paypal.holding = false;
  paypal.clockSkewSeconds = 0;
  paypal.answers.length = 0;
});

const CALLBACK = "/apiv2/checkout/payment/paypal/callback";
const SECRETS = { clientId: PAYPAL_STAND_IN_CLIENT_ID, clientSecret: PAYPAL_STAND_IN_CLIENT_SECRET, webhookId: PAYPAL_STAND_IN_WEBHOOK_ID };
const SKU = "FLOOR-1";

const placed = (method = "paypal") => placeWithPayment(h, SKU, method);

interface OrderRow {
  id: string;
  payment_state: string | null;
  payment_provider: string | null;
  payment_method: string;
  payment_reference: string | null;
  payment_attempt: number;
  stock_held: number;
  grand_total: number;
  state: string;
}
const orderOf = async (number: string) => (await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(number).first<OrderRow>())!;
const ledgerOf = async (number: string) =>
  (
    await h.db
      .prepare(
        "SELECT l.provider, l.kind, l.amount, l.currency, l.state, l.provider_ref FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ? ORDER BY l.created_at, l.kind",
      )
      .bind(number)
      .all<{ provider: string; kind: string; amount: number; currency: string; state: string; provider_ref: string }>()
  ).results;
const stock = async () => (await h.db.prepare("SELECT stock_qty FROM products WHERE sku = ?").bind(SKU).first<{ stock_qty: number }>())!.stock_qty;
const view = async (number: string, visitor: string) => (await h.call("GET", `/apiv2/checkout/order/${number}`, { token: visitor })).body.data;
const webhook = (body: string, headers: Record<string, string>) => h.call("POST", CALLBACK, { raw: body, headers });
const eventsOf = (paypalId: string, type?: string) =>
  paypal.events.filter((sent) => sent.body.includes(paypalId) && (type === undefined || sent.event.event_type === type));
const captureOf = (paypalId: string) => [...paypal.captures.values()].find((capture) => capture.supplementary_data?.related_ids?.order_id === paypalId);
/** The visitor back from PayPal (a redirect, no JSON). */
const returnOf = (number: string) =>
  shopApiCaller(h.env)(
    new Request(`http://shop-api/apiv2/checkout/payment/paypal/return?order=${number}&token=X&PayerID=Y`, { headers: { [SHOP_ID_HEADER]: "DE" } }),
  );

describe("the PayPal adapter creates an order", () => {
  test("for the order's grand total and currency, the shop and order number as custom_id and invoice_id, the shop's page language; paid once captured", async () => {
    const before = await stock();
    const tokens = paypal.tokensIssued;
    const { number, url, paypalId } = await placed();
    expect(url).toBe(`${paypal.origin}/checkoutnow?token=${paypalId}`);
    const order = await orderOf(number);
    expect(order).toMatchObject({ payment_state: "pending", payment_provider: "paypal", payment_reference: paypalId, payment_attempt: 1, stock_held: 1 });
    expect(paypal.orders.get(paypalId!)).toMatchObject({
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      purchase_units: [
        {
          reference_id: number,
          custom_id: `DE/${number}`,
          invoice_id: `DE/${number}`,
          amount: { currency_code: "EUR", value: (order.grand_total / 100).toFixed(2) },
        },
      ],
    });
    expect(await stock()).toBe(before - 2);
    // PayPal's page in the shop's language and country.
    expect(await (await fetch(url!)).text()).toContain("de-DE");

    // Approved on PayPal's page: PayPal's CHECKOUT.ORDER.APPROVED makes the shop capture; the capture's COMPLETED pays.
    const back = new URL(await paypal.choose(paypalId!, "approve"));
    expect(back.pathname).toBe("/apiv2/checkout/payment/paypal/return");
    expect(Object.fromEntries(back.searchParams)).toEqual({ order: number, token: paypalId, PayerID: "STANDINPAYER01" });
    const capture = captureOf(paypalId!)!;
    expect(capture).toMatchObject({ status: "COMPLETED", custom_id: `DE/${number}` });
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect(await ledgerOf(number)).toEqual([
      { provider: "paypal", kind: "charge", amount: order.grand_total, currency: "EUR", state: "succeeded", provider_ref: capture.id },
    ]);
    // The visitor's return changes nothing more; one token served every call.
    const returned = await returnOf(number);
    expect(returned.status).toBe(303);
    expect(returned.headers.get("location")).toMatch(new RegExp(`\\?order=${number}$`));
    expect([...paypal.captures.values()].filter((item) => item.supplementary_data?.related_ids?.order_id === paypalId)).toHaveLength(1);
    expect(await ledgerOf(number)).toHaveLength(1);
    expect(paypal.tokensIssued - tokens).toBeLessThanOrEqual(1);
  });

  test("the visitor's return captures when PayPal's webhooks are late; the late webhooks then change nothing", async () => {
    const { number, paypalId } = await placed();
    paypal.holding = true;
    await paypal.choose(paypalId!, "approve");
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    expect((await returnOf(number)).status).toBe(303);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    paypal.holding = false;
    for (const sent of eventsOf(paypalId!)) await paypal.resend(sent);
    expect(paypal.answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(paypal.answers.at(-1)!.data).toMatchObject({ applied: false, recorded: 0 });
    expect(await ledgerOf(number)).toHaveLength(1);
  });

  test("a repeated start of the same attempt creates no second PayPal order (PayPal-Request-Id: shop, order, attempt)", async () => {
    const { number } = await placed();
    const order = await orderOf(number);
    const shop = shopById("DE")!;
    const provider = paypalAdapter(
      shop.paymentProviders.find((settings) => settings.provider === "paypal")!,
      SECRETS,
      shop,
      h.env,
    );
    const request = {
      shopId: "DE",
      orderNumber: number,
      method: "paypal" as const,
      amount: order.grand_total,
      currency: "EUR",
      email: "erika@example.com",
      language: "de",
      attempt: 5,
      description: `Bodenhaus ${number}`,
      returnUrl: "http://de.localhost:8797/apiv2/checkout/payment/paypal/return?order=x",
      callbackUrl: "http://de.localhost:8797/apiv2/checkout/payment/paypal/callback",
    };
    const orders = paypal.orders.size;
    const first = await provider.start(request);
    expect(await provider.start(request)).toEqual(first);
    expect(paypal.orders.size).toBe(orders + 1);
    expect((await provider.start({ ...request, attempt: 6 })).reference).not.toBe(first.reference);
    // An expired or revoked token is fetched again once.
    const tokens = paypal.tokensIssued;
    paypal.revokeTokens();
    expect((await provider.start({ ...request, attempt: 7 })).reference).toMatch(/^[A-Z0-9]{17}$/);
    expect(paypal.tokensIssued).toBe(tokens + 1);
    // Only PayPal: the adapter opens nothing for another method.
    await expect(provider.start({ ...request, method: "card", attempt: 8 })).rejects.toThrow(/PayPal takes no card/);
  });

  test("PayPal's page speaks the shop's language in the shop's country", () => {
    expect(paypalLocale("de", shopById("DE")!)).toBe("de-DE");
    expect(paypalLocale("at", shopById("AT")!)).toBe("de-AT");
    expect(paypalLocale("fr", shopById("CH")!)).toBe("fr-CH");
    expect(paypalLocale("it", shopById("CH")!)).toBe("it-CH");
    expect(paypalLocale("en", shopById("COM")!)).toBe("en-GB");
    expect(paypalLocale("nl", shopById("NL")!)).toBe("nl-NL");
  });
});

describe("outcomes on the stand-in's approval page", () => {
  test("capture declined: the payment fails and the stock goes back; another try with PayPal pays the same order", async () => {
    const before = await stock();
    const { number, paypalId, visitor } = await placed();
    await paypal.choose(paypalId!, "decline");
    expect(captureOf(paypalId!)).toMatchObject({ status: "DECLINED" });
    expect(await orderOf(number)).toMatchObject({ payment_state: "failed", stock_held: 0 });
    expect(await stock()).toBe(before);
    expect(await ledgerOf(number)).toEqual([]);
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    const second = new URL(retry.body.data.payment.redirectUrl as string).searchParams.get("token")!;
    expect(second).not.toBe(paypalId);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: second, payment_attempt: 2, stock_held: 1 });
    await paypal.choose(second, "approve");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    expect((await ledgerOf(number)).map((row) => row.kind)).toEqual(["charge"]);
  });

  test("capture pending then completed: processing, no other try meanwhile, one ledger row", async () => {
    const { number, paypalId, visitor } = await placed();
    await paypal.choose(paypalId!, "pending");
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    expect(await view(number, visitor)).toMatchObject({ paymentState: "pending", paymentProgress: "processing" });
    expect((await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor })).status).toBe(409);
    await paypal.choose(paypalId!, "settle_paid");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect((await ledgerOf(number)).map((row) => [row.kind, row.provider_ref])).toEqual([["charge", captureOf(paypalId!)!.id]]);
  });

  test("capture pending then denied: the payment fails, the stock goes back", async () => {
    const before = await stock();
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "pending");
    await paypal.choose(paypalId!, "settle_failed");
    expect(await orderOf(number)).toMatchObject({ payment_state: "failed", stock_held: 0 });
    expect(await stock()).toBe(before);
  });

  test("cancelled at PayPal: the payment waits with its page open; another try leaves it, and approving the old one later takes nothing", async () => {
    const { number, paypalId, visitor } = await placed();
    const back = new URL(await paypal.choose(paypalId!, "cancel"));
    expect(Object.fromEntries(back.searchParams)).toEqual({ order: number, token: paypalId });
    expect((await returnOf(number)).status).toBe(303);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: paypalId });
    expect(await view(number, visitor)).toMatchObject({ paymentState: "pending", paymentProgress: "open" });
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    const second = new URL(retry.body.data.payment.redirectUrl as string).searchParams.get("token")!;
    // The first PayPal order approved after all (another tab): the shop does not capture it.
    await paypal.choose(paypalId!, "approve");
    expect(paypal.answers.at(-1)).toEqual({ status: 200, data: expect.objectContaining({ applied: false, paymentState: "pending" }) });
    expect(captureOf(paypalId!)).toBeUndefined();
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: second });
    await paypal.choose(second, "approve");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    expect(await ledgerOf(number)).toHaveLength(1);
  });
});

describe("the webhook, verified by PayPal, is the source of truth", () => {
  test("replayed, duplicated and out-of-order events change nothing twice: one ledger row, paid stays paid", async () => {
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "approve");
    const [approved, completed] = eventsOf(paypalId!);
    expect([approved!.event.event_type, completed!.event.event_type]).toEqual(["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"]);
    paypal.answers.length = 0;
    // PayPal sends again (the same transmission), and in another order.
    for (const sent of [completed!, approved!, completed!]) await paypal.resend(sent);
    expect(paypal.answers.map((answer) => [answer.status, answer.data])).toEqual([
      [200, expect.objectContaining({ replayed: true, applied: false, recorded: 0 })],
      [200, expect.objectContaining({ applied: false, recorded: 0 })],
      [200, expect.objectContaining({ replayed: true, applied: false, recorded: 0 })],
    ]);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    expect(await ledgerOf(number)).toHaveLength(1);
  });

  test("a late pending event never undoes paid; a denial made of it is refused", async () => {
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "pending");
    await paypal.choose(paypalId!, "settle_paid");
    const pending = eventsOf(paypalId!, "PAYMENT.CAPTURE.PENDING")[0]!;
    await paypal.resend(pending);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    // A denial of the same PayPal order sent after the success (a new transmission PayPal verifies) changes nothing.
    const forgedDenial = { ...pending.event, event_type: "PAYMENT.CAPTURE.DENIED" };
    const body = JSON.stringify(forgedDenial);
    expect((await webhook(body, pending.headers)).status).toBe(401);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
  });

  test("forged events, changed events, missing headers and another webhook's events are refused and change nothing", async () => {
    const { number, paypalId } = await placed();
    paypal.holding = true;
    await paypal.choose(paypalId!, "approve");
    const approved = eventsOf(paypalId!, "CHECKOUT.ORDER.APPROVED")[0]!;
    const refused: [string, string, Record<string, string>][] = [
      ["a changed event", approved.body.replace(`DE/${number}`, `DE/${number}0`), approved.headers],
      ["another signature", approved.body, { ...approved.headers, [PAYPAL_TRANSMISSION_HEADERS.sig]: "Zm9yZ2Vk" }],
      ["another transmission id", approved.body, { ...approved.headers, [PAYPAL_TRANSMISSION_HEADERS.id]: "0".repeat(32) }],
      ["another certificate", approved.body, { ...approved.headers, [PAYPAL_TRANSMISSION_HEADERS.certUrl]: "https://evil.example/cert.pem" }],
      ["no signature", approved.body, { ...approved.headers, [PAYPAL_TRANSMISSION_HEADERS.sig]: "" }],
      ["no headers at all", approved.body, { "content-type": "application/json" }],
      ["unreadable JSON", "{not json", approved.headers],
    ];
    for (const [name, body, headers] of refused) {
      const answer = await webhook(body, headers);
      expect([name, answer.status, answer.body.errors[0]?.code]).toEqual([name, 401, "payment_callback_refused"]);
    }
    // Right for another webhook id (another shop's or account's webhook): PayPal's verification fails for this one.
    const env = h.env as unknown as Record<string, string>;
    env.PAYPAL_WEBHOOK_ID = "WH-ANOTHER";
    const otherAnswer = await webhook(approved.body, approved.headers);
    env.PAYPAL_WEBHOOK_ID = PAYPAL_STAND_IN_WEBHOOK_ID;
    expect(otherAnswer.status).toBe(401);
    expect(captureOf(paypalId!)).toBeUndefined();
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    // The event as PayPal sent it is taken.
    expect((await webhook(approved.body, approved.headers)).status).toBe(200);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
  });

  test("a stale transmission is refused though PayPal would verify it", async () => {
    const { number, paypalId } = await placed();
    paypal.clockSkewSeconds = -10 * 60;
    await paypal.choose(paypalId!, "approve");
    expect(paypal.answers.map((answer) => answer.status)).toEqual([401]);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    paypal.clockSkewSeconds = 10 * 60;
    await paypal.resend(eventsOf(paypalId!, "CHECKOUT.ORDER.APPROVED")[0]!);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
  });

  test("PayPal down while verifying: the webhook is answered 5xx (PayPal retries it) and changes nothing", async () => {
    const { number, paypalId } = await placed();
    paypal.holding = true;
    await paypal.choose(paypalId!, "approve");
    const approved = eventsOf(paypalId!, "CHECKOUT.ORDER.APPROVED")[0]!;
    paypal.down = true;
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await webhook(approved.body, approved.headers);
    error.mockRestore();
    expect(answer.status).toBeGreaterThanOrEqual(500);
    paypal.down = false;
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
  });

  test("another shop's PayPal capture is ignored here", async () => {
    const { number, paypalId } = await placed();
    paypal.holding = true;
    await paypal.choose(paypalId!, "approve");
    // The same order's events at another shop's endpoint: verified, but not that shop's payment.
    for (const sent of eventsOf(paypalId!)) {
      const answer = await h.call("POST", CALLBACK, { raw: sent.body, headers: sent.headers, shop: "AT" });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ orderNumber: null, applied: false });
    }
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
  });

  test("a success for an order cancelled meanwhile is refunded by itself, once; PayPal's REFUNDED for it writes nothing more", async () => {
    const { number, paypalId } = await placed();
    await h.db.prepare("UPDATE orders SET state = 'cancelled', cancelled_at = ? WHERE order_number = ?").bind("2026-11-18T08:30:00Z", number).run();
    await paypal.choose(paypalId!, "approve");
    const order = await orderOf(number);
    const capture = captureOf(paypalId!)!;
    expect((await ledgerOf(number)).map((row) => [row.provider, row.kind, row.amount, row.state])).toEqual([
      ["paypal", "charge", order.grand_total, "succeeded"],
      ["paypal", "refund", order.grand_total, "succeeded"],
    ]);
    const refunds = () => [...paypal.refunds.values()].filter((refund) => refund.links?.some((link) => link.href.endsWith(`/captures/${capture.id}`)));
    expect(refunds()).toHaveLength(1);
    for (const sent of [...eventsOf(capture.id!, "PAYMENT.CAPTURE.REFUNDED"), ...eventsOf(paypalId!, "PAYMENT.CAPTURE.COMPLETED")]) await paypal.resend(sent);
    expect(await ledgerOf(number)).toHaveLength(2);
    expect(refunds()).toHaveLength(1);
  });

  test("a reversal (chargeback) is written to the ledger once", async () => {
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "approve");
    const capture = captureOf(paypalId!)!;
    await paypal.reverse(capture.id!, 500);
    const reversed = paypal.events.at(-1)!;
    expect(reversed.event.event_type).toBe("PAYMENT.CAPTURE.REVERSED");
    await paypal.resend(reversed);
    expect((await ledgerOf(number)).map((row) => [row.kind, row.amount])).toEqual([
      ["charge", (await orderOf(number)).grand_total],
      ["chargeback", 500],
    ]);
  });
});

describe("a PayPal order never approved (the sweep's other paths: payment-sweep.test.ts)", () => {
  test("is cancelled by the expiry job a day after it was opened, its stock given back once; a younger one is left", async () => {
    const before = await stock();
    const abandoned = await placed();
    expect(await stock()).toBe(before - 2);
    // Within the day (after the time to capture an approval) nothing is asked.
    expect(await sweepPendingPayments(h.env, new Date("2026-11-18T20:00:00Z"))).toEqual({ captured: 0, released: 0 });
    expect(await orderOf(abandoned.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
    // A day later (the file's other payments left unpaid go too).
    const dayLater = new Date("2026-11-19T09:00:00Z");
    expect((await sweepPendingPayments(h.env, dayLater)).released).toBeGreaterThanOrEqual(1);
    expect(await orderOf(abandoned.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
    const released = await stock();
    expect(released).toBeGreaterThanOrEqual(before);
    expect(await sweepPendingPayments(h.env, dayLater)).toEqual({ captured: 0, released: 0 });
    expect(await stock()).toBe(released);
    // Approving the lapsed order at PayPal afterwards takes nothing: the shop captures only an order's open payment.
    await paypal.choose(abandoned.paypalId!, "approve").catch(() => undefined);
    expect(await orderOf(abandoned.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
    expect(captureOf(abandoned.paypalId!)).toBeUndefined();
  });

  test("PayPal down: the payment waits for the next run", async () => {
    const { number } = await placed();
    paypal.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    await sweepPendingPayments(h.env, new Date("2026-11-19T09:00:00Z"));
    warn.mockRestore();
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
  });
});

describe("refunds and providers side by side", () => {
  test("a staff cancellation's refund goes back through PayPal, never more than was paid, keyed by the cancellation", async () => {
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "approve");
    const order = await orderOf(number);
    const request = new Request("https://api.example/admin/api/orders/x/cancel", { method: "POST" });
    const ctx: ApiContext = { request, url: new URL(request.url), env: h.env, db: h.db, now: new Date(), waitUntil: () => undefined, meta: {}, headers: {} };
    const refund = { shopId: "DE", orderId: order.id, orderNumber: number, provider: "paypal", amount: 500, currency: "EUR", cause: "lines-1" };
    expect(await refundPayment(ctx, refund)).toEqual({ state: "refunded", amount: 500, currency: "EUR", cause: "lines-1" });
    // The same cancellation again: PayPal answers the same refund (PayPal-Request-Id), the ledger keeps one row.
    await h.db.prepare("DELETE FROM payment_ledger WHERE order_id = ? AND kind = 'refund'").bind(order.id).run();
    expect(await refundPayment(ctx, refund)).toEqual({ state: "refunded", amount: 500, currency: "EUR", cause: "lines-1" });
    expect(await refundPayment(ctx, { ...refund, amount: order.grand_total, cause: "order" })).toEqual({
      state: "refunded",
      amount: order.grand_total - 500,
      currency: "EUR",
      cause: "order",
    });
    expect(await refundPayment(ctx, { ...refund, cause: "lines-2" })).toBeNull();
    const capture = captureOf(paypalId!)!;
    expect(capture.status).toBe("REFUNDED");
    const refunds = (await ledgerOf(number)).filter((row) => row.kind === "refund");
    expect(refunds.map((row) => [row.provider, row.amount, row.state]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ["paypal", 500, "succeeded"],
      ["paypal", order.grand_total - 500, "succeeded"],
    ]);
    // PayPal down: the refund is reported failed, nothing written.
    const second = await placed();
    await paypal.choose(second.paypalId!, "approve");
    const secondOrder = await orderOf(second.number);
    paypal.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await refundPayment(ctx, { ...refund, orderId: secondOrder.id, orderNumber: second.number, cause: "order" })).toEqual({
      state: "failed",
      amount: 500,
      currency: "EUR",
      cause: "order",
    });
    warn.mockRestore();
    expect((await ledgerOf(second.number)).map((row) => row.kind)).toEqual(["charge"]);
  });

  test("a refund PayPal first answered pending gets its credit note once on PAYMENT.CAPTURE.REFUNDED; replays issue none more", async () => {
    const { number, paypalId } = await placed();
    await paypal.choose(paypalId!, "approve");
    const order = await orderOf(number);
    const capture = captureOf(paypalId!)!;
    const request = new Request("https://api.example/admin/api/orders/x/cancel", { method: "POST" });
    const ctx: ApiContext = { request, url: new URL(request.url), env: h.env, db: h.db, now: new Date(), waitUntil: () => undefined, meta: {}, headers: {} };
    const creditNotes = async () =>
      (await h.db.prepare("SELECT refund_ref, gross_total FROM invoices WHERE order_id = ? AND kind = 'credit_note'").bind(order.id).all()).results;
    // PayPal's refund answer said PENDING (its webhook held back): the ledger has it pending, no credit note yet.
    paypal.holding = true;
    const de = shopById("DE")!;
    const adapter = paypalAdapter(
      de.paymentProviders.find((settings) => settings.provider === "paypal")!,
      SECRETS,
      de,
      h.env,
    );
    const movement = await adapter.refund!({ paymentId: capture.id!, amount: 600, currency: "EUR", key: `refund-DE-${number}-lines-1` });
    await writeMovement(ctx, "paypal", order.id, { ...movement, state: "pending" });
    expect(await creditNotes()).toEqual([]);
    const refunded = eventsOf(capture.id!, "PAYMENT.CAPTURE.REFUNDED");
    expect(refunded).toHaveLength(1);
    paypal.holding = false;
    for (let time = 0; time < 2; time++) await paypal.resend(refunded[0]!);
    expect(await creditNotes()).toEqual([{ refund_ref: movement.id, gross_total: 600 }]);
    expect((await ledgerOf(number)).filter((row) => row.kind === "refund").map((row) => [row.amount, row.state])).toEqual([[600, "succeeded"]]);
  });

  test("a card declined at Stripe, then PayPal on the same order: one paid payment, through PayPal", async () => {
    const { number, url, visitor } = await placed("card");
    const session = url!.split("/").pop()!;
    await stripe.choose(session, "decline");
    expect(await view(number, visitor)).toMatchObject({
      paymentState: "pending",
      paymentProgress: "open",
      paymentAlternatives: ["paypal", "klarna", "sepa", "amazon_pay", "instalment"],
    });
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor, body: { paymentMethod: "paypal" } });
    expect(retry.status).toBe(200);
    expect(stripe.sessions.get(session)!.status).toBe("expired");
    const paypalId = new URL(retry.body.data.payment.redirectUrl as string).searchParams.get("token")!;
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_provider: "paypal", payment_method: "paypal", payment_attempt: 2 });
    await paypal.choose(paypalId, "approve");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid", payment_provider: "paypal" });
    expect((await ledgerOf(number)).map((row) => [row.provider, row.kind])).toEqual([["paypal", "charge"]]);
    // Stripe's late expiry of the first session does not touch the paid order.
    expect(await view(number, visitor)).toMatchObject({ paymentState: "paid" });
  });

  test("PayPal down at order time: the order is placed, pending without a page; another try later opens it", async () => {
    paypal.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const { number, url, visitor } = await placed();
    warn.mockRestore();
    expect(url).toBeNull();
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: null, stock_held: 1 });
    expect(await view(number, visitor)).toMatchObject({ paymentState: "pending", paymentProgress: "not_started" });
    paypal.down = false;
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    expect(retry.body.data.payment.redirectUrl).toMatch(new RegExp(`^${paypal.origin}/checkoutnow\\?token=[A-Z0-9]{17}$`));
  });

  test("the config check refuses a provider the shop API has no adapter of, a method its adapter does not take, and missing secret names", () => {
    const shops = ["DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"].map((id) => shopById(id)!);
    expect(paymentConfigProblems(shops)).toEqual([]);
    const de = shopById("DE")!;
    expect(
      paymentConfigProblems([
        { ...de, paymentProviders: [{ provider: "paypal", methods: ["paypal", "card"], secrets: { clientId: "PAYPAL_CLIENT_ID" } }] },
        { ...de, paymentProviders: [{ provider: "stripe", methods: ["card"], secrets: { apiKey: "STRIPE_SECRET_KEY" } }] },
        { ...de, paymentProviders: [{ provider: "mollie", methods: ["card"], secrets: {} }] },
      ]),
    ).toEqual([
      "shops[0].paymentProviders[0].secrets: paypal needs the names of its secrets clientSecret, webhookId",
      "shops[0].paymentProviders[0].methods[1]: paypal takes no card",
      "shops[1].paymentProviders[0].secrets: stripe needs the names of its secrets webhookSecret",
      "shops[2].paymentProviders[0].provider: no payment adapter 'mollie' (known: stripe, paypal)",
    ]);
  });
});
