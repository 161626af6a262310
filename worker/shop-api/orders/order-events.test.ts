import { shopApiCaller } from "@tests/kit/shop-api";
import { createHarness, type ApiBody, type Harness } from "@tests/kit/commerce";

const TOKEN = "order-events-token-0123456789abcdef0123";
let h: Harness;
let erp: (path: string, body: unknown, token?: string | null) => Promise<{ status: number; body: ApiBody }>;
/** Orders are placed at 06:00 (the harness's clock); the ERP reports at 08:00 (its caller's clock), events stamped in between. */
const PLACED_AT = "2026-11-18T06:00:00.000Z";
beforeAll(async () => {
  h = await createHarness(PLACED_AT);
  const api = shopApiCaller({ ...h.env, ORDER_EVENTS_TOKEN: TOKEN }, { now: () => new Date("2026-11-18T08:00:00Z") });
  erp = async (path, body, token = TOKEN) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await api(new Request(`http://shop-api${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as ApiBody };
  };
});
afterAll(() => h.dispose());

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

/** Places an order of these lines for a new visitor; answers its number and the visitor's token. */
async function placed(lines: [string, number][]): Promise<{ number: string; token: string }> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  const { status, body } = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true },
    token,
  });
  expect(status).toBe(200);
  return { number: body.data.orderNumber as string, token: token! };
}

const counts = async () => {
  const row = await h.db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM order_events) AS events, (SELECT SUM(shipped_qty) + SUM(delivered_qty) FROM order_lines) AS qty, (SELECT group_concat(state) FROM orders) AS states, (SELECT SUM(stock_qty) FROM products) AS stock",
    )
    .first();
  return row;
};

test("shipments and deliveries per line move the order to shipped, then delivered; a repeated event changes nothing", async () => {
  const { number, token } = await placed([
    ["FLOOR-1", 3],
    ["NOEXP-1", 1],
  ]);
  const path = `/admin/orders/${number}/events`;
  const confirm = await erp(path, { eventId: "E-1", type: "confirmed", time: "2026-11-18T07:30:00Z" });
  expect(confirm.status).toBe(200);
  expect(confirm.body.data.state).toBe("confirmed");

  const partial = await erp(path, { eventId: "E-2", type: "shipped", time: "2026-11-18T07:40:00Z", lines: [{ sku: "FLOOR-1", quantity: 2 }] });
  expect(partial.status).toBe(200);
  expect(partial.body.data.state).toBe("confirmed");
  expect(partial.body.data.lines[0]).toMatchObject({ shippedQuantity: 2, shippedAt: "2026-11-18T07:40:00.000Z" });

  const repeated = await erp(path, { eventId: "E-2", type: "shipped", time: "2026-11-18T07:40:00Z", lines: [{ sku: "FLOOR-1", quantity: 2 }] });
  expect(repeated.status).toBe(200);
  expect(repeated.body.data).toMatchObject({ replayed: true, lines: [{ shippedQuantity: 2 }, { shippedQuantity: 0 }] });

  const rest = await erp(path, {
    eventId: "E-3",
    type: "shipped",
    time: "2026-11-18T07:50:00Z",
    lines: [
      { line: 1, quantity: 1 },
      { line: 2, quantity: 1 },
    ],
  });
  expect(rest.body.data.state).toBe("shipped");

  const delivered = await erp(path, {
    eventId: "E-4",
    type: "delivered",
    time: "2026-11-18T07:55:00Z",
    lines: [
      { line: 1, quantity: 3 },
      { line: 2, quantity: 1 },
    ],
  });
  expect(delivered.status).toBe(200);
  expect(delivered.body.data.state).toBe("delivered");

  // the visitor's view shows the per-line quantities and times (the returns window counts from deliveredAt)
  const view = await h.call("GET", `/apiv2/checkout/order/${number}`, { token });
  expect(view.body.data).toMatchObject({ state: "delivered", deliveredAt: "2026-11-18T07:55:00.000Z", confirmedAt: "2026-11-18T07:30:00.000Z" });
  expect(view.body.data.lines[0]).toMatchObject({ deliveredQuantity: 3, deliveredAt: "2026-11-18T07:55:00.000Z" });
});

test("impossible quantities, states and reused ids are refused and change nothing", async () => {
  const { number } = await placed([["FLOOR-1", 2]]);
  const path = `/admin/orders/${number}/events`;
  const before = await counts();
  const tooMany = await erp(path, { eventId: "X-1", type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ sku: "FLOOR-1", quantity: 3 }] });
  expect(tooMany.status).toBe(422);
  expect(tooMany.body.errors[1]).toMatchObject({ code: "quantity_impossible", field: "lines.0" });
  const notShipped = await erp(path, { eventId: "X-2", type: "delivered", time: "2026-11-18T07:00:00Z", lines: [{ line: 1, quantity: 1 }] });
  expect(notShipped.body.errors[1]).toMatchObject({ code: "quantity_impossible" });
  const noLine = await erp(path, { eventId: "X-3", type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ line: 7, quantity: 1 }] });
  expect(noLine.body.errors[1]).toMatchObject({ code: "unknown_line" });
  const future = await erp(path, { eventId: "X-4", type: "confirmed", time: "2026-11-19T07:00:00Z" });
  expect(future.body.errors[1]).toMatchObject({ code: "time_in_future" });
  const noLines = await erp(path, { eventId: "X-5", type: "shipped", time: "2026-11-18T07:00:00Z" });
  expect(noLines.status).toBe(422);
  const badType = await erp(path, { eventId: "X-6", type: "lost", time: "2026-11-18T07:00:00Z" });
  expect(badType.status).toBe(422);
  const unknownOrder = await erp("/admin/orders/DE-999999/events", { eventId: "X-7", type: "confirmed", time: "2026-11-18T07:00:00Z" });
  expect(unknownOrder.status).toBe(404);
  expect(await counts()).toEqual(before);

  expect((await erp(path, { eventId: "Y-1", type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ line: 1, quantity: 1 }] })).status).toBe(200);
  const reused = await erp(path, { eventId: "Y-1", type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ line: 1, quantity: 2 }] });
  expect(reused.status).toBe(409);
  expect(reused.body.errors[0]).toMatchObject({ code: "event_id_reused" });
  const cancelAfterShipping = await erp(path, { eventId: "Y-2", type: "cancelled", time: "2026-11-18T07:00:00Z" });
  expect(cancelAfterShipping.status).toBe(409);
  expect(cancelAfterShipping.body.errors[0]).toMatchObject({ code: "state_conflict" });
});

test("an event stamped before the order was placed is refused (beyond the clock skew allowed), nothing changes", async () => {
  const { number } = await placed([["FLOOR-1", 1]]);
  const path = `/admin/orders/${number}/events`;
  const before = await counts();
  const early = await erp(path, { eventId: "B-1", type: "confirmed", time: "2026-11-18T05:00:00Z" });
  expect(early.status).toBe(422);
  expect(early.body.errors[1]).toMatchObject({ code: "time_before_order", field: "time", params: { placedAt: PLACED_AT } });
  const dayBefore = await erp(path, { eventId: "B-2", type: "shipped", time: "2026-11-17T06:00:00+00:00", lines: [{ line: 1, quantity: 1 }] });
  expect(dayBefore.body.errors[1]).toMatchObject({ code: "time_before_order" });
  // the same instant in another offset is the same instant: 06:54+01:00 is 05:54Z, more than 5 minutes early
  const offset = await erp(path, { eventId: "B-3", type: "confirmed", time: "2026-11-18T06:54:00+01:00" });
  expect(offset.body.errors[1]).toMatchObject({ code: "time_before_order" });
  expect(await counts()).toEqual(before);
  // within the clock skew allowed (3 minutes early): recorded with the time the ERP gave
  const skewed = await erp(path, { eventId: "B-4", type: "confirmed", time: "2026-11-18T05:57:00Z" });
  expect(skewed.status).toBe(200);
  expect(skewed.body.data.state).toBe("confirmed");
});

test("a cancellation before shipping gives the stock back; nothing applies to a cancelled order", async () => {
  const stock = async () => (await h.db.prepare("SELECT stock_qty AS n FROM products WHERE sku = 'NOEXP-1'").first<{ n: number }>())!.n;
  const start = await stock();
  const { number } = await placed([["NOEXP-1", 4]]);
  expect(await stock()).toBe(start - 4);
  const path = `/admin/orders/${number}/events`;
  const cancelled = await erp(path, { eventId: "C-1", type: "cancelled", time: "2026-11-18T07:00:00Z" });
  expect(cancelled.body.data.state).toBe("cancelled");
  expect(await stock()).toBe(start);
  const again = await erp(path, { eventId: "C-1", type: "cancelled", time: "2026-11-18T07:00:00Z" });
  expect(again.body.data.replayed).toBe(true);
  expect(await stock()).toBe(start);
  const ship = await erp(path, { eventId: "C-2", type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ line: 1, quantity: 1 }] });
  expect(ship.status).toBe(409);
});

test("concurrent shipments of the same packages: only what was ordered is recorded", async () => {
  const { number } = await placed([["FLOOR-1", 2]]);
  const path = `/admin/orders/${number}/events`;
  const results = await Promise.all(
    ["R-1", "R-2", "R-3"].map((eventId) => erp(path, { eventId, type: "shipped", time: "2026-11-18T07:00:00Z", lines: [{ line: 1, quantity: 1 }] })),
  );
  // The third is refused either way it meets the other two: the order already shipped in full (409, its state allows
  // no shipment) or, read before the second was written, more packages than were ordered (422).
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.slice(0, 2)).toEqual([200, 200]);
  expect([409, 422]).toContain(statuses[2]);
  const row = await h.db
    .prepare("SELECT l.shipped_qty AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ?")
    .bind(number)
    .first<{ n: number }>();
  expect(row!.n).toBe(2);
});

test("without the service token: 401, with a wrong one 401", async () => {
  const { number } = await placed([["FLOOR-1", 1]]);
  const body = { eventId: "T-1", type: "confirmed", time: "2026-11-18T07:00:00Z" };
  expect((await erp(`/admin/orders/${number}/events`, body, null)).status).toBe(401);
  expect((await erp(`/admin/orders/${number}/events`, body, "x".repeat(40))).status).toBe(401);
});
