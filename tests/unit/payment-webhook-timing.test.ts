/**
 * A payment's webhook before, during and after the order's own writes, and twice, through the
 * real route table on a real local D1 with the Stripe stand-in (docs/decisions/0066, 0067):
 *
 * - before: nothing can name an order before its batch committed (the payment opens after it), so
 *   an event that finds no order is answered 404, which Stripe retries, and changes nothing; its
 *   retry once the order is there applies it;
 * - during: the shopper pays so fast that the event arrives between the session's opening and
 *   the order's note of the session: the order is paid once, its session noted, one charge;
 * - after, and twice: the same event again changes nothing and writes no second ledger row.
 * Afterwards the invariant check finds nothing wrong.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { STAND_IN_WEBHOOK_SECRET, type TestStripeStandIn, useStripeStandIn } from "@tests/kit/stripe-stand-in";
import { stripeSignature } from "@scripts/lib/stripe-stand-in";
import { checkInvariants, hasViolations, reportLines } from "@scripts/lib/invariants";

const CALLBACK = "/apiv2/checkout/payment/stripe/callback";
const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const ORDER = { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "card", acceptTerms: true };

let h: Harness;
let stripe: TestStripeStandIn;
useStripeStandIn(createHarness, (setup) => ({ h, stripe } = setup));
beforeAll(() => {
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterAll(() => {
  jest.restoreAllMocks();
});

async function placeOrder(): Promise<{ number: string; sessionId: string }> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 } });
  const placed = await h.call("POST", "/apiv2/checkout/order", { body: ORDER, token: added.token });
  expect(placed.status).toBe(200);
  const url = placed.body.data.payment.redirectUrl as string;
  return { number: placed.body.data.orderNumber as string, sessionId: url.split("/").pop()! };
}

const orderOf = async (number: string) =>
  (await h.db
    .prepare("SELECT id, payment_state, payment_reference, grand_total FROM orders WHERE order_number = ?")
    .bind(number)
    .first<{ id: string; payment_state: string; payment_reference: string | null; grand_total: number }>())!;
const charges = async (orderId: string) =>
  (await h.db.prepare("SELECT amount FROM payment_ledger WHERE order_id = ? AND kind = 'charge'").bind(orderId).all<{ amount: number }>()).results;
const resend = (body: string) =>
  h.call("POST", CALLBACK, { raw: body, headers: { "content-type": "application/json", "stripe-signature": stripeSignature(body, STAND_IN_WEBHOOK_SECRET) } });

/** The database, but the statement that notes the order's payment session runs only after `beforeNote` ran (once). */
function noteDelayedUntil(db: D1Database, beforeNote: () => Promise<void>): D1Database {
  let pending: (() => Promise<void>) | null = beforeNote;
  const waitForNote = async () => {
    const run = pending;
    pending = null;
    await run?.();
  };
  const noted = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => noted(target.bind(...values));
        // The note (a single statement's run) waits for the shopper's payment first.
        if (property === "run")
          return async () => {
            await waitForNote();
            return target.run();
          };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare")
        return (query: string) => (/^UPDATE orders SET payment_reference = \?/.test(query) ? noted(target.prepare(query)) : target.prepare(query));
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

test("before the order is there: 404 and nothing changed; the provider's retry once it is there applies it, once", async () => {
  const { number, sessionId } = await placeOrder();
  const order = await orderOf(number);
  // The order's number is not there yet when the shopper's payment arrives.
  await h.db.prepare("UPDATE orders SET order_number = ? WHERE id = ?").bind(`${number}-hidden`, order.id).run();
  await stripe.choose(sessionId, "succeed");
  expect(stripe.answers.at(-1)?.status).toBe(404);
  expect(await charges(order.id)).toEqual([]);
  await h.db.prepare("UPDATE orders SET order_number = ? WHERE id = ?").bind(number, order.id).run();
  expect((await orderOf(number)).payment_state).toBe("pending");

  const event = stripe.events.at(-1)!;
  const retried = await resend(event.body);
  expect(retried.status).toBe(200);
  expect(retried.body.data).toMatchObject({ paymentState: "paid", applied: true, recorded: 1 });
  expect(await charges(order.id)).toEqual([{ amount: order.grand_total }]);
});

test("during: paid between the session's opening and the order's note of it: paid once, the session noted, one charge", async () => {
  const db = h.env.DB;
  h.env.DB = noteDelayedUntil(db, async () => {
    // The newest session is the one this order just opened: the shopper pays at once.
    const newest = [...stripe.sessions.keys()].at(-1)!;
    await stripe.choose(newest, "succeed");
    expect(stripe.answers.at(-1)?.status).toBe(200);
  });
  try {
    const { number, sessionId } = await placeOrder();
    const order = await orderOf(number);
    expect(order).toMatchObject({ payment_state: "paid", payment_reference: sessionId });
    expect(await charges(order.id)).toEqual([{ amount: order.grand_total }]);
  } finally {
    h.env.DB = db;
  }
});

test("after, and twice: the same event again changes nothing and writes no second charge", async () => {
  const { number, sessionId } = await placeOrder();
  await stripe.choose(sessionId, "succeed");
  const order = await orderOf(number);
  const event = stripe.events.at(-1)!;
  for (let i = 0; i < 2; i++) {
    const again = await resend(event.body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ paymentState: "paid", applied: false, recorded: 0 });
  }
  expect(await charges(order.id)).toEqual([{ amount: order.grand_total }]);
  const results = await checkInvariants(h.env);
  expect({ violations: hasViolations(results), report: reportLines(results) }).toMatchObject({ violations: false });
});
