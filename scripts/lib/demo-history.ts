/**
 * The demo order history: demo customers (e-mail addresses under kunden.example)
 * with past orders in the DE, AT and CH shops, in every state an order can be in: placed,
 * confirmed, shipped, delivered inside the 30-day window of withdrawal and delivered outside
 * it, cancelled. Returns and the customer account have something real to show right after
 * `npm start`.
 *
 * Written through the same paths as every order: the shop API's own route table
 * (createShopApi) with its clock pinned to the past, called as the edge calls it: the demo
 * customer puts products into the cart (POST /apiv2/cart/) and places the order (POST
 * /apiv2/checkout/order) N days before now; the ERP's events (POST /admin/orders/{number}/
 * events, bearer ORDER_EVENTS_TOKEN) report confirmation, shipments, deliveries and
 * cancellations at their own past times. So the orders carry every snapshot, stock movement,
 * order number and confirmation mail a real order has.
 *
 * Idempotent: a marker per demo order (the table demo_history_orders, which this module
 * creates in the local database it seeds: it is bookkeeping of the demo, not part of the
 * shop's schema) holds the time the order was planned for and its number; an event is posted
 * only when its id is not recorded yet. A second run adds nothing; a run that stopped half way
 * finishes the same orders (an order placed but not yet marked is found by its shop, e-mail
 * and placing time). The dates are fixed when an order is first written, so the history ages
 * with the local database: delivered "5 days ago" becomes "40 days ago" a month later.
 *
 * Mail: each order writes its confirmation mail to the outbox in the order's batch, as always,
 * and only once (the first seeding). Node has no SMTP sockets, so the seeding sends nothing
 * itself (it runs without a mail transport; the outbox notes that on the mails); `npm start`
 * then asks its worker to drain the outbox once (sendWaitingMail), so the demo confirmations
 * arrive in the local inbox once, on the first start, and never again.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { sql } from "@worker/lib/sql";
import { createShopApi } from "@shop-api/app";
import { orderDatabase, shopDatabase } from "@shop-api/core/shop-database";
import { listedIn } from "@shop-api/tables/products";
import type { Envelope } from "@domain/api/envelope";
import type { OrderAddress } from "@domain/api/orders";
import { withLocalBindings } from "../local-d1";
import { localSecret } from "./local-worker";

export const DEMO_CUSTOMER_DOMAIN = "kunden.example";

type DemoAddress = OrderAddress;

interface DemoCustomer {
  email: string;
  shop: string;
  language: string;
  address: DemoAddress;
}

/**
 * An ERP event of a demo order: `day` days after the day it was placed, at `at` (UTC); always
 * before the day the history is written (day < daysAgo). Shipments and deliveries name line
 * numbers (default: every line), each in full.
 */
export type DemoEvent =
  { type: "confirmed" | "cancelled"; day: number; at: string } | { type: "shipped" | "delivered"; day: number; at: string; lines?: number[] };

export interface DemoOrderPlan {
  /** Stable name of the demo order (its marker). */
  key: string;
  customer: DemoCustomer;
  /** Placed this many days before today (UTC), at `time` (UTC). */
  daysAgo: number;
  time: string;
  /** How many product lines (different products) and the packages of the first line. */
  lines: number;
  quantity: number;
  paymentMethod: "prepayment" | "invoice" | "cash_on_delivery";
  deliveryMode: "standard" | "requested_date" | "express";
  /** For requested_date: the desired day, this many days after placing. */
  desiredAfterDays?: number;
  shippingAddress?: DemoAddress;
  events: DemoEvent[];
  /** The state the events leave the order in. */
  state: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled";
}

const customer = (email: string, shop: string, language: string, address: DemoAddress): DemoCustomer => ({
  email: `${email}@${DEMO_CUSTOMER_DOMAIN}`,
  shop,
  language,
  address,
});

