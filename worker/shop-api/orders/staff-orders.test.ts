/**
 * The back office's orders through the real route table and staff sessions: roles, the
 * list's filters, search and paging (good and hostile parameters), and one order's detail
 * with its lines, history and confirmation mail.
 */
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import type { LooseJson } from "@tests/kit/loose-json";
import { shopApiCaller } from "@tests/kit/shop-api";
import type { StaffRole } from "../core/staff-auth";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { searchCondition } from "./staff-orders";

const EVENTS_TOKEN = "order-events-token-0123456789abcdef0123";
const NOW = "2026-11-18T12:00:00Z";
let h: Harness;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
/** Order numbers by letter: A (oldest) ... E (newest). */
const number: Record<string, string> = {};

const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

async function place(at: string, lines: [string, number][], body: Record<string, unknown>, shop = "DE", language?: string): Promise<string> {
  h.setNow(at);
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  const placed = await h.call("POST", "/apiv2/checkout/order", {
    body: { billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true, ...body },
    token,
    shop,
    language,
  });
  expect(placed.body.errors).toEqual([]);
  return placed.body.data.orderNumber as string;
}

beforeAll(async () => {
  h = await createHarness();
  number.A = await place("2026-11-10T09:00:00Z", [["FLOOR-1", 2]], { email: "Anna.Berger@Kunden.example", paymentMethod: "prepayment" });
  number.B = await place(
    "2026-11-12T09:00:00Z",
    [
      ["FLOOR-1", 3],
      ["NOEXP-1", 1],
    ],
    {
      email: "einkauf@holzbau.example",
      billingAddress: { ...ADDRESS, companyName: "Holzbau Schmidt GmbH", vatId: "DE 123456789" },
      shippingAddress: { ...ADDRESS, firstname: "Bauleitung", lastname: "Schmidt", street: "Baustellenweg 1", postcode: "14467", city: "Potsdam" },
    },
  );
  number.C = await place(
    "2026-11-14T09:00:00Z",
    [["FLOOR-1", 1]],
    { email: "claire@example.ch", billingAddress: { ...ADDRESS, postcode: "1003", city: "Lausanne", countryCode: "ch" } },
    "CH",
    "fr",
  );
  number.D = await place("2026-11-16T09:00:00Z", [["NOEXP-1", 1]], { email: "anna.berger@kunden.example" });
  number.E = await place("2026-11-17T09:00:00Z", [["FLOOR-1", 1]], { email: "dora_x@example.com" });
  // The ERP reports B: confirmed, the first line shipped in two parts and delivered, the second shipped (so B is shipped); D is cancelled.
  const erp = shopApiCaller({ ...h.env, ORDER_EVENTS_TOKEN: EVENTS_TOKEN }, { now: () => new Date(NOW) });
  const event = async (order: string, body: Record<string, unknown>) => {
    const response = await erp(
      new Request(`http://shop-api/admin/orders/${order}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${EVENTS_TOKEN}` },
        body: JSON.stringify(body),
      }),
    );
    expect(response.status).toBe(200);
  };
  await event(number.B!, { eventId: "B-1", type: "confirmed", time: "2026-11-12T10:00:00Z" });
  await event(number.B!, { eventId: "B-2", type: "shipped", time: "2026-11-13T08:00:00Z", lines: [{ sku: "FLOOR-1", quantity: 2 }] });
  await event(number.B!, {
    eventId: "B-3",
    type: "shipped",
    time: "2026-11-14T08:00:00Z",
    lines: [
      { line: 1, quantity: 1 },
      { line: 2, quantity: 1 },
    ],
  });
  await event(number.B!, { eventId: "B-4", type: "delivered", time: "2026-11-15T15:30:00Z", lines: [{ line: 1, quantity: 3 }] });
  await event(number.D!, { eventId: "D-1", type: "cancelled", time: "2026-11-16T11:00:00Z" });
  h.setNow(NOW);
  const now = () => new Date(NOW);
  tokens = await staffLogins(h.env, h.db, now);
  call = staffCaller(h.env, now);
});
afterAll(() => h.dispose());

type Body = { data: LooseJson["data"]; errors: { message: string; code?: string; field?: string }[] };
const json = async (response: Response) => (await response.json()) as Body;
const get = (path: string, role: StaffRole | null = "service") => call("GET", path, { token: role ? tokens[role] : null });
const letters = (orders: { orderNumber: string }[]) => orders.map((order) => Object.keys(number).find((letter) => number[letter] === order.orderNumber));
const list = async (query: string) => {
  const response = await get(`/admin/api/orders?${query}`);
  const body = await json(response);
  expect(body.errors).toEqual([]);
  return letters(body.data.orders);
};

