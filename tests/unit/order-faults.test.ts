/**
 * Placing an order while D1 fails, one round trip at a time (tests/kit/d1-faults.ts), through the
 * real route table on a real local D1. Whichever step fails, and whether D1 refused it or ran it
 * and then timed out: the shopper gets a clear answer in the shop's language (the checkout page's
 * text for the API's code), and afterwards there is either a whole order (its confirmation mail in
 * the outbox, its stock taken, the cart emptied) or none at all (stock and cart as before). A retry
 * with the same Idempotency-Key then ends with exactly one order.
 */
import { STALE_AFTER_MS } from "@shop-api/core/idempotency";
import type { TFunction } from "i18next";
import type { D1Fault } from "@tests/kit/d1-faults";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { pageTranslations } from "@tests/kit/page-translations";
import { errorText } from "@site/features/checkout/order-texts";
import { checkInvariants, reportLines } from "@scripts/lib/invariants";

const NOW = "2026-11-18T08:00:00Z";
const SKU = "FLOOR-1";
const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const ORDER = { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "prepayment", acceptTerms: true };

let h: Harness;
let trips = 0;
let clock = new Date(NOW);
beforeAll(async () => {
  h = await createHarness(NOW);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  // How many round trips placing an order takes, each of them a step that can fail.
  const token = await cartWith(2);
  h.takeRoundTrips();
  expect((await place(token, crypto.randomUUID())).status).toBe(200);
  trips = h.takeRoundTrips();
});
afterAll(async () => {
  jest.restoreAllMocks();
  await h.dispose();
});

async function cartWith(quantity: number): Promise<string> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: SKU, quantity } });
  expect(added.status).toBe(200);
  return added.token!;
}

const place = (token: string, key: string) => h.call("POST", "/apiv2/checkout/order", { body: ORDER, token, headers: { "idempotency-key": key } });

async function state(token: string) {
  const count = async (query: string, ...values: unknown[]) =>
    (await h.db
      .prepare(query)
      .bind(...values)
      .first<{ n: number }>())!.n;
  return {
    orders: await count("SELECT COUNT(*) AS n FROM orders"),
    mails: await count("SELECT COUNT(*) AS n FROM mail_outbox WHERE template = 'order-confirmation'"),
    stock: await count("SELECT stock_qty AS n FROM products WHERE sku = ?", SKU),
    inCart: (await h.call("GET", "/apiv2/cart/", { token })).body.data.items.length as number,
  };
}

/** Every order has its one confirmation mail, naming its number. */
async function everyOrderHasItsMail(): Promise<void> {
  const orphans = await h.db
    .prepare(
      "SELECT o.order_number FROM orders o WHERE (SELECT COUNT(*) FROM mail_outbox m WHERE m.dedupe_key = 'order-confirmation:' || o.id AND json_extract(m.params, '$.orderNumber') = o.order_number) <> 1",
    )
    .all();
  expect(orphans.results).toEqual([]);
}

// The checkout page's own translation function (its type is the page's i18next instance's).
const t = pageTranslations("de").useTranslation("checkout").t as unknown as TFunction;

const cases: [number, D1Fault][] = [];
beforeAll(() => {
  for (let trip = 1; trip <= trips; trip++) for (const fault of ["refused", "timed-out"] as const) cases.push([trip, fault]);
});

test("placing an order takes two round trips, each tried below", () => {
  // The key claimed in the cart read's batch, and the order's guarded batch, which settles the key (the order is the answer).
  expect(trips).toBe(2);
});

test("at every step, refused or timed out: a clear answer, then a whole order or none; the retry ends with exactly one", async () => {
  for (const [trip, fault] of cases) {
    const token = await cartWith(2);
    const key = crypto.randomUUID();
    const before = await state(token);
    h.faults.failAt(trip, fault);
    const answer = await place(token, key);
    const where = `${fault} at round trip ${trip} of ${trips}: ${answer.status} ${JSON.stringify(answer.body.errors)}`;
    expect([where, h.faults.faulted()]).toEqual([where, true]);
    const after = await state(token);
    if (answer.status === 200) {
      expect([where, after]).toEqual([where, { orders: before.orders + 1, mails: before.mails + 1, stock: before.stock - 2, inCart: 0 }]);
    } else {
      expect([where, answer.status, answer.body.errors[0]?.code]).toEqual([where, 503, "unavailable"]);
      expect([where, errorText(t, { message: answer.body.errors[0]!.message, code: answer.body.errors[0]!.code }, "de")]).toEqual([
        where,
        "Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.",
      ]);
      const placed = after.orders === before.orders + 1;
      const whole = { orders: before.orders + 1, mails: before.mails + 1, stock: before.stock - 2, inCart: 0 };
      expect([where, after]).toEqual([where, placed ? whole : before]);
    }
    await everyOrderHasItsMail();

    // The shopper tries again with the same key: one order in the end, answered as placed (from the order). Only a key whose
    // settling could not be written stays taken until it is stale (409 with Retry-After meanwhile); a failed attempt never holds it.
    let retried = await place(token, key);
    if (answer.status === 200 && retried.status === 409 && retried.body.errors[0]?.code === "idempotency_in_progress") {
      clock = new Date(clock.getTime() + STALE_AFTER_MS + 1000);
      h.setNow(clock.toISOString());
      retried = await place(token, key);
    }
    expect([where, retried.status, retried.body.data?.orderNumber]).toEqual([where, 200, expect.stringMatching(/^DE-\d+$/)]);
    const final = await state(token);
    expect([where, final]).toEqual([where, { orders: before.orders + 1, mails: before.mails + 1, stock: before.stock - 2, inCart: 0 }]);
  }
  // And the data's promises hold afterwards (npm run check:invariants).
  expect(reportLines(await checkInvariants(h.env)).filter((line) => line.startsWith("FAIL"))).toEqual([]);
});
