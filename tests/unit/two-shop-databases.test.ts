/**
 * The shop API beyond its shop routes with two databases (docs/decisions/0064, core/shop-database.ts,
 * core/staff-databases.ts): DE on DB, CH and COM on DB_2 (tests/kit/d1.ts). The back office's lists
 * across shops merge both databases page by page, a record is read and changed where it is, the
 * ERP's events reach the order's database, the cron's jobs run over both, and the catalogue import
 * writes both.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { MailListPage } from "@domain/back-office/mail-outbox";
import type { StaffOrderListPage } from "@domain/back-office/orders";
import type { SampleOrderListPage } from "@domain/back-office/sample-orders";
import { sampleDocument } from "@tests/kit/catalogue";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { shopDb } from "@tests/kit/d1";
import { placeSampleOrder } from "@tests/kit/sample-orders";
import { runScheduledJobs, shopApiCaller } from "@tests/kit/shop-api";
import { staffCaller, staffLogins, type StaffCaller } from "@tests/kit/staff-session";

const NOW = "2026-11-18T08:00:00Z";
const EVENTS_TOKEN = "order-events-token-0123456789abcdef0123";
const IMPORT_TOKEN = "catalogue-import-token-0123456789abcdef";

let h: Harness;
let first: D1Database;
let second: D1Database;
let staff: StaffCaller;
let token: string;
/** The orders by letter: DE 08:00 (a), CH 08:01 (b), DE 08:02 (c), COM 08:03 (d). */
const orders: Record<string, string> = {};

const ADDRESSES: Record<string, Record<string, string>> = {
  DE: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
  CH: { firstname: "Erika", lastname: "Muster", street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich", countryCode: "ch" },
  COM: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
};

async function placed(shop: string, at: string): Promise<string> {
  h.setNow(at);
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, shop });
  expect(added.status).toBe(200);
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: {
      email: `erika.${shop.toLowerCase()}@example.com`,
      billingAddress: ADDRESSES[shop],
      deliveryMode: "standard",
      paymentMethod: "invoice",
      acceptTerms: true,
    },
    token: added.token,
    shop,
  });
  expect(order.body.errors).toEqual([]);
  return order.body.data.orderNumber as string;
}

beforeAll(async () => {
  h = await createHarness(NOW, { split: true });
  first = shopDb(h.env, "DE");
  second = shopDb(h.env, "CH");
  token = (await staffLogins(h.env, h.db, () => new Date(NOW))).service;
  staff = staffCaller(h.env, () => new Date(NOW));
  orders.a = await placed("DE", "2026-11-18T08:00:00Z");
  orders.b = await placed("CH", "2026-11-18T08:01:00Z");
  orders.c = await placed("DE", "2026-11-18T08:02:00Z");
  orders.d = await placed("COM", "2026-11-18T08:03:00Z");
});
afterAll(() => h.dispose());