describe("who may", () => {
  const paths = () => ["/admin/api/orders", `/admin/api/orders/${number.A}`];

  test("without a session: 401", async () => {
    for (const path of paths()) {
      expect((await get(path, null)).status).toBe(401);
      expect((await call("GET", path, { token: "x".repeat(43) })).status).toBe(401);
    }
  });

  test("a merchandiser: 403; service and ops: 200", async () => {
    for (const path of paths()) {
      const refused = await get(path, "merchandiser");
      expect(refused.status).toBe(403);
      expect((await json(refused)).errors[0]).toMatchObject({ code: "forbidden" });
      expect((await get(path, "service")).status).toBe(200);
      expect((await get(path, "ops")).status).toBe(200);
    }
  });

  test("only reads: POST is not a route here", async () => {
    expect((await call("POST", "/admin/api/orders", { token: tokens.ops, body: {} })).status).toBe(404);
  });
});

describe("the list", () => {
  test("newest first, with the choices for the filters and what a row shows", async () => {
    const { data } = await json(await get("/admin/api/orders"));
    expect(letters(data.orders)).toEqual(["E", "D", "C", "B", "A"]);
    expect(data.next).toBeNull();
    expect(data.states).toEqual(["placed", "confirmed", "shipped", "delivered", "cancelled"]);
    expect(data.shops).toContainEqual({ id: "CH", name: expect.any(String) });
    const b = data.orders.find((order: { orderNumber: string }) => order.orderNumber === number.B);
    expect(b).toMatchObject({
      shop: "DE",
      language: "de",
      state: "shipped",
      stateAt: "2026-11-14T08:00:00.000Z",
      email: "einkauf@holzbau.example",
      name: "Erika Muster",
      company: "Holzbau Schmidt GmbH",
      city: "Potsdam",
      countryCode: "de",
      lineCount: 2,
      paymentMethod: "invoice",
      deliveryMode: "standard",
      placedAt: "2026-11-12T09:00:00.000Z",
    });
    expect(b.grandTotal).toMatchObject({ currency: "EUR", amount: 3 * 2995 + 1990 + 595 });
    const c = data.orders.find((order: { orderNumber: string }) => order.orderNumber === number.C);
    expect(c.grandTotal.formattedWithCurrency).toMatch(/^CHF\u00a0/);
    expect(JSON.stringify(data)).not.toMatch(/visitor/i);
  });

  test("filters by shop and state; empty parameters count as not given", async () => {
    expect(await list("shop=ch")).toEqual(["C"]);
    expect(await list("shop=&state=&q=&limit=&before=")).toEqual(["E", "D", "C", "B", "A"]);
    expect(await list("state=cancelled")).toEqual(["D"]);
    expect(await list("state=shipped")).toEqual(["B"]);
    expect(await list("state=confirmed")).toEqual([]);
    expect(await list("state=placed")).toEqual(["E", "C", "A"]);
    expect(await list("state=placed&shop=DE")).toEqual(["E", "A"]);
    expect(await list("state=delivered")).toEqual([]);
  });

  test("searches by the order number, its beginning or its digits", async () => {
    expect(await list(`q=${number.B}`)).toEqual(["B"]);
    expect(await list(`q=${number.B!.toLowerCase()}`)).toEqual(["B"]);
    expect(await list(`q=${encodeURIComponent(`  ${number.C}  `)}`)).toEqual(["C"]);
    // each shop counts from 100001: the digits alone find the number in every shop, or in the one chosen
    expect([number.A, number.C]).toEqual(["DE-100001", "CH-100001"]);
    expect(await list("q=100001")).toEqual(["C", "A"]);
    expect(await list("q=100001&shop=DE")).toEqual(["A"]);
    expect(await list("q=100002&shop=CH")).toEqual([]);
    expect(await list("q=10000")).toEqual(["E", "D", "C", "B", "A"]);
    expect(await list("q=DE-")).toEqual(["E", "D", "B", "A"]);
    expect(await list("q=CH-1")).toEqual(["C"]);
    expect(await list("q=DE-9")).toEqual([]);
  });

  test("searches by the beginning of the e-mail address, in any case", async () => {
    expect(await list("q=anna.berger")).toEqual(["D", "A"]);
    expect(await list("q=ANNA.BERGER%40KUNDEN.EXAMPLE")).toEqual(["D", "A"]);
    expect(await list("q=einkauf%40")).toEqual(["B"]);
    expect(await list("q=anna.berger&state=cancelled")).toEqual(["D"]);
    expect(await list("q=kunden.example")).toEqual([]);
  });

  test("hostile search text is only ever a value: no wildcards, no SQL", async () => {
    expect(await list("q=%25")).toEqual([]);
    expect(await list("q=_")).toEqual([]);
    expect(await list("q=dora_")).toEqual(["E"]);
    expect(await list("q=dor_")).toEqual([]);
    expect(await list("q=dor%25")).toEqual([]);
    expect(await list(`q=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent('a") OR ("1"="1')}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent("\\")}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent("\u{10FFFF}")}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent("ännä 😀")}`)).toEqual([]);
    expect(await list(`q=${encodeURIComponent("\u0000")}`)).toEqual([]);
    const long = await get(`/admin/api/orders?q=${"a".repeat(255)}`);
    expect(long.status).toBe(422);
    expect((await json(long)).errors[1]).toMatchObject({ field: "q" });
    // the orders are all still there
    expect(await list("")).toEqual(["E", "D", "C", "B", "A"]);
  });

  test("bad parameters: 422 with the parameter named", async () => {
    const cases: [string, string][] = [
      ["state=lost", "state"],
      ["state=PLACED", "state"],
      ["shop=XX", "shop"],
      ["limit=0", "limit"],
      ["limit=201", "limit"],
      ["limit=abc", "limit"],
      ["limit=2.5", "limit"],
      ["before=yesterday", "before"],
      [`before=${"9".repeat(81)}`, "before"],
      ["sort=email", ""],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/admin/api/orders?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 422 });
      const errors = (await json(response)).errors;
      if (field) expect(errors.map((error) => error.field)).toContain(field);
    }
  });

  test("a page at a time: `next` continues after the last row, no order twice", async () => {
    const first = (await json(await get("/admin/api/orders?limit=2"))).data;
    expect(letters(first.orders)).toEqual(["E", "D"]);
    expect(first.next).toEqual(expect.any(String));
    const second = (await json(await get(`/admin/api/orders?limit=2&before=${encodeURIComponent(first.next)}`))).data;
    expect(letters(second.orders)).toEqual(["C", "B"]);
    const third = (await json(await get(`/admin/api/orders?limit=2&before=${encodeURIComponent(second.next)}`))).data;
    expect(letters(third.orders)).toEqual(["A"]);
    expect(third.next).toBeNull();
    const filtered = (await json(await get("/admin/api/orders?limit=1&shop=DE&state=placed"))).data;
    expect(letters(filtered.orders)).toEqual(["E"]);
    expect(letters((await json(await get(`/admin/api/orders?limit=1&shop=DE&state=placed&before=${encodeURIComponent(filtered.next)}`))).data.orders)).toEqual([
      "A",
    ]);
  });

  test("the list and the e-mail search read an index, not every order", async () => {
    const plan = async (condition: string) =>
      (
        await h.db
          .prepare(`EXPLAIN QUERY PLAN SELECT * FROM orders o WHERE ${condition} ORDER BY o.created_at DESC, o.order_number DESC LIMIT 51`)
          .all<{ detail: string }>()
      ).results
        .map((row) => row.detail)
        .join("; ");
    expect(await plan("1")).toMatch(/USING INDEX orders_created/);
    expect(await plan("lower(o.email) >= 'anna' AND lower(o.email) < 'anna\u{10FFFF}'")).toMatch(/USING INDEX orders_email/);
    expect(await plan("o.order_number >= 'DE-1' AND o.order_number < 'DE-1\u{10FFFF}'")).toMatch(/USING INDEX sqlite_autoindex_orders/);
    // the search condition the route builds is such a range
    const condition = searchCondition("Anna", undefined);
    expect(condition.render().text).toMatch(/lower\(o.email\) >= \?\d*/);
  });
});