const ANNA = customer("anna.berger", "DE", "de", {
  firstname: "Anna",
  lastname: "Berger",
  street: "Lindenstraße 12",
  postcode: "10969",
  city: "Berlin",
  countryCode: "de",
});
const THOMAS = customer("thomas.schmidt", "DE", "de", {
  firstname: "Thomas",
  lastname: "Schmidt",
  companyName: "Holzbau Schmidt GmbH",
  vatId: "DE287456123",
  street: "Industriestraße 4",
  postcode: "04229",
  city: "Leipzig",
  countryCode: "de",
});
const LUKAS = customer("lukas.huber", "AT", "at", {
  firstname: "Lukas",
  lastname: "Huber",
  street: "Mariahilfer Straße 88",
  postcode: "1070",
  city: "Wien",
  countryCode: "at",
});
const MARIA = customer("maria.gruber", "AT", "at", {
  firstname: "Maria",
  lastname: "Gruber",
  street: "Herrengasse 3",
  postcode: "8010",
  city: "Graz",
  countryCode: "at",
});
const CLAIRE = customer("claire.favre", "CH", "fr", {
  firstname: "Claire",
  lastname: "Favre",
  street: "Avenue de la Gare 15",
  postcode: "1003",
  city: "Lausanne",
  countryCode: "ch",
});
const MARCO = customer("marco.rossi", "CH", "it", {
  firstname: "Marco",
  lastname: "Rossi",
  street: "Via Nassa 21",
  postcode: "6900",
  city: "Lugano",
  countryCode: "ch",
});
const JONAS = customer("jonas.keller", "CH", "de", {
  firstname: "Jonas",
  lastname: "Keller",
  street: "Seefeldstrasse 40",
  postcode: "8008",
  city: "Zürich",
  countryCode: "ch",
});

/** The demo customer `npm start` names: orders in every state in the DE shop. */
export const DEMO_CUSTOMER = ANNA.email;

/** Confirmed on the day it was placed (or the next morning), shipped on `shipDay` and delivered on `deliveryDay` after it. */
const deliveredAfter = (confirmed: [number, string], shipDay: number, deliveryDay: number, deliveredAt: string): DemoEvent[] => [
  { type: "confirmed", day: confirmed[0], at: confirmed[1] },
  { type: "shipped", day: shipDay, at: "08:00" },
  { type: "delivered", day: deliveryDay, at: deliveredAt },
];

