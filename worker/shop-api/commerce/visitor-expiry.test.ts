/**
 * Visitors expire on the server (docs/decisions/0029): a visitor unused for the token's
 * lifetime (30 days) is no longer accepted, even when a client replays its token;
 * activity renews it at most once a day, inside the statements that already read or
 * write the visitor.
 */
import { sql } from "@worker/lib/sql";
import { sha256Hex } from "../core/auth";
import { createHarness, type Harness } from "@tests/kit/commerce";

const T0 = "2026-11-18T08:00:00.000Z";
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.parse(T0) + offsetMs).toISOString();

let h: Harness;
beforeAll(async () => {
  h = await createHarness(T0);
});
afterAll(() => h.dispose());
beforeEach(() => h.setNow(T0));

async function visitorWithCart(): Promise<string> {
  const { status, token } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 } });
  expect(status).toBe(200);
  return token as string;
}

async function lastSeen(token: string): Promise<string | undefined> {
  return (await sql`SELECT last_seen_at FROM visitors WHERE id = ${await sha256Hex(token)}`.prepare(h.db).first<{ last_seen_at: string }>())?.last_seen_at;
}

async function quantitiesOf(token: string): Promise<number[]> {
  const { results } = await sql`SELECT ci.quantity FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.visitor_id = ${await sha256Hex(token)}`
    .prepare(h.db)
    .all<{ quantity: number }>();
  return results.map((row) => row.quantity);
}

test("a new visitor is last seen when it was created", async () => {
  const token = await visitorWithCart();
  expect(await lastSeen(token)).toBe(T0);
});

describe("30 days unused", () => {
  test("its token reads an empty cart, counts no cart in a delivery and is not renewed", async () => {
    const token = await visitorWithCart();
    h.setNow(at(30 * DAY_MS));
    const cart = await h.call("GET", "/apiv2/cart/", { token });
    expect(cart.body.data.items).toEqual([]);
    expect(cart.token).toBeUndefined();
    const delivery = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/1", { token });
    expect(delivery.status).toBe(200);
    expect(delivery.token).toBeUndefined();
    expect((await h.call("GET", "/apiv2/shipping/costs/current-country", { token })).token).toBeUndefined();
  });

  test("a replayed token is not written for: a write gets a new visitor and token, the old cart stays untouched", async () => {
    const token = await visitorWithCart();
    h.setNow(at(30 * DAY_MS + 1000));
    const write = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    expect(write.status).toBe(200);
    expect(write.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(write.token).not.toBe(token);
    expect(write.body.data.items.map((item: { quantity: number }) => item.quantity)).toEqual([1]);
    expect(await lastSeen(token)).toBe(T0);
    expect(await quantitiesOf(token)).toEqual([2]);
    const country = await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "nl" }, token });
    expect(country.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(country.token).not.toBe(token);
  });

  test("its token can no longer read the visitor's sample order", async () => {
    const add = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-1" } });
    const token = add.token as string;
    const code = add.body.data.cart.referenceCode as string;
    expect((await h.call("GET", `/apiv2/sample/product/order/${code}`, { token })).status).toBe(200);
    h.setNow(at(30 * DAY_MS));
    expect((await h.call("GET", `/apiv2/sample/product/order/${code}`, { token })).status).toBe(404);
  });
});

describe("renewal on activity, at most once a day", () => {
  test("a read 29 days later is accepted and renews the visitor and its token; later reads that day do not", async () => {
    const token = await visitorWithCart();
    h.setNow(at(29 * DAY_MS));
    const renewed = await h.call("GET", "/apiv2/cart/", { token });
    expect(renewed.body.data.items).toHaveLength(1);
    expect(renewed.token).toBe(token);
    expect(await lastSeen(token)).toBe(at(29 * DAY_MS));

    h.setNow(at(29 * DAY_MS + 6 * 60 * 60 * 1000));
    h.takeRoundTrips();
    const quiet = await h.call("GET", "/apiv2/cart/", { token });
    expect(quiet.token).toBeUndefined();
    expect(h.takeRoundTrips()).toBe(1);
    expect(await lastSeen(token)).toBe(at(29 * DAY_MS));

    // the 30 days run from the renewal
    h.setNow(at(58 * DAY_MS));
    expect((await h.call("GET", "/apiv2/cart/", { token })).body.data.items).toHaveLength(1);
  });

  test("a write renews inside its own batch: still one round trip", async () => {
    const token = await visitorWithCart();
    h.setNow(at(2 * DAY_MS));
    h.takeRoundTrips();
    const write = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    expect(h.takeRoundTrips()).toBe(1);
    expect(write.body.data.items[0].quantity).toBe(3);
    expect(write.token).toBe(token);
    expect(await lastSeen(token)).toBe(at(2 * DAY_MS));
  });

  test("a write within the day renews nothing and hands out no token", async () => {
    const token = await visitorWithCart();
    h.setNow(at(23 * 60 * 60 * 1000));
    const write = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    expect(write.token).toBeUndefined();
    expect(await lastSeen(token)).toBe(T0);
  });

  test("the delivery read renews too (it reads the visitor with the product)", async () => {
    const token = await visitorWithCart();
    h.setNow(at(3 * DAY_MS));
    const delivery = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/1", { token });
    expect(delivery.token).toBe(token);
    expect(await lastSeen(token)).toBe(at(3 * DAY_MS));
  });
});
