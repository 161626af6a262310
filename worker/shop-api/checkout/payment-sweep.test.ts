/**
 * The sweep of pending online payments (checkout/payment-expiry.ts; docs/decisions/0069) through the real
 * route table, a real local D1 and the local Stripe and PayPal stand-ins: a payment that never opened
 * lapses after the expiry with its stock given back; a PayPal approval whose capture never came is
 * captured once, or cancelled when PayPal can no longer capture it; a provider still down changes nothing; one the
 * provider does not know is cancelled only once it is older than any PayPal order, and asked again at growing intervals till then.
 * Every test leaves its orders settled, so the next one's sweeps find only its own.
 */
import type { Harness } from "@tests/kit/commerce";
import { usePaymentStandIns, type TestPayPalStandIn, placeWithPayment } from "@tests/kit/paypal-stand-in";
import type { TestStripeStandIn } from "@tests/kit/stripe-stand-in";
import { CAPTURE_AFTER_MINUTES, CAPTURE_HOURS, PAYMENT_EXPIRY_HOURS, sweepPendingPayments, UNKNOWN_PAYMENT_DAYS } from "./payment-expiry";

let h: Harness;
let paypal: TestPayPalStandIn;
let stripe: TestStripeStandIn;
let warn: jest.SpyInstance;
usePaymentStandIns((setup) => ({ h, paypal, stripe } = setup));
beforeEach(() => {
  paypal.down = false;
  paypal.holding = false;
  stripe.down = false;
  warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const SKU = "FLOOR-1";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each test's own day, so an earlier test's times never meet a later one's. */
let day = 0;
function timeline(): (offsetMs: number) => Date {
  day += 3;
  const start = Date.parse("2026-12-01T08:00:00Z") + day * 24 * HOUR;
  h.setNow(new Date(start).toISOString());
  return (offsetMs) => new Date(start + offsetMs);
}

const placed = (method: "paypal" | "card") => placeWithPayment(h, SKU, method);

interface OrderRow {
  payment_state: string | null;
  payment_checked_at: string | null;
  payment_reference: string | null;
  payment_attempt: number;
  stock_held: number;
  state: string;
}
const orderOf = async (number: string) => (await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(number).first<OrderRow>())!;
const stock = async () => (await h.db.prepare("SELECT stock_qty FROM products WHERE sku = ?").bind(SKU).first<{ stock_qty: number }>())!.stock_qty;
const ledgerOf = async (number: string) =>
  (
    await h.db
      .prepare("SELECT l.provider, l.kind, l.amount FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ?")
      .bind(number)
      .all<{ provider: string; kind: string; amount: number }>()
  ).results;
const cancellationsOf = async (number: string) =>
  (await h.db
    .prepare("SELECT COUNT(*) AS n FROM order_payment_events e JOIN orders o ON o.id = e.order_id WHERE o.order_number = ? AND e.status = 'cancelled'")
    .bind(number)
    .first<{ n: number }>())!.n;
const mailsTo = async () => (await h.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox").first<{ n: number }>())!.n;
/** An order approved at PayPal whose return never came and whose webhooks are lost (held, not delivered). */
async function approvedUncaptured(outcome: "approve" | "decline" | "pending" = "approve") {
  const order = await placed("paypal");
  paypal.holding = true;
  await paypal.choose(order.paypalId!, outcome);
  paypal.holding = false;
  return order;
}

describe("a payment that never opened (the provider was down when the order was placed)", () => {
  test.each([["paypal"], ["card"]] as const)(
    "%s: kept within the expiry, then cancelled once with its stock given back; the visitor may still pay it",
    async (method) => {
      const at = timeline();
      const before = await stock();
      paypal.down = method === "paypal";
      stripe.down = method === "card";
      const order = await placed(method);
      expect(order.url).toBeNull();
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", payment_reference: null, stock_held: 1 });
      // Within the day, the provider still down: nothing changes.
      await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR - MINUTE));
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
      expect(await stock()).toBe(before - 2);
      // After the expiry (the provider down or not: nothing is asked of it), once.
      const mails = await mailsTo();
      const expired = at(PAYMENT_EXPIRY_HOURS * HOUR + MINUTE);
      expect(await sweepPendingPayments(h.env, expired)).toEqual({ captured: 0, released: 1 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0, state: "placed" });
      expect(await stock()).toBe(before);
      expect(await sweepPendingPayments(h.env, expired)).toEqual({ captured: 0, released: 0 });
      expect(await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR + 10 * MINUTE))).toEqual({ captured: 0, released: 0 });
      expect(await stock()).toBe(before);
      expect(await mailsTo()).toBe(mails);
      // The visitor comes back later: another try takes the stock again and opens the payment.
      paypal.down = false;
      stripe.down = false;
      h.setNow(at(PAYMENT_EXPIRY_HOURS * HOUR + HOUR).toISOString());
      const retry = await h.call("POST", `/apiv2/checkout/order/${order.number}/payment`, { token: order.visitor });
      expect(retry.status).toBe(200);
      expect(retry.body.data.payment.redirectUrl).toEqual(expect.any(String));
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", payment_attempt: 2, stock_held: 1 });
      expect(await stock()).toBe(before - 2);
      // Settled for the next test: left unpaid, the sweep cancels it a day later.
      await sweepPendingPayments(h.env, at(2 * PAYMENT_EXPIRY_HOURS * HOUR + 2 * HOUR));
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
      expect(await stock()).toBe(before);
    },
  );

  test("a try just before the expiry opens the payment: the sweep leaves it", async () => {
    const at = timeline();
    paypal.down = true;
    const order = await placed("paypal");
    paypal.down = false;
    h.setNow(at(PAYMENT_EXPIRY_HOURS * HOUR - 5 * MINUTE).toISOString());
    const retry = await h.call("POST", `/apiv2/checkout/order/${order.number}/payment`, { token: order.visitor });
    expect(retry.status).toBe(200);
    await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR + MINUTE));
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", payment_attempt: 2, stock_held: 1 });
    // Settled for the next test: the opened payment approved and paid.
    await paypal.choose(new URL(retry.body.data.payment.redirectUrl as string).searchParams.get("token")!, "approve");
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "paid" });
  });
});

