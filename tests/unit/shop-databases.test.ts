/**
 * The shop API with two D1 databases in workerd (docs/decisions/0064): SHOP_DATABASES puts the
 * live data of CH and COM into DB_ORDERS_2, DE and AT stay in DB; the catalogue is imported into
 * both. A cart and an order of DE and of CH go through the worker as deployed, and each shop's
 * rows land in its own database and nowhere else.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { imported } from "@tests/kit/catalogue";
import { commerceDocument } from "@tests/kit/commerce";
import { startWorkerdShopApi, WORKERD_SHOP_API_START_MS, type WorkerdShopApi } from "@tests/kit/workerd-shop-api";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";

jest.setTimeout(180_000);

const SHOP_DATABASES = JSON.stringify({ DE: "DB", AT: "DB", CH: "DB_ORDERS_2", COM: "DB_ORDERS_2" });
/** A mail service nobody answers on (a closed loopback port): every attempt to send fails and is noted on its row. */
const UNREACHABLE_MAIL = { MAIL_TRANSPORT: "http", MAIL_API_URL: "http://127.0.0.1:9/emails", MAIL_API_KEY: "test-key" };

let api: WorkerdShopApi;
beforeAll(async () => {
  api = await startWorkerdShopApi(
    {
      split: { ENVIRONMENT_NAME: "test", SHOP_DATABASES, ...UNREACHABLE_MAIL },
      broken: { ENVIRONMENT_NAME: "test", SHOP_DATABASES: JSON.stringify({ CH: "DB_ORDERS_3" }) },
    },
    ["DB", "DB_ORDERS_2"],
  );
  for (const db of Object.values(api.databases)) await imported(db, commerceDocument());
}, WORKERD_SHOP_API_START_MS);
afterAll(() => api?.dispose());

const ADDRESSES = {
  DE: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
  CH: { firstname: "Erika", lastname: "Muster", street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich", countryCode: "ch" },
} as const;

let client = 0;

async function call(variant: string, shop: string, method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { [SHOP_ID_HEADER]: shop, [CLIENT_IP_HEADER]: `198.18.9.${++client}`, accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await api.fetch(variant, path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, unknown>; errors: unknown[] },
    token: response.headers.get(VISITOR_TOKEN_HEADER),
  };
}

/** A cart with one FLOOR-1 and its order, as the storefront places it; the order number. */
async function cartAndOrder(shop: keyof typeof ADDRESSES): Promise<string> {
  const added = await call("split", shop, "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 } });
  expect(added.body.errors).toEqual([]);
  expect(added.status).toBe(200);
  const token = added.token!;
  const order = await call("split", shop, "POST", "/apiv2/checkout/order", {
    token,
    body: {
      email: `erika.${shop.toLowerCase()}@example.com`,
      billingAddress: ADDRESSES[shop],
      deliveryMode: "standard",
      paymentMethod: "prepayment",
      acceptTerms: true,
    },
  });
  expect(order.body.errors).toEqual([]);
  expect(order.status).toBe(200);
  return order.body.data.orderNumber as string;
}

/** Polls `read` until it gives `expected` (work the worker hands to waitUntil ends after its answer); fails after 10 s. */
async function waitFor(read: () => Promise<number>, expected: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await read()) !== expected) {
    if (Date.now() > deadline) throw new Error(`still ${await read()}, expected ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = async (db: D1Database, sql: string, ...values: unknown[]) =>
  (await db
    .prepare(sql)
    .bind(...values)
    .first<{ n: number }>())!.n;

test("each shop's cart and order land in its own database, and only there", async () => {
  const { DB: first, DB_ORDERS_2: second } = api.databases as Record<"DB" | "DB_ORDERS_2", D1Database>;
  const de = await cartAndOrder("DE");
  const ch = await cartAndOrder("CH");
  expect(de).toMatch(/^DE-/);
  expect(ch).toMatch(/^CH-/);

  const ordersOf = (db: D1Database, shop: string) => count(db, "SELECT COUNT(*) AS n FROM orders WHERE shop_id = ?", shop);
  expect([await ordersOf(first, "DE"), await ordersOf(first, "CH")]).toEqual([1, 0]);
  expect([await ordersOf(second, "CH"), await ordersOf(second, "DE")]).toEqual([1, 0]);
  expect(await count(first, "SELECT COUNT(*) AS n FROM orders WHERE order_number = ?", de)).toBe(1);
  expect(await count(second, "SELECT COUNT(*) AS n FROM orders WHERE order_number = ?", ch)).toBe(1);
  // The order's lines, the visitor and cart behind it, and its confirmation mail, beside it.
  for (const [db, number] of [
    [first, de],
    [second, ch],
  ] as const) {
    expect(await count(db, "SELECT COUNT(*) AS n FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)", number)).toBe(1);
    expect(await count(db, "SELECT COUNT(*) AS n FROM visitors")).toBe(1);
    expect(await count(db, "SELECT COUNT(*) AS n FROM mail_outbox WHERE template = 'order-confirmation'")).toBe(1);
  }
  // The drain after the answer works on the shop's own outbox: it notes the failed attempt on the shop's own row.
  for (const db of [first, second]) await waitFor(() => count(db, "SELECT COUNT(*) AS n FROM mail_outbox WHERE last_error IS NOT NULL"), 1);
  // Stock is taken in the shop's own database only.
  const stock = (db: D1Database) => count(db, "SELECT stock_qty AS n FROM products WHERE sku = 'FLOOR-1'");
  expect(await stock(first)).toBe(99);
  expect(await stock(second)).toBe(99);
});

test("a shop mapped to a binding the worker lacks fails instead of writing into DB", async () => {
  const before = await count(api.db, "SELECT COUNT(*) AS n FROM visitors");
  const refused = await api.fetch("broken", "/apiv2/cart/", {
    method: "POST",
    headers: { [SHOP_ID_HEADER]: "CH", [CLIENT_IP_HEADER]: "198.18.9.250", "content-type": "application/json" },
    body: JSON.stringify({ sku: "FLOOR-1", quantity: 1 }),
  });
  expect(refused.status).toBe(500);
  expect(await count(api.db, "SELECT COUNT(*) AS n FROM visitors")).toBe(before);
  // The shops it does not name keep DB.
  const de = await api.fetch("broken", "/apiv2/cart/", { headers: { [SHOP_ID_HEADER]: "DE", [CLIENT_IP_HEADER]: "198.18.9.251" } });
  expect(de.status).toBe(200);
});
