/**
 * The retention job (docs/decisions/0029) as the cron trigger runs it (runScheduledJobs),
 * on a real local D1 with a pinned clock: each kind of row is kept until its time and
 * deleted after it, with what hangs on it. Staff sessions: docs/decisions/0033.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql, type SqlFragment } from "../lib/sql";
import { deleteExpiredData, ENDED_STAFF_SESSION_RETENTION_MS, RETENTION_BATCH_ROWS } from "./retention";
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

const HOUR_MS = 60 * 60 * 1000;

/** A staff account whose sessions the tests write. */
const staffAccount = sql`INSERT INTO staff (id, email, name, role, password_hash, password_salt, password_iterations, password_changed_at, created_at)
  VALUES ('staff-1', 'merchandiser@bodenhaus.example', 'Mia Merchandiser', 'merchandiser', 'aGFzaA==', 'c2FsdA==', 100000, ${ago(400 * DAY_MS)}, ${ago(400 * DAY_MS)})`;

/** A staff session logged in at `created`, ending 12 hours later unless revoked before. */
const staffSession = (id: string, created: string, revoked: string | null = null): SqlFragment =>
  sql`INSERT INTO staff_sessions (id, staff_id, created_at, last_seen_at, expires_at, revoked_at, user_agent)
    VALUES (${id}, 'staff-1', ${created}, ${created}, ${new Date(Date.parse(created) + 12 * HOUR_MS).toISOString()}, ${revoked}, 'Firefox')`;

test("staff sessions go 30 days after they ended, by revocation or by their end of life; live and younger ones stay", async () => {
  expect(ENDED_STAFF_SESSION_RETENTION_MS).toBe(30 * DAY_MS);
  await run([
    staffAccount,
    // revoked (logout) exactly 30 days ago; its own end would have come 11 hours later
    staffSession("revoked-30d", ago(30 * DAY_MS + HOUR_MS), ago(30 * DAY_MS)),
    // revoked a minute less than 30 days ago
    staffSession("revoked-under-30d", ago(30 * DAY_MS + HOUR_MS), ago(30 * DAY_MS - 60_000)),
    // never revoked, its 12 hours ended exactly 30 days ago (logged out by idleness or lifetime)
    staffSession("expired-30d", ago(30 * DAY_MS + 12 * HOUR_MS)),
    // never revoked, ended a minute less than 30 days ago
    staffSession("expired-under-30d", ago(30 * DAY_MS + 12 * HOUR_MS - 60_000)),
    // revoked long ago, before its end: the earlier of the two counts
    staffSession("revoked-long-ago", ago(200 * DAY_MS), ago(200 * DAY_MS - HOUR_MS)),
    // a live session, and one revoked today
    staffSession("live", ago(HOUR_MS)),
    staffSession("revoked-today", ago(2 * HOUR_MS), ago(HOUR_MS)),
  ]);
  await runScheduledJobs(database.env, NOW);
  expect(await ids(sql`SELECT id FROM staff_sessions ORDER BY id`)).toEqual(["expired-under-30d", "live", "revoked-today", "revoked-under-30d"]);
  // the account stays: only its ended sessions go
  expect(await ids(sql`SELECT id FROM staff`)).toEqual(["staff-1"]);
});

test(`ended staff sessions too go at most ${RETENTION_BATCH_ROWS} per run, and the run says how many`, async () => {
  const ended = ago(31 * DAY_MS);
  await run([
    staffAccount,
    sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${RETENTION_BATCH_ROWS + 5})
      INSERT INTO staff_sessions (id, staff_id, created_at, last_seen_at, expires_at, revoked_at)
      SELECT 's' || i, 'staff-1', ${ended}, ${ended}, ${ended}, ${ended} FROM n`,
    staffSession("live", ago(HOUR_MS)),
  ]);
  expect((await deleteExpiredData(db, NOW)).staffSessions).toBe(RETENTION_BATCH_ROWS);
  expect((await deleteExpiredData(db, NOW)).staffSessions).toBe(5);
  expect((await deleteExpiredData(db, NOW)).staffSessions).toBe(0);
  expect(await ids(sql`SELECT id FROM staff_sessions`)).toEqual(["live"]);
});
