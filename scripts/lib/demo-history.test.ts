/**
 * The demo order history against real D1 databases (Miniflare) holding the demo catalogue: the
 * states, shops and dates it writes through the shop API, and that running it again adds nothing.
 * Two shop databases (DE and AT on DB, CH on the second; tests/kit/d1.ts): each order goes into
 * its shop's database, as the shop API writes it.
 */
import { createTestDatabase, everyTestDatabase, shopDb, type TestDatabase } from "@tests/kit/d1";
import { importCatalogueEverywhere } from "@shop-api/catalogue/apply-import";
import { DRAIN_LIMIT } from "@shop-api/core/mail/sender";
import { buildCatalogue } from "../catalogue-demo/build";
import { DEMO_CUSTOMER, DEMO_CUSTOMER_DOMAIN, DEMO_ORDERS, eventTimeOf, placedAtOf, seedDemoHistory, type DemoHistoryEnv } from "./demo-history";

const NOW = new Date("2026-11-18T12:00:00Z");
const DAY = 86_400_000;
const TOKEN = "demo-history-token-0123456789abcdef0123";
let database: TestDatabase;
let env: DemoHistoryEnv;

beforeAll(async () => {
  database = await createTestDatabase({ split: true });
  for (const file of buildCatalogue({ products: 60, seed: 42, now: new Date("2026-11-01T00:00:00Z") })) {
    const result = await importCatalogueEverywhere(
      everyTestDatabase(database.db),
      { format: "json", text: JSON.stringify(file.document) },
      { source: file.name },
    );
    if (!result.ok) throw new Error(`demo catalogue refused: ${JSON.stringify(result.problems.slice(0, 3))}`);
  }
  env = { ...database.env, ORDER_EVENTS_TOKEN: TOKEN };
});
afterAll(() => database.dispose());

interface OrderRow {
  order_number: string;
  shop_id: string;
  language: string;
  email: string;
  state: string;
  placed_at: string;
  confirmed_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  desired_date: string | null;
  delivery_mode: string;
  payment_method: string;
  billing_address: string;
  shipping_address: string;
}

/** The rows a query answers in every shop database, one after the other. */
async function rowsOf<Row>(query: string, ...values: unknown[]): Promise<Row[]> {
  const answers = await Promise.all(
    everyTestDatabase(database.db).map(({ db }) =>
      db
        .prepare(query)
        .bind(...values)
        .all<Row>(),
    ),
  );
  return answers.flatMap((answer) => answer.results);
}

/** A number summed over every shop database. */
const total = async (query: string) => (await rowsOf<{ n: number | null }>(query)).reduce((sum, row) => sum + (row.n ?? 0), 0);

async function snapshot() {
  return {
    orders: await total("SELECT COUNT(*) AS n FROM orders"),
    lines: await total("SELECT COUNT(*) AS n FROM order_lines"),
    events: await total("SELECT COUNT(*) AS n FROM order_events"),
    mails: await total("SELECT COUNT(*) AS n FROM mail_outbox"),
    visitors: await total("SELECT COUNT(*) AS n FROM visitors"),
    cartItems: await total("SELECT COUNT(*) AS n FROM cart_items"),
    counters: (await rowsOf<{ shop_id: string; last_number: number }>("SELECT shop_id, last_number FROM order_counters"))
      .map((row) => `${row.shop_id}=${row.last_number}`)
      .sort()
      .join(","),
    stock: await total("SELECT SUM(stock_qty) AS n FROM products"),
    shipped: await total("SELECT SUM(shipped_qty + delivered_qty) AS n FROM order_lines"),
  };
}

describe("the plan", () => {
  test("demo customers under the example domain, DE, AT and CH, every state, delivered inside and outside the 30-day window", () => {
    expect(new Set(DEMO_ORDERS.map((plan) => plan.key)).size).toBe(DEMO_ORDERS.length);
    expect(DEMO_ORDERS.every((plan) => plan.customer.email.endsWith(`@${DEMO_CUSTOMER_DOMAIN}`))).toBe(true);
    expect(DEMO_CUSTOMER).toBe("anna.berger@kunden.example");
    expect(new Set(DEMO_ORDERS.map((plan) => plan.customer.shop))).toEqual(new Set(["DE", "AT", "CH"]));
    expect(new Set(DEMO_ORDERS.map((plan) => plan.state))).toEqual(new Set(["placed", "confirmed", "shipped", "delivered", "cancelled"]));
    // the demo customer npm start names has orders in every state
    expect(new Set(DEMO_ORDERS.filter((plan) => plan.customer.email === DEMO_CUSTOMER).map((plan) => plan.state))).toEqual(
      new Set(["placed", "shipped", "delivered", "cancelled"]),
    );
    // one drain of the outbox sends every confirmation
    expect(DEMO_ORDERS.length).toBeLessThanOrEqual(DRAIN_LIMIT);
  });

  test("every event lies after its order's placing and before the day the history is written, in order", () => {
    for (const plan of DEMO_ORDERS) {
      const placedAt = placedAtOf(plan, NOW).toISOString();
      let last = placedAt;
      for (const event of plan.events) {
        expect({ key: plan.key, before: event.day < plan.daysAgo }).toEqual({ key: plan.key, before: true });
        const time = eventTimeOf(placedAt, event);
        expect({ key: plan.key, time, inOrder: time > last }).toEqual({ key: plan.key, time, inOrder: true });
        last = time;
      }
    }
  });
});

