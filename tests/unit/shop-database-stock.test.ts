/**
 * Each shop database keeps its own stock (docs/decisions/0064, catalogue/stock-allowance.ts): with two databases (DE
 * on DB, CH and COM on DB_2; tests/kit/d1.ts) the import splits a product's quantity among the databases whose shops
 * sell it, an order takes its stock in its own database only, and a cancellation or an expired online payment gives
 * it back there. The builds' GraphQL answers each shop's stock from the shop's own database.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { shopDb } from "@tests/kit/d1";
import { shopApiCaller } from "@tests/kit/shop-api";
import { stripeStandInFor } from "@tests/kit/stripe-stand-in";

const NOW = "2026-11-18T08:00:00Z";
const EVENTS_TOKEN = "order-events-token-0123456789abcdef0123";
const GRAPHQL_TOKEN = "graphql-token-0123456789abcdef0123456789";
const SKU = "FLOOR-1";
const ADDRESSES: Record<string, Record<string, string>> = {
  DE: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
  CH: { firstname: "Erika", lastname: "Muster", street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich", countryCode: "ch" },
};

let h: Harness;
let stripe: Awaited<ReturnType<typeof stripeStandInFor>>;
let first: D1Database;
let second: D1Database;

beforeAll(async () => {
  h = await createHarness(NOW, { split: true });
  stripe = await stripeStandInFor(h);
  first = shopDb(h.env, "DE");
  second = shopDb(h.env, "CH");
});
afterAll(async () => {
  await stripe.close();
  await h.dispose();
});

const stockIn = async (db: D1Database, sku = SKU) =>
  (await db.prepare("SELECT stock_qty FROM products WHERE sku = ?").bind(sku).first<{ stock_qty: number }>())!.stock_qty;
const stocks = async (sku = SKU) => [await stockIn(first, sku), await stockIn(second, sku)];

async function place(shop: string, quantity: number, paymentMethod = "invoice", sku = SKU) {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, shop });
  expect(added.status).toBe(200);
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: `erika.${shop.toLowerCase()}@example.com`, billingAddress: ADDRESSES[shop], deliveryMode: "standard", paymentMethod, acceptTerms: true },
    token: added.token,
    shop,
  });
  expect(order.body.errors).toEqual([]);
  const url = order.body.data.payment?.redirectUrl as string | null | undefined;
  return { number: order.body.data.orderNumber as string, sessionId: url ? url.split("/").pop()! : null };
}

test("the import splits each product's quantity among the databases whose shops sell it; a database that sells none holds none", async () => {
  // The harness's catalogue: FLOOR-1 100 and LOW-1 3 in DE, CH and COM; DEONLY-1 100 in DE alone.
  expect(await stocks()).toEqual([50, 50]);
  expect(await stocks("LOW-1")).toEqual([2, 1]);
  expect(await stocks("DEONLY-1")).toEqual([100, 0]);
  // The Swiss shop cannot order more than its database holds, though the first database holds more.
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: 2 }, shop: "CH" });
  expect(added.body.errors).toContainEqual(expect.objectContaining({ code: "quantity_unavailable", params: { available: 1 } }));
  expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: 2 } })).status).toBe(200);
});

test("an order in CH takes its stock in the second database only, one in DE in the first only; a cancellation gives it back where it was taken", async () => {
  const swiss = await place("CH", 3);
  expect(await stocks()).toEqual([50, 47]);
  const german = await place("DE", 2);
  expect(await stocks()).toEqual([48, 47]);

  const api = shopApiCaller({ ...h.env, ORDER_EVENTS_TOKEN: EVENTS_TOKEN }, { now: () => new Date("2026-11-18T09:00:00Z") });
  const cancel = (number: string, eventId: string) =>
    api(
      new Request(`http://shop-api/admin/orders/${number}/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${EVENTS_TOKEN}` },
        body: JSON.stringify({ eventId, type: "cancelled", time: "2026-11-18T08:30:00Z" }),
      }),
    );
  expect((await cancel(swiss.number, "erp-cancel-ch")).status).toBe(200);
  expect(await stocks()).toEqual([48, 50]);
  expect((await cancel(german.number, "erp-cancel-de")).status).toBe(200);
  expect(await stocks()).toEqual([50, 50]);
});

test("a Swiss online payment that expires gives the stock back in the second database", async () => {
  const { sessionId } = await place("CH", 4, "card");
  expect(sessionId).not.toBeNull();
  expect(await stocks()).toEqual([50, 46]);
  await stripe.choose(sessionId!, "expire");
  expect(await stocks()).toEqual([50, 50]);
});

test("the builds' GraphQL answers a shop's stock from its own database: CH's from the second, DE's from the first", async () => {
  await place("CH", 3);
  await place("CH", 1, "invoice", "LOW-1");
  expect(await stocks()).toEqual([50, 47]);
  expect(await stocks("LOW-1")).toEqual([2, 0]);
  const api = shopApiCaller({ ...h.env, GRAPHQL_TOKEN });
  const stockOf = async (shop: string) => {
    const response = await api(
      new Request("http://shop-api/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${GRAPHQL_TOKEN}` },
        body: JSON.stringify({
          query: `query ($shop: ID!) {
            products(shop: $shop, language: "de") { nodes { sku isOutOfStock isSalable stock { isInStock quantity } } }
            product(shop: $shop, language: "de", sku: "LOW-1") { stock { quantity } }
          }`,
          variables: { shop },
        }),
      }),
    );
    const body = (await response.json()) as { data: { products: { nodes: { sku: string }[] }; product: { stock: { quantity: number } } } };
    return { ...Object.fromEntries(body.data.products.nodes.map((node) => [node.sku, node])), single: body.data.product.stock.quantity };
  };
  // LOW-1: 3 in all, 2 in the first database, 1 in the second, which CH's order of one has taken.
  expect(await stockOf("CH")).toMatchObject({
    "FLOOR-1": { isOutOfStock: false, isSalable: true, stock: { isInStock: true, quantity: 47 } },
    "LOW-1": { isOutOfStock: true, stock: { isInStock: false, quantity: 0 } },
    single: 0,
  });
  expect(await stockOf("DE")).toMatchObject({
    "FLOOR-1": { isOutOfStock: false, stock: { isInStock: true, quantity: 50 } },
    "LOW-1": { isOutOfStock: false, stock: { isInStock: true, quantity: 2 } },
    "DEONLY-1": { stock: { quantity: 100 } },
    single: 2,
  });
});