describe("one order", () => {
  test("addresses, lines with shipped and delivered quantities and times, totals, delivery, payment, history", async () => {
    const response = await get(`/admin/api/orders/${number.B}`);
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data).toMatchObject({
      orderNumber: number.B,
      shop: "DE",
      state: "shipped",
      email: "einkauf@holzbau.example",
      billingAddress: { firstname: "Erika", lastname: "Muster", companyName: "Holzbau Schmidt GmbH", vatId: "DE123456789", city: "Berlin" },
      shippingAddress: { firstname: "Bauleitung", street: "Baustellenweg 1", postcode: "14467", city: "Potsdam", countryCode: "de" },
      deliveryMode: "standard",
      desiredDate: null,
      paymentMethod: "invoice",
      currency: "EUR",
      placedAt: "2026-11-12T09:00:00.000Z",
      confirmedAt: "2026-11-12T10:00:00.000Z",
      shippedAt: "2026-11-14T08:00:00.000Z",
      deliveredAt: null,
      cancelledAt: null,
    });
    expect(data.delivery.date).toMatch(/^2026-11-\d\d$/);
    expect(data.lines).toEqual([
      expect.objectContaining({
        line: 1,
        sku: "FLOOR-1",
        name: "Produkt FLOOR-1",
        quantity: 3,
        shippedQuantity: 3,
        deliveredQuantity: 3,
        shippedAt: "2026-11-14T08:00:00.000Z",
        deliveredAt: "2026-11-15T15:30:00.000Z",
        unit: expect.objectContaining({ label: "m²" }),
        taxRate: 19,
      }),
      expect.objectContaining({ line: 2, sku: "NOEXP-1", quantity: 1, shippedQuantity: 1, deliveredQuantity: 0, deliveredAt: null }),
    ]);
    expect(data.lines[0].packagePrice.formattedWithCurrency).toBe("29,95\u00a0€");
    expect(data.totals.goods.amount).toBe(3 * 2995 + 1990);
    expect(data.totals.prepaymentDiscount.amount).toBe(0);
    expect(data.totals.shipping.amount).toBe(595);
    expect(data.totals.grandTotal.amount).toBe(3 * 2995 + 1990 + 595);
    expect(data.totals.taxLabel).toMatch(/19/);
    expect(data.totals.reverseCharge).toBe(false);
    expect(data.history).toEqual([
      { type: "placed", at: "2026-11-12T09:00:00.000Z", recordedAt: "2026-11-12T09:00:00.000Z", eventId: null, by: null, lines: [] },
      { type: "confirmed", at: "2026-11-12T10:00:00.000Z", recordedAt: "2026-11-18T12:00:00.000Z", eventId: "B-1", by: null, lines: [] },
      {
        type: "shipped",
        at: "2026-11-13T08:00:00.000Z",
        recordedAt: expect.any(String),
        eventId: "B-2",
        by: null,
        lines: [{ line: 1, sku: "FLOOR-1", quantity: 2 }],
      },
      {
        type: "shipped",
        at: "2026-11-14T08:00:00.000Z",
        recordedAt: expect.any(String),
        eventId: "B-3",
        by: null,
        lines: [
          { line: 1, sku: "FLOOR-1", quantity: 1 },
          { line: 2, sku: "NOEXP-1", quantity: 1 },
        ],
      },
      {
        type: "delivered",
        at: "2026-11-15T15:30:00.000Z",
        recordedAt: expect.any(String),
        eventId: "B-4",
        by: null,
        lines: [{ line: 1, sku: "FLOOR-1", quantity: 3 }],
      },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/visitor/i);
  });

  test("the confirmation mail's outbox state: waiting while no transport is configured, then as sent", async () => {
    const before = (await json(await get(`/admin/api/orders/${number.A}`))).data;
    expect(before.confirmationMail).toMatchObject({ status: "pending", recipient: "Anna.Berger@Kunden.example", attempts: 0, sentAt: null });
    expect(before.confirmationMail.nextAttemptAt).toEqual(expect.any(String));
    expect(before.totals.prepaymentDiscount.amount).toBe(Math.round(2 * 2995 * 0.02));
    await h.db
      .prepare("UPDATE mail_outbox SET state = 'sent', attempts = 1, sent_at = ? WHERE id = ?")
      .bind("2026-11-10T09:00:05.000Z", before.confirmationMail.id)
      .run();
    const after = (await json(await get(`/admin/api/orders/${number.A}`))).data;
    expect(after.confirmationMail).toMatchObject({ id: before.confirmationMail.id, status: "sent", sentAt: "2026-11-10T09:00:05.000Z", nextAttemptAt: null });
    // a cancelled order shows when, and a Swiss one its francs in French
    const d = (await json(await get(`/admin/api/orders/${number.D}`))).data;
    expect(d).toMatchObject({ state: "cancelled", cancelledAt: "2026-11-16T11:00:00.000Z", stateAt: "2026-11-16T11:00:00.000Z" });
    expect(d.history.map((entry: { type: string }) => entry.type)).toEqual(["placed", "cancelled"]);
    const c = (await json(await get(`/admin/api/orders/${number.C!.toLowerCase()}`))).data;
    expect(c).toMatchObject({ orderNumber: number.C, language: "fr", currency: "CHF" });
    expect(c.totals.grandTotal.formattedWithCurrency).toMatch(/^CHF\u00a0/);
  });

  test("an order placed under the reverse charge is marked so: its amounts are net, its tax line the invoice's note", async () => {
    const setReverseCharge = (flag: number) => h.db.prepare("UPDATE orders SET reverse_charge = ? WHERE order_number = ?").bind(flag, number.E).run();
    await setReverseCharge(1);
    try {
      const { data } = await json(await get(`/admin/api/orders/${number.E}`));
      expect(data.totals).toMatchObject({ reverseCharge: true, taxLabel: "Steuerschuldnerschaft des Leistungsempfängers" });
    } finally {
      await setReverseCharge(0);
    }
  });

  test("an unknown or malformed number: 404", async () => {
    for (const path of ["DE-999999", "XX-1", "DE-", "DE-1%27%20OR%201%3D1", "..%2F..%2Fetc", "DE-1234567890123", "%E0%A4%A"]) {
      const response = await get(`/admin/api/orders/${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
