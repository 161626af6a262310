/**
 * Staff's changes of an order through the real route table, staff sessions and D1: who may,
 * bad and hostile input, changes the order's state refuses (nothing written), two staff on one
 * order (409 for the later), the history with who and when, the stock going back, the shipping
 * mail with its tracking link in the outbox, and the idempotency key.
 */
import { shopDb } from "@tests/kit/d1";
import { createHarness, type Harness } from "@tests/kit/commerce";
import type { LooseJson } from "@tests/kit/loose-json";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";
import { shopApiCaller } from "@tests/kit/shop-api";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";
import { composeMail } from "../core/mail/templates";
import type { StaffRole } from "../core/staff-auth";

const NOW = "2026-11-18T12:00:00.000Z";
const EVENTS_TOKEN = "order-events-token-0123456789abcdef0123";
const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
let h: Harness;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;

beforeAll(async () => {
  h = await createHarness(NOW);
  const now = () => new Date(NOW);
  tokens = await staffLogins(h.env, h.db, now);
  call = staffCaller(h.env, now);
});
afterAll(() => h.dispose());

type Body = { data: LooseJson["data"]; errors: { message: string; code?: string; field?: string; params?: Record<string, unknown> }[] };

/** Places an order of these lines (DE unless named); its number. */
async function placed(lines: [string, number][], shop = "DE", language?: string): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  const countryCode = shop === "CH" ? "ch" : "de";
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: { ...ADDRESS, countryCode }, deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true },
    token,
    shop,
    language,
  });
  expect(order.body.errors).toEqual([]);
  return order.body.data.orderNumber as string;
}

async function change(method: string, number: string, action: string, body: unknown, role: StaffRole | null = "service", headers: Record<string, string> = {}) {
  const response = await call(method, `/admin/api/orders/${number}/${action}`, { token: role ? tokens[role] : null, body, headers });
  return { status: response.status, body: (await response.json()) as Body, headers: response.headers };
}
const cancel = (number: string, body: unknown, role?: StaffRole | null) => change("POST", number, "cancel", body, role);
const ship = (number: string, body: unknown, role?: StaffRole | null) => change("POST", number, "shipment", body, role);
const readdress = (number: string, body: unknown, role?: StaffRole | null) => change("PUT", number, "shipping-address", body, role);
const note = (number: string, body: unknown, role?: StaffRole | null) => change("POST", number, "notes", body, role);

async function detail(number: string) {
  const response = await call("GET", `/admin/api/orders/${number}`, { token: tokens.service });
  return ((await response.json()) as Body).data;
}

/** Everything a change could have written about an order. */
async function rows(number: string) {
  const results = await h.db.batch([
    h.db.prepare("SELECT state, version, shipping_address, shipped_at, cancelled_at FROM orders WHERE order_number = ?").bind(number),
    h.db
      .prepare("SELECT line_no, shipped_qty, delivered_qty, cancelled_at FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)")
      .bind(number),
    h.db.prepare("SELECT id, type FROM order_events WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)").bind(number),
    h.db.prepare("SELECT sku, stock_qty FROM products ORDER BY sku"),
    h.db.prepare("SELECT COUNT(*) AS n FROM mail_outbox"),
  ]);
  return JSON.stringify(results.map((result) => result.results));
}

const stock = async (sku: string) => (await h.db.prepare("SELECT stock_qty AS n FROM products WHERE sku = ?").bind(sku).first<{ n: number }>())!.n;

describe("who may", () => {
  test("without a session 401, a merchandiser 403, and nothing is written", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const before = await rows(number);
    for (const role of [null, "merchandiser"] as const) {
      const expected = role ? 403 : 401;
      expect((await cancel(number, { version: 0 }, role)).status).toBe(expected);
      expect((await ship(number, { version: 0, carrier: "dpd", trackingNumber: "01234567890123" }, role)).status).toBe(expected);
      expect((await readdress(number, { version: 0, address: ADDRESS }, role)).status).toBe(expected);
      expect((await note(number, { version: 0, note: "x" }, role)).status).toBe(expected);
    }
    expect(await rows(number)).toBe(before);
  });

  test("ops may too", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    expect((await note(number, { version: 0, note: "Ops was here" }, "ops")).status).toBe(200);
  });

  test("an unknown or malformed order number: 404", async () => {
    expect((await note("DE-999999", { version: 0, note: "x" })).status).toBe(404);
    expect((await note("%E0%A4%A", { version: 0, note: "x" })).status).toBe(404);
  });
});

