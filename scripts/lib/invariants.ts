/**
 * The promises the shop's data keeps whatever failed on the way (docs/decisions/0067), checked on
 * every shop database of the bindings (docs/decisions/0064, DB first): after the fault tests, after a
 * load run, on the local databases of `npm start`. Each result names the binding of its database.
 *
 * - Every order is in its shop's database, and has exactly one confirmation mail in that database's
 *   outbox, naming its number.
 * - Every product's stock in a database is what the import last wrote there (that database's share
 *   of the ERP's quantity), minus what the database's orders placed since hold, plus what its orders
 *   placed before and cancelled since gave back (the stock_baselines migration).
 * - Every rebuild request (DB's, where the catalogue's jobs run) ended in exactly one published build per shop: its build (or the build
 *   its failed build's changes went into, and so on) is published. Requests still on their way
 *   (unmerged, queued, running) are counted, not violations.
 * - The payment ledger sums up: an order paid online has one charge of its grand total in its
 *   currency, and what its refunds gave back is at most what the charge took (skipped with a
 *   note on a database without the ledger table).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { allShops } from "@shop-api/core/shop";
import { everyShopDatabaseOf } from "@shop-api/core/shop-database";

/** The ledger's table: every money movement, one row written once (the payments module). */
export const LEDGER_TABLE = "payment_ledger";

/** The examples a violation prints at most. */
const SHOWN = 10;

type Outcome = { name: string; kind: "checked"; checked: number; violations: string[]; note?: string } | { name: string; kind: "skipped"; note: string };

/** An invariant's outcome in one database, named by its binding (`DB`, `DB_2`). */
export type InvariantResult = Outcome & { database: string };

interface Invariant {
  name: string;
  /** Checked in DB alone: the catalogue's jobs run there only. */
  catalogueOnly?: boolean;
  check(db: D1Database, shops: readonly string[]): Promise<Outcome>;
}

const rows = async <Row>(db: D1Database, query: SqlFragment): Promise<Row[]> => (await query.prepare(db).all<Row>()).results;
const count = async (db: D1Database, query: SqlFragment): Promise<number> => (await query.prepare(db).first<{ n: number }>())?.n ?? 0;

const orderDatabases: Invariant = {
  name: "every order is in its shop's database",
  async check(db, shops) {
    const checked = await count(db, sql`SELECT COUNT(*) AS n FROM orders`);
    const elsewhere = await rows<{ order_number: string; shop_id: string }>(
      db,
      sql`SELECT order_number, shop_id FROM orders WHERE shop_id NOT IN (SELECT value FROM json_each(${JSON.stringify(shops)})) ORDER BY order_number`,
    );
    return {
      name: this.name,
      kind: "checked",
      checked,
      violations: elsewhere.map((o) => `order ${o.order_number} of ${o.shop_id} is in a database that does not hold its shop`),
    };
  },
};

const orderMails: Invariant = {
  name: "every order has its confirmation mail",
  async check(db) {
    const checked = await count(db, sql`SELECT COUNT(*) AS n FROM orders`);
    const missing = await rows<{ order_number: string; mails: number }>(
      db,
      sql`SELECT o.order_number, (SELECT COUNT(*) FROM mail_outbox m WHERE m.dedupe_key = 'order-confirmation:' || o.id
          AND m.template = 'order-confirmation' AND m.params ->> '$.orderNumber' = o.order_number) AS mails
        FROM orders o WHERE mails <> 1 ORDER BY o.order_number`,
    );
    return { name: this.name, kind: "checked", checked, violations: missing.map((o) => `order ${o.order_number} has ${o.mails} confirmation mails, not 1`) };
  },
};

const stock: Invariant = {
  name: "stock is the import's minus what orders hold",
  async check(db) {
    const checked = await count(db, sql`SELECT COUNT(*) AS n FROM stock_baselines`);
    const held = (orders: SqlFragment) => sql`COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.sku = b.sku AND l.kind = 'product' AND ${orders}), 0)`;
    const wrong = await rows<{ sku: string; stock: number; expected: number }>(
      db,
      sql`SELECT sku, stock, expected FROM (
          SELECT b.sku, p.stock_qty AS stock,
            b.quantity - ${held(sql`o.rowid > b.last_order AND o.state <> 'cancelled'`)}
              + ${held(sql`o.rowid <= b.last_order AND o.state = 'cancelled' AND o.cancelled_at >= b.set_at`)} AS expected
          FROM stock_baselines b JOIN products p ON p.sku = b.sku)
        WHERE stock <> expected ORDER BY sku`,
    );
    return { name: this.name, kind: "checked", checked, violations: wrong.map((r) => `${r.sku}: stock ${r.stock}, expected ${r.expected}`) };
  },
};