/** The demo orders, oldest first within each customer. At most the outbox's drain limit (one drain sends them all). */
export const DEMO_ORDERS: readonly DemoOrderPlan[] = [
  {
    key: "anna-1",
    customer: ANNA,
    daysAgo: 75,
    time: "09:12",
    lines: 2,
    quantity: 4,
    paymentMethod: "prepayment",
    deliveryMode: "standard",
    events: deliveredAfter([0, "11:30"], 1, 3, "14:20"),
    state: "delivered",
  },
  {
    // Two lines shipped and delivered on different days: each line keeps its own times.
    key: "anna-2",
    customer: ANNA,
    daysAgo: 14,
    time: "19:40",
    lines: 2,
    quantity: 3,
    paymentMethod: "invoice",
    deliveryMode: "standard",
    events: [
      { type: "confirmed", day: 1, at: "08:15" },
      { type: "shipped", day: 1, at: "15:00", lines: [1] },
      { type: "shipped", day: 2, at: "15:00", lines: [2] },
      { type: "delivered", day: 3, at: "10:30", lines: [1] },
      { type: "delivered", day: 5, at: "16:45", lines: [2] },
    ],
    state: "delivered",
  },
  {
    key: "anna-3",
    customer: ANNA,
    daysAgo: 20,
    time: "11:05",
    lines: 1,
    quantity: 2,
    paymentMethod: "cash_on_delivery",
    deliveryMode: "standard",
    events: [
      { type: "confirmed", day: 0, at: "14:00" },
      { type: "cancelled", day: 1, at: "09:30" },
    ],
    state: "cancelled",
  },
  {
    key: "anna-4",
    customer: ANNA,
    daysAgo: 4,
    time: "08:30",
    lines: 1,
    quantity: 2,
    paymentMethod: "invoice",
    deliveryMode: "express",
    events: [
      { type: "confirmed", day: 0, at: "09:10" },
      { type: "shipped", day: 0, at: "15:30" },
    ],
    state: "shipped",
  },
  {
    key: "anna-5",
    customer: ANNA,
    daysAgo: 1,
    time: "16:20",
    lines: 1,
    quantity: 6,
    paymentMethod: "prepayment",
    deliveryMode: "requested_date",
    desiredAfterDays: 24,
    events: [],
    state: "placed",
  },
  {
    // A business customer with a VAT ID, delivered to the building site on the day asked for.
    key: "thomas-1",
    customer: THOMAS,
    daysAgo: 40,
    time: "07:55",
    lines: 3,
    quantity: 12,
    paymentMethod: "invoice",
    deliveryMode: "requested_date",
    desiredAfterDays: 26,
    shippingAddress: {
      firstname: "Thomas",
      lastname: "Schmidt",
      companyName: "Holzbau Schmidt GmbH, Baustelle Ahornweg",
      street: "Ahornweg 7",
      postcode: "04275",
      city: "Leipzig",
      countryCode: "de",
    },
    events: deliveredAfter([0, "10:00"], 24, 26, "09:30"),
    state: "delivered",
  },
  {
    key: "lukas-1",
    customer: LUKAS,
    daysAgo: 50,
    time: "13:10",
    lines: 1,
    quantity: 5,
    paymentMethod: "prepayment",
    deliveryMode: "standard",
    events: deliveredAfter([0, "15:00"], 2, 4, "11:15"),
    state: "delivered",
  },
  {
    key: "lukas-2",
    customer: LUKAS,
    daysAgo: 6,
    time: "10:45",
    lines: 2,
    quantity: 2,
    paymentMethod: "invoice",
    deliveryMode: "standard",
    events: [{ type: "confirmed", day: 0, at: "16:00" }],
    state: "confirmed",
  },
  {
    key: "maria-1",
    customer: MARIA,
    daysAgo: 10,
    time: "18:05",
    lines: 1,
    quantity: 3,
    paymentMethod: "cash_on_delivery",
    deliveryMode: "standard",
    events: deliveredAfter([1, "07:40"], 1, 4, "10:40"),
    state: "delivered",
  },
  {
    key: "claire-1",
    customer: CLAIRE,
    daysAgo: 45,
    time: "09:30",
    lines: 2,
    quantity: 2,
    paymentMethod: "prepayment",
    deliveryMode: "standard",
    events: deliveredAfter([0, "11:00"], 2, 5, "14:10"),
    state: "delivered",
  },
  {
    key: "claire-2",
    customer: CLAIRE,
    daysAgo: 8,
    time: "14:15",
    lines: 1,
    quantity: 4,
    paymentMethod: "invoice",
    deliveryMode: "standard",
    events: deliveredAfter([0, "16:30"], 1, 4, "11:50"),
    state: "delivered",
  },
  {
    key: "marco-1",
    customer: MARCO,
    daysAgo: 3,
    time: "12:00",
    lines: 1,
    quantity: 2,
    paymentMethod: "invoice",
    deliveryMode: "standard",
    events: [
      { type: "confirmed", day: 0, at: "16:00" },
      { type: "shipped", day: 2, at: "08:00" },
    ],
    state: "shipped",
  },
  {
    key: "jonas-1",
    customer: JONAS,
    daysAgo: 25,
    time: "20:50",
    lines: 1,
    quantity: 3,
    paymentMethod: "prepayment",
    deliveryMode: "standard",
    events: [{ type: "cancelled", day: 1, at: "11:50" }],
    state: "cancelled",
  },
  {
    key: "jonas-2",
    customer: JONAS,
    daysAgo: 2,
    time: "09:05",
    lines: 2,
    quantity: 1,
    paymentMethod: "cash_on_delivery",
    deliveryMode: "standard",
    events: [],
    state: "placed",
  },
];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Minutes since midnight of `HH:MM`. */
const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** When a demo order is placed: `daysAgo` days before the UTC day of `now`, at its time. */
export function placedAtOf(plan: DemoOrderPlan, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - plan.daysAgo * DAY + minutesOf(plan.time) * MINUTE);
}