describe("a PayPal order approved but never captured", () => {
  test("is captured by the sweep after the return's and webhook's time, once; PayPal still down changes nothing", async () => {
    const at = timeline();
    const before = await stock();
    const order = await approvedUncaptured();
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
    // Before the return and the webhook had their time: nothing is asked.
    expect(await sweepPendingPayments(h.env, at(CAPTURE_AFTER_MINUTES * MINUTE - MINUTE))).toEqual({ captured: 0, released: 0 });
    // PayPal down: nothing changes, the next run tries again.
    paypal.down = true;
    expect(await sweepPendingPayments(h.env, at(CAPTURE_AFTER_MINUTES * MINUTE + MINUTE))).toEqual({ captured: 0, released: 0 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
    expect(await ledgerOf(order.number)).toEqual([]);
    paypal.down = false;
    const later = at(CAPTURE_AFTER_MINUTES * MINUTE + 6 * MINUTE);
    expect(await sweepPendingPayments(h.env, later)).toEqual({ captured: 1, released: 0 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect(await ledgerOf(order.number)).toEqual([{ provider: "paypal", kind: "charge", amount: expect.any(Number) }]);
    // A replayed sweep, the visitor's late return and PayPal's late webhooks: nothing twice.
    expect(await sweepPendingPayments(h.env, later)).toEqual({ captured: 0, released: 0 });
    for (const sent of paypal.events.filter((event) => event.body.includes(order.paypalId!))) await paypal.resend(sent);
    expect(await ledgerOf(order.number)).toHaveLength(1);
    expect([...paypal.captures.values()].filter((capture) => capture.supplementary_data?.related_ids?.order_id === order.paypalId)).toHaveLength(1);
    expect(await stock()).toBe(before - 2);
  });

  test("a capture PayPal answers pending stays pending, its stock held, and is taken once when PayPal completes it", async () => {
    const at = timeline();
    const before = await stock();
    const order = await approvedUncaptured("pending");
    const swept = at(CAPTURE_AFTER_MINUTES * MINUTE + MINUTE);
    expect(await sweepPendingPayments(h.env, swept)).toEqual({ captured: 0, released: 0 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
    // Asked again once the payment is twice as old: the same capture (PayPal-Request-Id), nothing twice.
    const reads = paypal.orderReads;
    expect(await sweepPendingPayments(h.env, at(CAPTURE_AFTER_MINUTES * MINUTE + 6 * MINUTE))).toEqual({ captured: 0, released: 0 });
    expect(paypal.orderReads).toBe(reads);
    expect(await sweepPendingPayments(h.env, at(2 * (CAPTURE_AFTER_MINUTES + 1) * MINUTE))).toEqual({ captured: 0, released: 0 });
    expect(paypal.orderReads).toBeGreaterThan(reads);
    expect([...paypal.captures.values()].filter((capture) => capture.supplementary_data?.related_ids?.order_id === order.paypalId)).toHaveLength(1);
    await paypal.choose(order.paypalId!, "settle_paid");
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect(await ledgerOf(order.number)).toHaveLength(1);
    expect(await sweepPendingPayments(h.env, at(2 * (CAPTURE_AFTER_MINUTES + 1) * MINUTE + 5 * MINUTE))).toEqual({ captured: 0, released: 0 });
    expect(await stock()).toBe(before - 2);
  });

  test("a capture PayPal declines fails the payment and gives the stock back, once", async () => {
    const at = timeline();
    const before = await stock();
    const order = await approvedUncaptured("decline");
    const swept = at(CAPTURE_AFTER_MINUTES * MINUTE + MINUTE);
    expect(await sweepPendingPayments(h.env, swept)).toEqual({ captured: 0, released: 1 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "failed", stock_held: 0 });
    expect(await sweepPendingPayments(h.env, swept)).toEqual({ captured: 0, released: 0 });
    expect(await stock()).toBe(before);
    expect(await ledgerOf(order.number)).toEqual([]);
  });

  test("one PayPal can no longer capture (its time ran out) is cancelled, its stock given back once", async () => {
    const at = timeline();
    const before = await stock();
    const order = await approvedUncaptured();
    paypal.lapse(order.paypalId!);
    const swept = at(CAPTURE_HOURS * HOUR - MINUTE);
    expect(await sweepPendingPayments(h.env, swept)).toEqual({ captured: 0, released: 1 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
    expect(await sweepPendingPayments(h.env, swept)).toEqual({ captured: 0, released: 0 });
    expect(await stock()).toBe(before);
    expect(await ledgerOf(order.number)).toEqual([]);
  });

  test("one never approved is asked at growing intervals in the capture window (a handful of times, not every run), then at the expiry", async () => {
    const at = timeline();
    const order = await placed("paypal");
    const asked: number[] = [];
    // The cron's runs every 5 minutes through the capture window.
    for (let minutes = 5; minutes <= CAPTURE_HOURS * 60 + 30; minutes += 5) {
      const reads = paypal.orderReads;
      expect(await sweepPendingPayments(h.env, at(minutes * MINUTE))).toEqual({ captured: 0, released: 0 });
      if (paypal.orderReads > reads) asked.push(minutes);
    }
    expect(asked).toEqual([20, 40, 80, 160]);
    // A question PayPal could not answer does not count: the next run asks again.
    paypal.down = true;
    expect(await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR + MINUTE))).toEqual({ captured: 0, released: 0 });
    paypal.down = false;
    expect(await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR + 6 * MINUTE))).toEqual({ captured: 0, released: 1 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
  });

  test("one never approved is left open within the day; after the capture window it is not asked until the expiry", async () => {
    const at = timeline();
    const before = await stock();
    const order = await placed("paypal");
    expect(await sweepPendingPayments(h.env, at(CAPTURE_AFTER_MINUTES * MINUTE + MINUTE))).toEqual({ captured: 0, released: 0 });
    paypal.down = true;
    // Outside the capture window and before the expiry PayPal is not asked (down or not, nothing is logged).
    warn.mockClear();
    expect(await sweepPendingPayments(h.env, at(CAPTURE_HOURS * HOUR + MINUTE))).toEqual({ captured: 0, released: 0 });
    expect(warn).not.toHaveBeenCalled();
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
    paypal.down = false;
    expect(await sweepPendingPayments(h.env, at(PAYMENT_EXPIRY_HOURS * HOUR + MINUTE))).toEqual({ captured: 0, released: 1 });
    expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
    expect(await stock()).toBe(before);
  });
});

describe("a payment its provider does not know (PayPal: 404 RESOURCE_NOT_FOUND; Stripe: resource_missing)", () => {
  /** An order whose payment opened at the provider, which then forgets it (PayPal keeps an order at most 29 days). */
  async function forgotten(method: "paypal" | "card") {
    const order = await placed(method);
    const { payment_reference: reference } = await orderOf(order.number);
    expect(method === "paypal" ? paypal.orders.delete(reference!) : stripe.sessions.delete(reference!)).toBe(true);
    return order;
  }

  test.each([["paypal"], ["card"]] as const)(
    "%s: opened more than UNKNOWN_PAYMENT_DAYS ago, cancelled once as an expired one, its stock given back; one a minute younger is left",
    async (method) => {
      const at = timeline();
      const before = await stock();
      const order = await forgotten(method);
      h.setNow(at(2 * MINUTE).toISOString());
      const younger = await forgotten(method);
      const old = at(UNKNOWN_PAYMENT_DAYS * DAY + MINUTE);
      expect(await sweepPendingPayments(h.env, old)).toEqual({ captured: 0, released: 1 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0, state: "placed" });
      expect(await orderOf(younger.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
      expect(await stock()).toBe(before - 2);
      expect(await cancellationsOf(order.number)).toBe(1);
      expect(await ledgerOf(order.number)).toEqual([]);
      // Again, later: nothing twice.
      expect(await sweepPendingPayments(h.env, old)).toEqual({ captured: 0, released: 0 });
      expect(await sweepPendingPayments(h.env, at((UNKNOWN_PAYMENT_DAYS + 1) * DAY))).toEqual({ captured: 0, released: 0 });
      expect(await cancellationsOf(order.number)).toBe(1);
      // Settled for the next test: the younger one once asked again (twice as old), its stock given back.
      expect(await sweepPendingPayments(h.env, at(2 * UNKNOWN_PAYMENT_DAYS * DAY))).toEqual({ captured: 0, released: 1 });
      expect(await orderOf(younger.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
      expect(await stock()).toBe(before);
    },
  );

  test.each([["paypal"], ["card"]] as const)(
    "%s: a younger one is left pending with a warning, asked again only once twice as old, cancelled after UNKNOWN_PAYMENT_DAYS",
    async (method) => {
      const at = timeline();
      const before = await stock();
      const order = await forgotten(method);
      const young = at(2 * DAY);
      expect(await sweepPendingPayments(h.env, young)).toEqual({ captured: 0, released: 0 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1, payment_checked_at: young.toISOString() });
      expect(await stock()).toBe(before - 2);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining(`${order.number} left pending: ${method === "paypal" ? "paypal" : "stripe"} does not know payment`),
      );
      // The next runs ask nothing until the payment is twice as old.
      const reads = paypal.orderReads;
      for (const offset of [2 * DAY + 5 * MINUTE, 4 * DAY - MINUTE]) {
        expect(await sweepPendingPayments(h.env, at(offset))).toEqual({ captured: 0, released: 0 });
        expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", payment_checked_at: young.toISOString() });
      }
      expect(paypal.orderReads).toBe(reads);
      // The visitor cannot replace it: the provider cannot say it is over.
      h.setNow(at(4 * DAY - MINUTE).toISOString());
      const retry = await h.call("POST", `/apiv2/checkout/order/${order.number}/payment`, { token: order.visitor });
      expect(retry.status).toBe(409);
      expect(retry.body.errors[0]).toMatchObject({ code: "payment_not_retryable" });
      // Twice as old: asked again, still young.
      const doubled = at(4 * DAY);
      expect(await sweepPendingPayments(h.env, doubled)).toEqual({ captured: 0, released: 0 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1, payment_checked_at: doubled.toISOString() });
      if (method === "paypal") expect(paypal.orderReads).toBeGreaterThan(reads);
      // Within UNKNOWN_PAYMENT_DAYS still left; asked at twice that age, beyond it: cancelled, its stock given back once.
      expect(await sweepPendingPayments(h.env, at(16 * DAY))).toEqual({ captured: 0, released: 0 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "pending", stock_held: 1 });
      expect(await sweepPendingPayments(h.env, at(32 * DAY))).toEqual({ captured: 0, released: 1 });
      expect(await orderOf(order.number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
      expect(await stock()).toBe(before);
      expect(await cancellationsOf(order.number)).toBe(1);
    },
  );
});