describe("bad and hostile input is refused with the field named, nothing written", () => {
  test.each([
    ["cancel without a version", "cancel", "POST", {}, "version"],
    ["cancel with a negative version", "cancel", "POST", { version: -1 }, "version"],
    ["cancel of an unknown line", "cancel", "POST", { version: 0, lines: [7] }, "lines.0"],
    ["cancel with an empty line list", "cancel", "POST", { version: 0, lines: [] }, "lines"],
    ["cancel with an unknown field", "cancel", "POST", { version: 0, refund: 100 }, ""],
    ["a carrier not in the list", "shipment", "POST", { version: 0, carrier: "ups", trackingNumber: "1Z999AA10123456784" }, "carrier"],
    ["a DPD number of 13 digits", "shipment", "POST", { version: 0, carrier: "dpd", trackingNumber: "0123456789012" }, "trackingNumber"],
    ["a tracking number with markup", "shipment", "POST", { version: 0, carrier: "own", trackingNumber: "<script>" }, "trackingNumber"],
    ["a tracking number of a link", "shipment", "POST", { version: 0, carrier: "dhl", trackingNumber: "https://evil.example/" }, "trackingNumber"],
    ["an address without a street", "shipping-address", "PUT", { version: 0, address: { ...ADDRESS, street: "" } }, "address.street"],
    ["an address with markup", "shipping-address", "PUT", { version: 0, address: { ...ADDRESS, city: "<b>Berlin</b>" } }, "address.city"],
    [
      "an address in a country the shop does not deliver to",
      "shipping-address",
      "PUT",
      { version: 0, address: { ...ADDRESS, countryCode: "us" } },
      "address.countryCode",
    ],
    ["a bad postcode", "shipping-address", "PUT", { version: 0, address: { ...ADDRESS, postcode: "1" } }, "address.postcode"],
    ["an empty note", "notes", "POST", { version: 0, note: "   " }, "note"],
    ["a note with markup", "notes", "POST", { version: 0, note: "Call <script>alert(1)</script>" }, "note"],
    ["a note with a control character", "notes", "POST", { version: 0, note: "a\u0000b" }, "note"],
    ["a note too long", "notes", "POST", { version: 0, note: "x".repeat(2001) }, "note"],
  ])("%s", async (_name, action, method, body, field) => {
    const number = await placed([["FLOOR-1", 1]]);
    const before = await rows(number);
    const answer = await change(method, number, action, body);
    expect(answer.status).toBe(422);
    if (field) expect(answer.body.errors.map((error) => error.field)).toContain(field);
    expect(await rows(number)).toBe(before);
  });

  test("a body that is not JSON: 4xx, nothing written", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const before = await rows(number);
    const response = await call("POST", `/admin/api/orders/${number}/notes`, { token: tokens.service, raw: "{nope" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await rows(number)).toBe(before);
  });
});

describe("changes the order's state does not allow: 409 with the reason, nothing written", () => {
  test("ship a cancelled order", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    expect((await cancel(number, { version: 0 })).status).toBe(200);
    const before = await rows(number);
    // made on the version before the cancellation: what the state refuses is said first
    const answer = await ship(number, { version: 0, carrier: "dhl", trackingNumber: "00340434123456789012" });
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0]).toMatchObject({ code: "change_not_allowed", params: { change: "ship", state: "cancelled" } });
    expect(await rows(number)).toBe(before);
  });

  test("cancel a shipped order, cancel its shipped line, change its address", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    expect((await ship(number, { version: 0, carrier: "dpd", trackingNumber: "01234567890123" })).status).toBe(200);
    const before = await rows(number);
    const whole = await cancel(number, { version: 1 });
    expect(whole.status).toBe(409);
    expect(whole.body.errors[0]).toMatchObject({ code: "change_not_allowed", params: { change: "cancel", state: "shipped" } });
    const lines = await cancel(number, { version: 1, lines: [1] });
    expect(lines.status).toBe(409);
    expect(lines.body.errors[0]).toMatchObject({ code: "change_not_allowed", params: { change: "cancel_lines", state: "shipped" } });
    const address = await readdress(number, { version: 1, address: { ...ADDRESS, street: "Neue Straße 9" } });
    expect(address.status).toBe(409);
    expect(address.body.errors[0]).toMatchObject({ code: "change_not_allowed", params: { change: "change_address", state: "shipped" } });
    expect(await rows(number)).toBe(before);
    // a note is still possible
    expect((await note(number, { version: 1, note: "Customer called about the delivery" })).status).toBe(200);
  });

  test("partly shipped by the ERP: the shipped line and the address are refused, the other line may be cancelled", async () => {
    const number = await placed([
      ["FLOOR-1", 2],
      ["NOEXP-1", 1],
    ]);
    await h.db
      .prepare("UPDATE order_lines SET shipped_qty = 1 WHERE line_no = 1 AND order_id = (SELECT id FROM orders WHERE order_number = ?)")
      .bind(number)
      .run();
    const before = await rows(number);
    const line = await cancel(number, { version: 0, lines: [1] });
    expect(line.status).toBe(409);
    expect(line.body.errors[0]).toMatchObject({ code: "line_shipped", params: { line: 1 } });
    expect((await cancel(number, { version: 0 })).body.errors[0]).toMatchObject({ code: "goods_shipped" });
    expect((await readdress(number, { version: 0, address: ADDRESS })).body.errors[0]).toMatchObject({ code: "goods_shipped" });
    expect(await rows(number)).toBe(before);
    const stockBefore = await stock("NOEXP-1");
    const other = await cancel(number, { version: 0, lines: [2] });
    expect(other.status).toBe(200);
    expect(await stock("NOEXP-1")).toBe(stockBefore + 1);
    expect(other.body.data.lines[1].cancelledAt).toBe(NOW);
    expect(other.body.data.state).toBe("placed");
  });
});

