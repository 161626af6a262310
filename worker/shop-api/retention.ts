/**
 * How long the shop API keeps what visitors leave behind, and the job of the cron trigger
 * that deletes it after that (docs/decisions/0029, where data protection reads the times):
 *
 *   visitor                  30 days after its last activity (the token cookie's lifetime;
 *                            it is not accepted after that anyway), with its carts and
 *                            sample carts not ordered (ON DELETE CASCADE); a visitor with sample
 *                            orders stays while they are kept, without its carts; a visitor who
 *                            owns uploads (the images of a complaint) stays while they are kept
 *   returns lookup token     when it expired (an hour after the order lookup)
 *   cart                     with its visitor: abandoned once the visitor is gone 30 days
 *   sample cart not ordered  7 days after it expired (it expires 48 hours after it was opened)
 *   sample order             order data: never before it is processed, then 90 days
 *   search query row         366 days (the merchandiser report's longest window); the rows
 *                            hold a normalised query per shop, language and day, no visitor
 *   search cache entry       while its index version is the current one
 *   staff session            30 days after it ended (expired, or revoked at logout, when its
 *                            account was disabled or its password changed); the rows hold
 *                            login, last activity and the browser's User-Agent, the back
 *                            office's record of who was logged in when (docs/decisions/0033)
 *
 * Each statement deletes at most RETENTION_BATCH_ROWS rows (with what hangs on them) per
 * run, so a backlog never makes one run too long; the cron runs every 5 minutes.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { sql, SqlFragment } from "../lib/sql";
import { deleteExpiredLookupTokens } from "./tables/returns";
import { deleteEndedStaffSessions } from "./tables/staff";
import { expiredAtOrBefore } from "./tables/visitors";

const DAY_MS = 24 * 60 * 60 * 1000;
export const UNORDERED_SAMPLE_CART_RETENTION_MS = 7 * DAY_MS;
export const SAMPLE_ORDER_RETENTION_MS = 90 * DAY_MS;
export const SEARCH_QUERY_RETENTION_DAYS = 366;
export const ENDED_STAFF_SESSION_RETENTION_MS = 30 * DAY_MS;
export const RETENTION_BATCH_ROWS = 1000;

export interface RetentionResult {
  visitors: number;
  carts: number;
  sampleCarts: number;
  sampleOrders: number;
  searchQueries: number;
  searchCacheEntries: number;
  staffSessions: number;
  lookupTokens: number;
}

/** Deletes at most RETENTION_BATCH_ROWS rows of `table` (a rowid table) where `condition` holds. */
function deleteSome(table: string, condition: SqlFragment): SqlFragment {
  const name = SqlFragment.raw(table);
  return sql`DELETE FROM ${name} WHERE rowid IN (SELECT rowid FROM ${name} WHERE ${condition} LIMIT ${RETENTION_BATCH_ROWS})`;
}

/** One transaction; sample rows go first, so a visitor whose last sample order goes in this run goes in it too. */
export async function deleteExpiredData(db: D1Database, now: Date): Promise<RetentionResult> {
  const expired = expiredAtOrBefore(now);
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const firstKeptDay = new Date(now.getTime() - (SEARCH_QUERY_RETENTION_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const results = await db.batch(
    [
      deleteSome("sample_quotes", sql`state = 'processed' AND processed_at <= ${before(SAMPLE_ORDER_RETENTION_MS)}`),
      deleteSome("sample_quotes", sql`state IN ('open', 'expired') AND expires_at <= ${before(UNORDERED_SAMPLE_CART_RETENTION_MS)}`),
      deleteSome("carts", sql`visitor_id IN (SELECT id FROM visitors WHERE last_seen_at <= ${expired})`),
      deleteSome(
        "visitors",
        sql`last_seen_at <= ${expired} AND NOT EXISTS (SELECT 1 FROM sample_quotes q WHERE q.visitor_id = visitors.id AND q.state IN ('finished', 'processed'))
          AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.owner_id = visitors.id)`,
      ),
      deleteSome("search_queries", sql`day < ${firstKeptDay}`),
      deleteSome("search_cache", sql`version < (SELECT version FROM search_state)`),
      deleteEndedStaffSessions(new Date(now.getTime() - ENDED_STAFF_SESSION_RETENTION_MS), RETENTION_BATCH_ROWS),
      deleteExpiredLookupTokens(now, RETENTION_BATCH_ROWS),
    ].map((statement) => statement.prepare(db)),
  );
  const deleted = (index: number): number => results[index]?.meta.changes ?? 0;
  return {
    sampleOrders: deleted(0),
    sampleCarts: deleted(1),
    carts: deleted(2),
    visitors: deleted(3),
    searchQueries: deleted(4),
    searchCacheEntries: deleted(5),
    staffSessions: deleted(6),
    lookupTokens: deleted(7),
  };
}