describe("seeding", () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  let first: Awaited<ReturnType<typeof seedDemoHistory>>;
  let rows: OrderRow[];

  beforeAll(async () => {
    before = await snapshot();
    first = await seedDemoHistory(env, { now: NOW });
    rows = (await rowsOf<OrderRow>("SELECT * FROM orders")).sort((a, b) => a.order_number.localeCompare(b.order_number));
  });

  test("places every demo order through the shop API and records its events; each ends in its planned state", async () => {
    expect(first.placed).toBe(DEMO_ORDERS.length);
    expect(first.recorded).toBe(DEMO_ORDERS.reduce((sum, plan) => sum + plan.events.length, 0));
    expect(rows).toHaveLength(DEMO_ORDERS.length);
    for (const plan of DEMO_ORDERS) {
      const seeded = first.orders.find((order) => order.key === plan.key)!;
      const row = rows.find((order) => order.order_number === seeded.orderNumber)!;
      expect({ key: plan.key, state: row.state, shop: row.shop_id, language: row.language, email: row.email }).toEqual({
        key: plan.key,
        state: plan.state,
        shop: plan.customer.shop,
        language: plan.customer.language,
        email: plan.customer.email,
      });
      expect(row.order_number).toMatch(new RegExp(`^${plan.customer.shop}-1\\d{5}$`));
      expect(row.payment_method).toBe(plan.paymentMethod);
      expect(row.delivery_mode).toBe(plan.deliveryMode);
    }
    // numbers count up per shop from the first one, as for any order
    expect(rows.filter((row) => row.shop_id === "AT").map((row) => row.order_number)).toEqual(["AT-100001", "AT-100002", "AT-100003"]);
    // each in its shop's database only: the Swiss ones in the second
    for (const row of rows) {
      const held = await shopDb(database.env, row.shop_id)
        .prepare("SELECT COUNT(*) AS n FROM orders WHERE order_number = ?")
        .bind(row.order_number)
        .first<{ n: number }>();
      expect({ number: row.order_number, held: held!.n }).toEqual({ number: row.order_number, held: 1 });
    }
    expect(rows.filter((row) => row.shop_id === "CH").length).toBeGreaterThan(0);
    expect(await total("SELECT COUNT(*) AS n FROM orders")).toBe(rows.length);
  });

  test("dates: placed N days before now, each event at its own time, every line with its shipment and delivery", async () => {
    for (const plan of DEMO_ORDERS) {
      const seeded = first.orders.find((order) => order.key === plan.key)!;
      const row = rows.find((order) => order.order_number === seeded.orderNumber)!;
      const placedAt = placedAtOf(plan, NOW).toISOString();
      expect({ key: plan.key, placedAt: row.placed_at }).toEqual({ key: plan.key, placedAt });
      const { results: events } = await shopDb(database.env, row.shop_id)
        .prepare("SELECT id, type, occurred_at FROM order_events WHERE order_id = (SELECT id FROM orders WHERE order_number = ?) ORDER BY occurred_at")
        .bind(row.order_number)
        .all<{ id: string; type: string; occurred_at: string }>();
      expect(events.map((event) => [event.type, event.occurred_at])).toEqual(plan.events.map((event) => [event.type, eventTimeOf(placedAt, event)]));
      for (const time of [row.placed_at, row.confirmed_at, row.shipped_at, row.delivered_at, row.cancelled_at])
        if (time) expect(Date.parse(time)).toBeLessThan(NOW.getTime());
      const last = (type: string) => plan.events.filter((event) => event.type === type).at(-1);
      if (plan.state === "delivered") expect(row.delivered_at).toBe(eventTimeOf(placedAt, last("delivered")!));
      if (plan.state === "cancelled") expect(row.cancelled_at).toBe(eventTimeOf(placedAt, last("cancelled")!));
      if (plan.desiredAfterDays !== undefined)
        expect(row.desired_date).toBe(new Date(Date.parse(placedAt) + plan.desiredAfterDays * DAY).toISOString().slice(0, 10));
    }
    // the 30-day window of withdrawal counts from the delivery: demo orders on both sides of it in DE, AT and CH
    const delivered = rows.filter((row) => row.state === "delivered");
    for (const shop of ["DE", "AT", "CH"]) {
      const ages = delivered.filter((row) => row.shop_id === shop).map((row) => (NOW.getTime() - Date.parse(row.delivered_at!)) / DAY);
      expect({ shop, inside: ages.some((age) => age < 30), outside: ages.some((age) => age > 30) }).toEqual({ shop, inside: true, outside: true });
    }
    // lines shipped and delivered on different days keep their own times
    const anna2 = first.orders.find((order) => order.key === "anna-2")!.orderNumber;
    const lines = await rowsOf<{ quantity: number; shipped_qty: number; delivered_qty: number; shipped_at: string; delivered_at: string }>(
      "SELECT line_no, quantity, shipped_qty, delivered_qty, shipped_at, delivered_at FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ?) ORDER BY line_no",
      anna2,
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.delivered_qty).toBe(line.quantity);
    expect(lines[0]!.delivered_at < lines[1]!.delivered_at).toBe(true);
    expect(lines[0]!.shipped_at < lines[1]!.shipped_at).toBe(true);
  });

  test("the business order keeps its company, VAT ID and the building site as shipping address", () => {
    const thomas = rows.find((row) => row.order_number === first.orders.find((order) => order.key === "thomas-1")!.orderNumber)!;
    expect(JSON.parse(thomas.billing_address)).toMatchObject({ companyName: "Holzbau Schmidt GmbH", vatId: "DE287456123", city: "Leipzig" });
    expect(JSON.parse(thomas.shipping_address)).toMatchObject({ street: "Ahornweg 7", postcode: "04275" });
  });

  test("the same order path: stock taken (and given back on cancellation), one confirmation mail per order in its language, and one mail per invoice", async () => {
    const after = await snapshot();
    const kept = await total(
      "SELECT SUM(l.quantity) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.state <> 'cancelled' AND l.kind = 'product'",
    );
    expect(before.stock - after.stock).toBe(kept);
    expect(after.cartItems).toBe(0);
    const mails = await rowsOf<{ template: string; recipient: string; language: string; number: string }>(
      "SELECT template, recipient, language, json_extract(params, '$.orderNumber') AS number FROM mail_outbox ORDER BY id",
    );
    const confirmations = mails.filter((mail) => mail.template === "order-confirmation");
    expect(confirmations.map((mail) => mail.number).sort()).toEqual(rows.map((row) => row.order_number).sort());
    expect(confirmations.find((mail) => mail.recipient === "claire.favre@kunden.example")!.language).toBe("fr");
    expect(confirmations.find((mail) => mail.recipient === "marco.rossi@kunden.example")!.language).toBe("it");
    // Beside them only the invoices' mails: one per invoice the history's paid or shipped orders got.
    const invoices = await rowsOf<{ number: string }>(
      "SELECT o.order_number AS number FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.kind = 'invoice'",
    );
    expect(invoices.length).toBeGreaterThan(0);
    const invoiceMails = mails.filter((mail) => mail.template === "invoice-issued");
    expect(invoiceMails.map((mail) => mail.number).sort()).toEqual(invoices.map((invoice) => invoice.number).sort());
    expect(mails).toHaveLength(confirmations.length + invoiceMails.length);
    // nothing was sent from here: the mails wait for the worker's drain
    expect(await total("SELECT COUNT(*) AS n FROM mail_outbox WHERE state <> 'pending' OR attempts > 0")).toBe(0);
  });

  test("a second run adds nothing, and neither does one a week later", async () => {
    const after = await snapshot();
    const again = await seedDemoHistory(env, { now: NOW });
    expect({ placed: again.placed, recorded: again.recorded }).toEqual({ placed: 0, recorded: 0 });
    expect(await snapshot()).toEqual(after);
    expect(again.orders).toEqual(first.orders);
    const later = await seedDemoHistory(env, { now: new Date(NOW.getTime() + 7 * DAY) });
    expect({ placed: later.placed, recorded: later.recorded }).toEqual({ placed: 0, recorded: 0 });
    expect(await snapshot()).toEqual(after);
  });

  test("a run that stopped after placing an order, before marking it, finds that order instead of placing another", async () => {
    const after = await snapshot();
    await database.db.prepare("UPDATE demo_history_orders SET order_number = NULL WHERE key IN ('anna-2', 'jonas-2')").run();
    const resumed = await seedDemoHistory(env, { now: NOW });
    expect(resumed.placed).toBe(0);
    expect(resumed.orders).toEqual(first.orders);
    expect(await snapshot()).toEqual(after);
  });
});

test("a database without a catalogue to order from: refused with the reason, no order written", async () => {
  const empty = await createTestDatabase();
  try {
    await expect(seedDemoHistory({ ...empty.env, ORDER_EVENTS_TOKEN: TOKEN }, { now: NOW })).rejects.toThrow(
      /anna-1: the catalogue has too few products to order in DE/,
    );
    expect((await empty.db.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n).toBe(0);
  } finally {
    await empty.dispose();
  }
});