describe("two staff on one order", () => {
  test("at the same time on the same version: exactly one wins, the other gets 409 order_changed", async () => {
    const number = await placed([["FLOOR-1", 2]]);
    const results = await Promise.all([
      readdress(number, { version: 0, address: { ...ADDRESS, street: "Erste Straße 1" } }),
      readdress(number, { version: 0, address: { ...ADDRESS, street: "Zweite Straße 2" } }, "ops"),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const loser = results.find((result) => result.status === 409)!;
    expect(loser.body.errors[0]).toMatchObject({ code: "order_changed" });
    const winner = results.find((result) => result.status === 200)!;
    const order = await detail(number);
    expect(order.version).toBe(1);
    expect(order.shippingAddress.street).toBe(winner.body.data.shippingAddress.street);
    expect(order.history.filter((entry: { type: string }) => entry.type === "address_changed")).toHaveLength(1);
  });

  test("a change made on a version someone else changed since: 409, nothing written", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    expect((await note(number, { version: 0, note: "first" })).status).toBe(200);
    const before = await rows(number);
    const stale = await cancel(number, { version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: "order_changed", field: "version" });
    expect(await rows(number)).toBe(before);
  });

  test("an ERP event in between moves the version too", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const erp = shopApiCaller({ ...h.env, ORDER_EVENTS_TOKEN: EVENTS_TOKEN }, { now: () => new Date(NOW) });
    const confirmed = await erp(
      new Request(`http://shop-api/admin/orders/${number}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${EVENTS_TOKEN}` },
        body: JSON.stringify({ eventId: `ERP-${number}`, type: "confirmed", time: NOW }),
      }),
    );
    expect(confirmed.status).toBe(200);
    expect((await note(number, { version: 0, note: "late" })).body.errors[0]).toMatchObject({ code: "order_changed" });
    const order = await detail(number);
    expect(order).toMatchObject({ state: "confirmed", version: 1 });
    expect(order.history.at(-1)).toMatchObject({ type: "confirmed", by: null, eventId: `ERP-${number}` });
  });
});