const rebuilds: Invariant = {
  name: "every rebuild request ended in exactly one published build",
  catalogueOnly: true,
  async check(db) {
    // Each (request, shop) follows its build through retried_in (where a failed build's changes went) to the last one.
    const ends = await rows<{ request_id: number; shop: string; state: string | null; published: number }>(
      db,
      sql`WITH RECURSIVE chain(request_id, shop, build_id, depth) AS (
            SELECT request_id, shop, build_id, 0 FROM rebuild_request_shops
            UNION ALL
            SELECT c.request_id, c.shop, b.retried_in, c.depth + 1 FROM chain c JOIN builds b ON b.id = c.build_id
              WHERE b.retried_in IS NOT NULL AND c.depth < 100)
          SELECT c.request_id, c.shop,
            (SELECT b.state FROM chain l LEFT JOIN builds b ON b.id = l.build_id
              WHERE l.request_id = c.request_id AND l.shop = c.shop ORDER BY l.depth DESC LIMIT 1) AS state,
            (SELECT COUNT(*) FROM chain l JOIN builds b ON b.id = l.build_id
              WHERE l.request_id = c.request_id AND l.shop = c.shop AND b.state = 'published') AS published
          FROM chain c WHERE c.depth = 0 ORDER BY c.request_id, c.shop`,
    );
    const pending = ends.filter((end) => end.state === null || end.state === "queued" || end.state === "running");
    const violations = ends
      .filter((end) => !pending.includes(end) && (end.state !== "published" || end.published !== 1))
      .map((end) => `rebuild request ${end.request_id} (${end.shop}) ended in ${end.published} published builds, last ${end.state}`);
    const note = pending.length > 0 ? `${pending.length} still on their way` : undefined;
    return { name: this.name, kind: "checked", checked: ends.length, violations, ...(note ? { note } : {}) };
  },
};

const ledger: Invariant = {
  name: "the payment ledger sums up",
  async check(db) {
    const table = await count(db, sql`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ${LEDGER_TABLE}`);
    if (table === 0) return { name: this.name, kind: "skipped", note: `no ${LEDGER_TABLE} table yet: its sum is checked once payments write one` };
    // An order paid online has one charge of its grand total in its currency, and its refunds (those that went
    // through) never give back more than the charge took.
    const orders = await rows<{ order_number: string; charges: number; charged: number; grand_total: number; currency_ok: number; refunded: number }>(
      db,
      sql`SELECT o.order_number,
            SUM(l.kind = 'charge') AS charges,
            COALESCE(SUM(CASE WHEN l.kind = 'charge' THEN l.amount END), 0) AS charged,
            o.grand_total,
            MIN(l.currency = o.currency) AS currency_ok,
            COALESCE(SUM(CASE WHEN l.kind = 'refund' AND l.state NOT IN ('failed', 'canceled') THEN l.amount END), 0) AS refunded
          FROM payment_ledger l JOIN orders o ON o.id = l.order_id
          GROUP BY o.id ORDER BY o.order_number`,
    );
    const violations = orders.flatMap((order) => [
      ...(order.charges === 1 ? [] : [`order ${order.order_number}: ${order.charges} charges, one expected`]),
      ...(order.charges === 1 && order.charged !== order.grand_total
        ? [`order ${order.order_number}: charged ${order.charged}, its total is ${order.grand_total}`]
        : []),
      ...(order.currency_ok === 1 ? [] : [`order ${order.order_number}: a ledger row in another currency than the order's`]),
      ...(order.refunded > order.charged ? [`order ${order.order_number}: refunded ${order.refunded}, more than the ${order.charged} charged`] : []),
    ]);
    return { name: this.name, kind: "checked", checked: orders.length, violations };
  },
};

export const INVARIANTS: readonly Invariant[] = [orderDatabases, orderMails, stock, rebuilds, ledger];

/** Runs every invariant on every shop database of the bindings, DB first; the catalogue's on DB alone. */
export async function checkInvariants(env: ShopApiEnv): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];
  const shopIds = allShops().map((shop) => shop.id);
  for (const { db, binding, shops } of everyShopDatabaseOf(env, shopIds))
    for (const invariant of INVARIANTS)
      if (db === env.DB || !invariant.catalogueOnly) results.push({ database: binding, ...(await invariant.check(db, shops)) });
  return results;
}

/** The report's lines: what was checked, each violation (the first few), each skip with its note. */
export function reportLines(results: readonly InvariantResult[]): string[] {
  return results.flatMap((result) => {
    if (result.kind === "skipped") return [`SKIP [${result.database}] ${result.name}: ${result.note}`];
    const head = `${result.violations.length === 0 ? "OK  " : "FAIL"} [${result.database}] ${result.name}: ${result.checked} checked${result.note ? `, ${result.note}` : ""}`;
    const shown = result.violations.slice(0, SHOWN).map((violation) => `     ${violation}`);
    const more = result.violations.length > SHOWN ? [`     ... and ${result.violations.length - SHOWN} more`] : [];
    return [head, ...shown, ...more];
  });
}

export const hasViolations = (results: readonly InvariantResult[]): boolean => results.some((r) => r.kind === "checked" && r.violations.length > 0);