/** When an event of the order placed at `placedAt` happened: `day` days after that day, at its time. */
export function eventTimeOf(placedAt: string, event: DemoEvent): string {
  const placed = new Date(placedAt);
  const day = Date.UTC(placed.getUTCFullYear(), placed.getUTCMonth(), placed.getUTCDate());
  return new Date(day + event.day * DAY + minutesOf(event.at) * MINUTE).toISOString();
}

export interface SeededOrder {
  key: string;
  orderNumber: string;
  shop: string;
  email: string;
  state: string;
}

export interface DemoHistoryResult {
  /** Orders placed by this run (0 when the history was already complete). */
  placed: number;
  /** ERP events recorded by this run. */
  recorded: number;
  orders: SeededOrder[];
}

/** The bindings the seeding calls the shop API with: the local worker's, plus the ERP's token. */
export type DemoHistoryEnv = ShopApiEnv & { ORDER_EVENTS_TOKEN: string };

interface MarkerRow {
  key: string;
  placed_at: string;
  order_number: string | null;
}

interface Candidate {
  sku: string;
  package_content: number;
  min_order_qty: number;
  stock_qty: number;
  is_express: number;
}

class DemoHistoryError extends Error {}

/** Products a demo customer of the shop can order as they are: listed and priced there, not configurable, at the end of life or decking, well in stock. */
async function candidates(db: D1Database, shop: string): Promise<Candidate[]> {
  const { results } = await sql`SELECT p.sku, p.package_content, p.min_order_qty, p.stock_qty, p.is_express
    FROM products p JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${shop}
    WHERE ${listedIn(shop)} AND p.type <> 'configurable' AND p.reached_eol = 0 AND p.is_decking = 0 AND p.stock_qty >= 40
    ORDER BY p.sku`
    .prepare(db)
    .all<Candidate>();
  return results;
}

/** The lines of a demo order: different products, spread over the catalogue, each at least its minimum order quantity. */
function linesFor(plan: DemoOrderPlan, index: number, pool: Candidate[]): { sku: string; quantity: number }[] {
  const usable = plan.deliveryMode === "express" ? pool.filter((product) => product.is_express === 1) : pool;
  if (usable.length < plan.lines) throw new DemoHistoryError(`${plan.key}: the catalogue has too few products to order in ${plan.customer.shop}`);
  const picked = new Set<number>();
  return Array.from({ length: plan.lines }, (_, line) => {
    let at = (index * 7 + line * 13) % usable.length;
    while (picked.has(at)) at = (at + 1) % usable.length;
    picked.add(at);
    const product = usable[at]!;
    const minimum = Math.ceil(product.min_order_qty / product.package_content - 1e-9);
    return { sku: product.sku, quantity: Math.max(1, plan.quantity - line, minimum) };
  });
}