const count = async (db: D1Database, sql: string, ...values: unknown[]) =>
  (await db
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

async function staffGet<T>(path: string): Promise<{ status: number; data: T }> {
  const response = await staff("GET", path, { token });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

/** Every page of the order list from the first on, `limit` at a time: the order numbers in the list's order. */
async function allOrderPages(query: string, limit: number): Promise<{ numbers: string[]; pages: number }> {
  const numbers: string[] = [];
  let pages = 0;
  let before: string | null = null;
  do {
    const page: { status: number; data: StaffOrderListPage } = await staffGet<StaffOrderListPage>(
      `/admin/api/orders?limit=${limit}${query}${before ? `&before=${encodeURIComponent(before)}` : ""}`,
    );
    expect(page.status).toBe(200);
    numbers.push(...page.data.orders.map((order) => order.orderNumber));
    before = page.data.next;
    pages++;
  } while (before !== null && pages < 10);
  return { numbers, pages };
}

test("each order is in its shop's database only", async () => {
  expect(orders.a).toMatch(/^DE-/);
  expect(orders.b).toMatch(/^CH-/);
  for (const [letter, db] of [
    ["a", first],
    ["b", second],
    ["c", first],
    ["d", second],
  ] as const) {
    expect(await count(db, "SELECT COUNT(*) AS n FROM orders WHERE order_number = ?", orders[letter])).toBe(1);
    expect(await count(db === first ? second : first, "SELECT COUNT(*) AS n FROM orders WHERE order_number = ?", orders[letter])).toBe(0);
  }
});

test("the back office's order list across shops merges both databases, newest first, every page without a gap or a repeat", async () => {
  const newestFirst = [orders.d, orders.c, orders.b, orders.a];
  for (const limit of [1, 2, 3, 4, 50]) {
    const { numbers, pages } = await allOrderPages("", limit);
    expect({ limit, numbers }).toEqual({ limit, numbers: newestFirst });
    expect(pages).toBe(Math.max(1, Math.ceil(4 / limit)));
  }
  // A shop's list reads its database; a filter applies in each database.
  expect((await allOrderPages("&shop=CH", 1)).numbers).toEqual([orders.b]);
  expect((await allOrderPages("&shop=DE", 1)).numbers).toEqual([orders.c, orders.a]);
  expect((await allOrderPages(`&q=${orders.d}`, 2)).numbers).toEqual([orders.d]);
});

test("an order's detail and staff's change are read and written in the order's database", async () => {
  const detail = await staffGet<{ orderNumber: string; shop: string; version: number }>(`/admin/api/orders/${orders.b}`);
  expect(detail).toMatchObject({ status: 200, data: { orderNumber: orders.b, shop: "CH" } });
  const note = await staff("POST", `/admin/api/orders/${orders.b}/notes`, { token, body: { version: detail.data.version, note: "Ruft vor der Lieferung an" } });
  expect(note.status).toBe(200);
  expect(await count(second, "SELECT COUNT(*) AS n FROM order_events WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)", orders.b)).toBe(1);
  expect(await count(first, "SELECT COUNT(*) AS n FROM order_events")).toBe(0);
  // A number no database holds, and one of a shop that is not configured: 404.
  expect((await staffGet(`/admin/api/orders/CH-999999`)).status).toBe(404);
  expect((await staffGet(`/admin/api/orders/XX-100001`)).status).toBe(404);
});

test("the mail outbox across shops: both databases newest first, page by page; a mail opened by its key in its shop's database", async () => {
  const recipients: string[] = [];
  const keys: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: { status: number; data: MailListPage } = await staffGet<MailListPage>(`/admin/api/mail?limit=1${after === null ? "" : `&after=${after}`}`);
    expect(page.status).toBe(200);
    recipients.push(...page.data.mails.map((mail) => mail.recipient));
    keys.push(...page.data.mails.map((mail) => mail.key));
    after = page.data.next;
    pages++;
  } while (after !== null && pages < 10);
  expect(recipients).toEqual(["erika.com@example.com", "erika.de@example.com", "erika.ch@example.com", "erika.de@example.com"]);
  const all = await staffGet<MailListPage>("/admin/api/mail?limit=50");
  expect(all.data.mails.map((mail) => mail.key)).toEqual(keys);
  expect(Object.values(all.data.counts).reduce((sum, n) => sum + n, 0)).toBe(4);
  expect((await staffGet<MailListPage>("/admin/api/mail?shop=CH")).data.mails.map((mail) => mail.recipient)).toEqual(["erika.ch@example.com"]);
  // The Swiss mail by its key, from the second database; its id alone is DB's mail of that number, another shop's.
  const swissKey = keys[2]!;
  expect(await staffGet(`/admin/api/mail/${swissKey}`)).toMatchObject({ status: 200, data: { shop: "CH", recipient: "erika.ch@example.com" } });
  expect((await staffGet(`/admin/api/mail/COM-${swissKey.slice(3)}`)).status).toBe(404);
  expect((await staffGet("/admin/api/mail/CH-999")).status).toBe(404);
  // A page link of one database does not fit two.
  expect((await staffGet("/admin/api/mail?after=5")).status).toBe(422);
});

test("the ERP's event reaches the order's database by its number's shop", async () => {
  const api = shopApiCaller({ ...h.env, ORDER_EVENTS_TOKEN: EVENTS_TOKEN }, { now: () => new Date("2026-11-18T09:00:00Z") });
  const event = (number: string, eventId: string) =>
    api(
      new Request(`http://shop-api/admin/orders/${number}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${EVENTS_TOKEN}` },
        body: JSON.stringify({ eventId, type: "confirmed", time: "2026-11-18T08:30:00Z" }),
      }),
    );
  expect((await event(orders.d!, "erp-1")).status).toBe(200);
  expect(await count(second, "SELECT COUNT(*) AS n FROM orders WHERE order_number = ? AND state = 'confirmed'", orders.d)).toBe(1);
  expect(await count(first, "SELECT COUNT(*) AS n FROM order_events WHERE id = 'erp-1'")).toBe(0);
  expect((await event("XX-100001", "erp-2")).status).toBe(404);
  expect((await event("CH-999999", "erp-3")).status).toBe(404);
});