describe("what a change writes", () => {
  test("a cancellation gives the stock back; the history says who and when", async () => {
    const before = await stock("FLOOR-1");
    const number = await placed([["FLOOR-1", 3]]);
    expect(await stock("FLOOR-1")).toBe(before - 3);
    const answer = await cancel(number, { version: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ state: "cancelled", cancelledAt: NOW, version: 1 });
    expect(await stock("FLOOR-1")).toBe(before);
    const entry = answer.body.data.history.at(-1);
    expect(entry).toMatchObject({ type: "cancelled", at: NOW, recordedAt: NOW, by: { id: expect.any(String), name: "Test service" } });
    const row = await h.db.prepare("SELECT staff_id, staff_name, recorded_at FROM order_events WHERE id = ?").bind(entry.eventId).first();
    expect(row).toMatchObject({ staff_name: "Test service", recorded_at: NOW });
  });

  test("cancelling every line cancels the order", async () => {
    const number = await placed([
      ["FLOOR-1", 1],
      ["NOEXP-1", 1],
    ]);
    expect((await cancel(number, { version: 0, lines: [1] })).body.data.state).toBe("placed");
    const last = await cancel(number, { version: 1, lines: [2] });
    expect(last.body.data.state).toBe("cancelled");
    expect(last.body.data.history.at(-1)).toMatchObject({ type: "lines_cancelled", lines: [{ line: 2, sku: "NOEXP-1", quantity: 1 }] });
    expect((await cancel(number, { version: 2, lines: [2] })).status).toBe(409);
  });

  test("a shipment ships what is left, the order is shipped, and the shipping mail with the tracking link is in the outbox", async () => {
    const number = await placed([
      ["FLOOR-1", 2],
      ["NOEXP-1", 1],
    ]);
    const mailsBefore = await lastMailId(h.db);
    const answer = await ship(number, { version: 0, carrier: "dpd", trackingNumber: " 0123 4567 8901 23 " });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ state: "shipped", shippedAt: NOW });
    expect(answer.body.data.lines.map((line: { shippedQuantity: number }) => line.shippedQuantity)).toEqual([2, 1]);
    const url = "https://tracking.dpd.de/status/de_DE/parcel/01234567890123";
    expect(answer.body.data.history.at(-1)).toMatchObject({
      type: "shipped",
      by: { name: "Test service" },
      shipment: { carrier: "dpd", trackingNumber: "01234567890123", trackingUrl: url },
    });
    const mails = await mailsAfter(h.db, mailsBefore);
    // An order on invoice gets its invoice when it has shipped (domain/invoicing.ts), in a mail of its own.
    expect(mails.map((mail) => mail.template)).toEqual(["order-shipped", "invoice-issued"]);
    expect(mails[0]).toMatchObject({ template: "order-shipped", recipient: "erika@example.com", shop_id: "DE", language: "de" });
    expect(mails[0]!.params).toMatchObject({ orderNumber: number, name: "Erika Muster", carrier: "dpd", trackingNumber: "01234567890123", trackingUrl: url });
    const rendered = composeMail({ shopId: "DE", language: "de", template: "order-shipped", params: mails[0]!.params }, "development");
    expect(rendered.subject).toContain(number);
    expect(rendered.text).toContain(url);
    expect(rendered.html).toContain(url);
    expect(rendered.text).toContain("DPD");
    // nothing left to ship
    expect((await ship(number, { version: 1, carrier: "dpd", trackingNumber: "01234567890123" })).status).toBe(409);
    expect(await mailsAfter(h.db, mailsBefore)).toHaveLength(2);
  });

  test("the shop's own delivery has no tracking page: the mail says so, in the order's language", async () => {
    const number = await placed([["FLOOR-1", 1]], "CH", "fr");
    const mailsBefore = await lastMailId(shopDb(h.env, "CH"));
    expect((await ship(number, { version: 0, carrier: "own", trackingNumber: "ls-2026-0042" })).status).toBe(200);
    const [mail] = await mailsAfter(shopDb(h.env, "CH"), mailsBefore);
    expect(mail).toMatchObject({ language: "fr", params: { carrier: "own", trackingNumber: "LS-2026-0042", trackingUrl: null } });
    const rendered = composeMail({ shopId: "CH", language: "fr", template: "order-shipped", params: mail!.params }, "development");
    expect(rendered.subject).toBe(`Votre commande ${number} est en route`);
    expect(rendered.text).toContain("LS-2026-0042");
  });

  test("a new delivery address (the checkout's rules: trimmed, VAT ID normalised) and a note, each in the history", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const moved = await readdress(number, {
      version: 0,
      address: { ...ADDRESS, street: "  Neue Straße 9 ", companyName: "Holzbau GmbH", vatId: "de 123 456 789" },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.shippingAddress).toMatchObject({ street: "Neue Straße 9", companyName: "Holzbau GmbH", vatId: "DE123456789" });
    expect(moved.body.data.history.at(-1)).toMatchObject({ type: "address_changed", address: { street: "Neue Straße 9" }, by: { name: "Test service" } });
    const noted = await note(number, { version: 1, note: "Customer asks for a call\nbefore delivery." });
    expect(noted.body.data.history.at(-1)).toMatchObject({ type: "note", note: "Customer asks for a call\nbefore delivery.", at: NOW });
    expect(noted.body.data.version).toBe(2);
  });
});

describe("idempotency keys", () => {
  test("the same key and body replays the answer and changes nothing more; another body with it is 422", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const headers = { "idempotency-key": "note-1" };
    const first = await change("POST", number, "notes", { version: 0, note: "once" }, "service", headers);
    expect(first.status).toBe(200);
    const before = await rows(number);
    const again = await change("POST", number, "notes", { version: 0, note: "once" }, "service", headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await rows(number)).toBe(before);
    const reused = await change("POST", number, "notes", { version: 1, note: "other" }, "service", headers);
    expect(reused.status).toBe(422);
    // the key is the session's: another staff member's same key is a request of its own
    expect((await change("POST", number, "notes", { version: 1, note: "once" }, "ops", headers)).status).toBe(200);
  });
});
