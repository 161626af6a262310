/**
 * The retention job (docs/decisions/0029) as the cron trigger runs it (runScheduledJobs),
 * on a real local D1 with a pinned clock: each kind of row is kept until its time and
 * deleted after it, with what hangs on it.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "../../tests/support/d1";
import { sql, type SqlFragment } from "../lib/sql";
import { RETENTION_BATCH_ROWS } from "./retention";
import { runScheduledJobs } from "./scheduled";

const NOW = new Date("2026-06-01T12:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

let database: TestDatabase;
let db: D1Database;
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterEach(() => database.dispose());

const run = (statements: SqlFragment[]) => db.batch(statements.map((statement) => statement.prepare(db)));
const ids = async (query: SqlFragment) => (await query.prepare(db).all<{ id: string | number }>()).results.map((row) => row.id);

/** A visitor last seen `lastSeen`, with a cart of one line. */
function visitor(id: string, lastSeen: string): SqlFragment[] {
  return [
    sql`INSERT INTO visitors (id, shop_id, created_at, last_seen_at) VALUES (${id}, 'DE', ${lastSeen}, ${lastSeen})`,
    sql`INSERT INTO carts (visitor_id, shop_id, created_at) VALUES (${id}, 'DE', ${lastSeen})`,
    sql`INSERT INTO cart_items (cart_id, sku, quantity, added_at) SELECT id, 'FLOOR-1', 1, ${lastSeen} FROM carts WHERE visitor_id = ${id}`,
  ];
}

/** A sample quote of the visitor, with one sample. */
function quote(
  code: string,
  visitorId: string,
  state: "open" | "expired" | "finished" | "processed",
  times: { expires: string; finished?: string; processed?: string },
): SqlFragment[] {
  return [
    sql`INSERT INTO sample_quotes (reference_code, visitor_id, shop_id, state, email, address, created_at, expires_at, finished_at, processed_at)
      VALUES (${code}, ${visitorId}, 'DE', ${state}, 'a@example.com', '{}', ${times.expires}, ${times.expires}, ${times.finished ?? null}, ${times.processed ?? null})`,
    sql`INSERT INTO sample_items (quote_id, sku, added_at) SELECT id, 'S-1', ${times.expires} FROM sample_quotes WHERE reference_code = ${code}`,
  ];
}

test("visitors unused for 30 days go with their carts and unordered sample carts; younger ones stay", async () => {
  await run([
    ...visitor("expired", ago(30 * DAY_MS)),
    ...quote("S-EXPIRED-OPEN", "expired", "open", { expires: ago(28 * DAY_MS) }),
    ...visitor("live", ago(30 * DAY_MS - 60_000)),
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await ids(sql`SELECT id FROM visitors`)).toEqual(["live"]);
  expect(await ids(sql`SELECT visitor_id AS id FROM carts`)).toEqual(["live"]);
  expect(await ids(sql`SELECT c.visitor_id AS id FROM cart_items i JOIN carts c ON c.id = i.cart_id`)).toEqual(["live"]);
  expect(await ids(sql`SELECT reference_code AS id FROM sample_quotes`)).toEqual([]);
  expect(await ids(sql`SELECT quote_id AS id FROM sample_items`)).toEqual([]);
});

test("sample orders are order data: kept 90 days after processing, their visitor with them (but not its cart); then both go", async () => {
  await run([
    ...visitor("orders-recent", ago(40 * DAY_MS)),
    ...quote("S-RECENT", "orders-recent", "processed", { expires: ago(41 * DAY_MS), finished: ago(40 * DAY_MS), processed: ago(90 * DAY_MS - 60_000) }),
    ...visitor("orders-old", ago(100 * DAY_MS)),
    ...quote("S-OLD", "orders-old", "processed", { expires: ago(101 * DAY_MS), finished: ago(100 * DAY_MS), processed: ago(90 * DAY_MS) }),
    ...visitor("unprocessed", ago(200 * DAY_MS)),
    ...quote("S-STUCK", "unprocessed", "finished", { expires: ago(201 * DAY_MS), finished: ago(200 * DAY_MS) }),
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await ids(sql`SELECT reference_code AS id FROM sample_quotes ORDER BY id`)).toEqual(["S-RECENT", "S-STUCK"]);
  expect(await ids(sql`SELECT q.reference_code AS id FROM sample_items i JOIN sample_quotes q ON q.id = i.quote_id ORDER BY 1`)).toEqual([
    "S-RECENT",
    "S-STUCK",
  ]);
  // a finished order is processed first (the sample flow needs it), then kept 90 days from then
  expect(await sql`SELECT state, processed_at FROM sample_quotes WHERE reference_code = 'S-STUCK'`.prepare(db).first()).toEqual({
    state: "processed",
    processed_at: NOW.toISOString(),
  });
  expect(await ids(sql`SELECT id FROM visitors ORDER BY id`)).toEqual(["orders-recent", "unprocessed"]);
  expect(await ids(sql`SELECT visitor_id AS id FROM carts`)).toEqual([]);
});

test("unordered sample carts of live visitors go 7 days after they expired", async () => {
  await run([
    ...visitor("live", ago(60_000)),
    ...quote("S-EXPIRED-8", "live", "expired", { expires: ago(7 * DAY_MS) }),
    ...quote("S-EXPIRED-6", "live", "expired", { expires: ago(7 * DAY_MS - 60_000) }),
    ...quote("S-OPEN", "live", "open", { expires: new Date(NOW.getTime() + DAY_MS).toISOString() }),
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await ids(sql`SELECT reference_code AS id FROM sample_quotes ORDER BY id`)).toEqual(["S-EXPIRED-6", "S-OPEN"]);
  expect(await ids(sql`SELECT id FROM visitors`)).toEqual(["live"]);
});

test("search queries are kept 366 days (the report's longest window); cache entries only for the current index version", async () => {
  const day = (days: number) => ago(days * DAY_MS).slice(0, 10);
  await run([
    sql`INSERT INTO search_queries (shop_id, day, language, query, searches, no_results, last_total) VALUES
      ('DE', ${day(366)}, 'de', 'old', 1, 0, 1), ('DE', ${day(365)}, 'de', 'kept', 1, 0, 1), ('DE', ${day(0)}, 'de', 'today', 1, 0, 1)`,
    sql`UPDATE search_state SET version = 7`,
    sql`INSERT INTO search_cache (key, version, body) VALUES ('stale', 6, '{}'), ('current', 7, '{}')`,
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await ids(sql`SELECT query AS id FROM search_queries ORDER BY day`)).toEqual(["kept", "today"]);
  expect(await ids(sql`SELECT key AS id FROM search_cache`)).toEqual(["current"]);
});

test(`one run deletes at most ${RETENTION_BATCH_ROWS} rows of a kind; the next run goes on`, async () => {
  await run([
    sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${RETENTION_BATCH_ROWS + 5})
      INSERT INTO visitors (id, shop_id, created_at, last_seen_at) SELECT 'v' || i, 'DE', ${ago(31 * DAY_MS)}, ${ago(31 * DAY_MS)} FROM n`,
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await sql`SELECT count(*) AS n FROM visitors`.prepare(db).first("n")).toBe(5);
  await runScheduledJobs(database.env, NOW);
  expect(await sql`SELECT count(*) AS n FROM visitors`.prepare(db).first("n")).toBe(0);
});