test("sample orders: the list and its CSV across both databases, a Swiss order's detail and marking in its database; the cron processes both", async () => {
  h.setNow(NOW);
  const german = await placeSampleOrder(h, { email: "dora@example.com" });
  const swiss = await placeSampleOrder(h, { shop: "CH", email: "dora@example.ch" });
  const list = await staffGet<SampleOrderListPage>("/admin/api/sample-orders?state=ordered&limit=1");
  expect(list.data.orders).toHaveLength(1);
  expect(list.data.next).not.toBeNull();
  const next = await staffGet<SampleOrderListPage>(`/admin/api/sample-orders?state=ordered&limit=1&after=${encodeURIComponent(list.data.next!)}`);
  expect([...list.data.orders, ...next.data.orders].map((order) => order.referenceCode).sort()).toEqual([german.referenceCode, swiss.referenceCode].sort());
  expect(next.data.next).toBeNull();
  const csv = await staff("GET", "/admin/api/sample-orders/export.csv?state=ordered", { token });
  expect(csv.headers.get("x-export-rows")).toBe("2");
  expect(await csv.text()).toContain(swiss.referenceCode);
  expect((await staffGet(`/admin/api/sample-orders/${swiss.referenceCode}`)).status).toBe(200);

  // One hour after they were finished, the cron processes the finished orders of each database.
  await runScheduledJobs(h.env, new Date("2026-11-18T09:30:00Z"));
  expect(await count(first, "SELECT COUNT(*) AS n FROM sample_quotes WHERE reference_code = ? AND state = 'processed'", german.referenceCode)).toBe(1);
  expect(await count(second, "SELECT COUNT(*) AS n FROM sample_quotes WHERE reference_code = ? AND state = 'processed'", swiss.referenceCode)).toBe(1);
});

test("the catalogue import over HTTP writes every shop database, and refuses a bad file in none", async () => {
  const importing = shopApiCaller({ ...h.env, CATALOGUE_IMPORT_TOKEN: IMPORT_TOKEN });
  const post = (body: unknown) =>
    importing(
      new Request("https://api.example/admin/catalogue/import?format=json&source=test", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${IMPORT_TOKEN}` },
        body: JSON.stringify(body),
      }),
    );
  const products = async () => [await count(first, "SELECT COUNT(*) AS n FROM products"), await count(second, "SELECT COUNT(*) AS n FROM products")];
  const before = await products();
  expect((await post({ products: [{ sku: "P-100" }] })).status).toBe(422);
  expect(await products()).toEqual(before);
  expect((await post(sampleDocument())).status).toBe(200);
  for (const db of [first, second]) expect(await count(db, "SELECT COUNT(*) AS n FROM products WHERE sku = 'P-100'")).toBe(1);
  // The Swiss shop sells what was imported, from its own database.
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "P-100", quantity: 1 }, shop: "CH" });
  expect(added.body.errors).toEqual([]);
});