const isoDate = (instant: Date, days: number): string => new Date(instant.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Writes the demo history into the databases of `env` through the shop API's route table, each
 * order into its shop's database (core/shop-database.ts; the markers stay in DB); adds only
 * what is missing (see the module comment). `now` is the real time: every order and
 * event lies before it.
 */
export async function seedDemoHistory(env: DemoHistoryEnv, options: { now?: Date; log?: (line: string) => void } = {}): Promise<DemoHistoryResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  // No transport here: Node cannot open the worker's SMTP sockets; the mails wait in the outbox (see above).
  const apiEnv: ShopApiEnv = { ...env, MAIL_TRANSPORT: undefined, SMTP_HOST: undefined, SMTP_PORT: undefined, MAIL_API_URL: undefined };
  const db = env.DB;
  let clock = now;
  const api = createShopApi({ now: () => clock });
  const call = async (at: Date, request: Request): Promise<{ status: number; body: ApiAnswer; token: string | null }> => {
    clock = at;
    const pending: Promise<unknown>[] = [];
    const response = await api.fetch(request, apiEnv, { waitUntil: (task) => void pending.push(task) });
    await Promise.allSettled(pending);
    return { status: response.status, body: (await response.json()) as ApiAnswer, token: response.headers.get(VISITOR_TOKEN_HEADER) };
  };

  await db.prepare("CREATE TABLE IF NOT EXISTS demo_history_orders (key TEXT PRIMARY KEY, placed_at TEXT NOT NULL, order_number TEXT)").run();
  const pools = new Map<string, Candidate[]>();
  const result: DemoHistoryResult = { placed: 0, recorded: 0, orders: [] };

  for (const [index, plan] of DEMO_ORDERS.entries()) {
    const { customer } = plan;
    let marker = await sql`SELECT * FROM demo_history_orders WHERE key = ${plan.key}`.prepare(db).first<MarkerRow>();
    if (!marker) {
      marker = { key: plan.key, placed_at: placedAtOf(plan, now).toISOString(), order_number: null };
      await sql`INSERT INTO demo_history_orders (key, placed_at) VALUES (${marker.key}, ${marker.placed_at})`.prepare(db).run();
    }
    const placedAt = new Date(marker.placed_at);
    let orderNumber = marker.order_number;
    if (!orderNumber) {
      const shopDb = shopDatabase(apiEnv, customer.shop);
      const found =
        await sql`SELECT order_number FROM orders WHERE shop_id = ${customer.shop} AND email = ${customer.email} AND placed_at = ${marker.placed_at}`
          .prepare(shopDb)
          .first<{ order_number: string }>();
      if (found) orderNumber = found.order_number;
      else {
        if (!pools.has(customer.shop)) pools.set(customer.shop, await candidates(shopDb, customer.shop));
        orderNumber = await placeDemoOrder(plan, index, placedAt, pools.get(customer.shop)!, call);
        result.placed += 1;
      }
      await sql`UPDATE demo_history_orders SET order_number = ${orderNumber} WHERE key = ${plan.key}`.prepare(db).run();
    }

    const orderDb = orderDatabase(apiEnv, orderNumber);
    const lines = (
      await sql`SELECT line_no, quantity FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ${orderNumber}) ORDER BY line_no`
        .prepare(orderDb)
        .all<{ line_no: number; quantity: number }>()
    ).results;
    for (const [step, event] of plan.events.entries()) {
      const eventId = `demo-history:${plan.key}:${step + 1}`;
      if (await sql`SELECT 1 FROM order_events WHERE id = ${eventId}`.prepare(orderDb).first()) continue;
      const time = eventTimeOf(marker.placed_at, event);
      if (Date.parse(time) > now.getTime()) throw new DemoHistoryError(`${plan.key}: event ${step + 1} would lie in the future (${time})`);
      const named = event.type === "shipped" || event.type === "delivered" ? (event.lines ?? lines.map((line) => line.line_no)) : [];
      const body = {
        eventId,
        type: event.type,
        time,
        lines: named.map((line) => ({ line, quantity: lines.find((each) => each.line_no === line)?.quantity ?? 0 })),
      };
      const answer = await call(
        new Date(time),
        new Request(`http://shop-api/admin/orders/${orderNumber}/events`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${env.ORDER_EVENTS_TOKEN}` },
          body: JSON.stringify(body),
        }),
      );
      if (answer.status !== 200) throw new DemoHistoryError(`${plan.key}: the ${event.type} event of ${orderNumber} was refused: ${describe(answer)}`);
      result.recorded += 1;
    }
    const state = await sql`SELECT state FROM orders WHERE order_number = ${orderNumber}`.prepare(orderDb).first<{ state: string }>();
    result.orders.push({ key: plan.key, orderNumber, shop: customer.shop, email: customer.email, state: state?.state ?? "?" });
  }
  log(
    result.placed + result.recorded === 0
      ? `Demo order history: ${result.orders.length} orders of ${new Set(result.orders.map((order) => order.email)).size} demo customers, complete.`
      : `Demo order history: ${result.placed} orders placed and ${result.recorded} ERP events recorded (${result.orders.length} orders in all).`,
  );
  return result;
}

type ApiAnswer = Envelope<{ orderNumber?: string }>;

const describe = (answer: { status: number; body: ApiAnswer }): string =>
  `${answer.status} ${answer.body.errors.map((error) => `${error.field ? `${error.field}: ` : ""}${error.message}${error.code ? ` (${error.code})` : ""}`).join("; ")}`;

/** The demo customer's visit at `placedAt`: the lines into the cart, then the order, as the storefront sends them. */
async function placeDemoOrder(
  plan: DemoOrderPlan,
  index: number,
  placedAt: Date,
  pool: Candidate[],
  call: (at: Date, request: Request) => Promise<{ status: number; body: ApiAnswer; token: string | null }>,
): Promise<string> {
  const { customer } = plan;
  // Each demo customer's visit comes from an address of its own (TEST-NET-1), as real visitors do.
  const headers: Record<string, string> = {
    "content-type": "application/json",
    [SHOP_ID_HEADER]: customer.shop,
    [SHOP_LANGUAGE_HEADER]: customer.language,
    [CLIENT_IP_HEADER]: `192.0.2.${10 + index}`,
  };
  const post = (path: string, body: unknown) =>
    call(placedAt, new Request(`http://shop-api${path}`, { method: "POST", headers: { ...headers }, body: JSON.stringify(body) }));
  for (const line of linesFor(plan, index, pool)) {
    const added = await post("/apiv2/cart/", line);
    if (added.status !== 200) throw new DemoHistoryError(`${plan.key}: ${line.sku} could not go into the cart: ${describe(added)}`);
    if (added.token) headers.authorization = `Bearer ${added.token}`;
  }
  const order = await post("/apiv2/checkout/order", {
    email: customer.email,
    billingAddress: customer.address,
    ...(plan.shippingAddress ? { shippingAddress: plan.shippingAddress } : {}),
    deliveryMode: plan.deliveryMode,
    ...(plan.desiredAfterDays !== undefined ? { desiredDate: isoDate(placedAt, plan.desiredAfterDays) } : {}),
    paymentMethod: plan.paymentMethod,
    acceptTerms: true,
  });
  if (order.status !== 200 || !order.body.data?.orderNumber) throw new DemoHistoryError(`${plan.key}: the order was refused: ${describe(order)}`);
  return order.body.data.orderNumber;
}

/** The demo history in the local database of `stateDir` (`npm start`, the browser tests), with the local worker's ERP token. */
export async function seedLocalDemoHistory(options: { stateDir: string; log: (line: string) => void }): Promise<DemoHistoryResult> {
  process.env.LOCAL_STATE_DIR = options.stateDir;
  const token = localSecret("ORDER_EVENTS_TOKEN");
  // Each order's drain warns that it sent nothing (no transport here, see above): expected, so said once instead.
  const warn = console.warn;
  let waiting = false;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].startsWith("mail outbox: nothing sent")) waiting = true;
    else warn(...args);
  };
  try {
    return await withLocalBindings((env) => seedDemoHistory({ ...env, ORDER_EVENTS_TOKEN: token }, { log: options.log }));
  } finally {
    console.warn = warn;
    if (waiting) options.log("Their confirmation mails wait in the outbox until the worker sends them.");
  }
}

/**
 * Has the local worker (started with `--test-scheduled`) run its scheduled jobs once, whose
 * outbox drain sends the mails that wait (the demo history's confirmations) to the local inbox.
 * The worker answers at once and finishes the drain in the background (a second or two).
 */
export async function sendWaitingMail(origin: string): Promise<void> {
  const response = await fetch(`${origin}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`);
  if (!response.ok) throw new Error(`the worker's scheduled jobs answered ${response.status}`);
  await response.text();
}
