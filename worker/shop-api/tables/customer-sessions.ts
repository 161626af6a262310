/**
 * The `customer_sessions` table (migrations/0021_customers.sql): one row per sign-in, its
 * id the SHA-256 of the session token. A session is live while it is not revoked, its
 * absolute lifetime has not ended (`expires_at`) and it was used within the idle time
 * (`last_seen_at`); the query that loads it checks all three, and that its account belongs
 * to the request's shop and is verified.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";
import { CUSTOMER_COLUMNS, type CustomerViewRow } from "./customers";

export interface CustomerSessionRow {
  id: string;
  customer_id: string;
  visitor_id: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

/** A live session with its account's columns (selectLiveSession). */
export type LiveSessionRow = Pick<CustomerSessionRow, "last_seen_at" | "expires_at"> & { session_id: string } & CustomerViewRow;

export interface LiveSession {
  id: string;
  lastSeenAt: string;
  expiresAt: string;
}

export const liveSessionOf = (row: LiveSessionRow): LiveSession => ({ id: row.session_id, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at });

/** The condition (on `s`) of a live session at `now`. */
export const sessionIsLive = (now: Date, idleMs: number): SqlFragment =>
  sql`s.revoked_at IS NULL AND s.expires_at > ${now.toISOString()} AND s.last_seen_at > ${new Date(now.getTime() - idleMs).toISOString()}`;

/** The session of the id with its account, only while live and of the shop. */
export const selectLiveSession = (id: string, shopId: string, now: Date, idleMs: number): SqlFragment =>
  sql`SELECT s.id AS session_id, s.last_seen_at, s.expires_at, ${CUSTOMER_COLUMNS}
    FROM customer_sessions s JOIN customers c ON c.id = s.customer_id
    WHERE s.id = ${id} AND ${sessionIsLive(now, idleMs)} AND c.shop_id = ${shopId} AND c.verified_at IS NOT NULL`;

/** A new session; only when `when` holds (the batch's claim). */
export const insertSession = (
  session: { id: string; customerId: string; visitorId: string | null; expiresAt: Date; userAgent: string | null },
  now: Date,
  when: SqlFragment = sql`1`,
): SqlFragment =>
  sql`INSERT INTO customer_sessions (id, customer_id, visitor_id, created_at, last_seen_at, expires_at, user_agent)
    SELECT ${session.id}, ${session.customerId}, ${session.visitorId}, ${now.toISOString()}, ${now.toISOString()}, ${session.expiresAt.toISOString()},
      ${session.userAgent} WHERE ${when}`;

/** Records activity on a session that is still open (an ended one is never revived). */
export const touchSession = (id: string, now: Date): SqlFragment =>
  sql`UPDATE customer_sessions SET last_seen_at = ${now.toISOString()} WHERE id = ${id} AND revoked_at IS NULL AND expires_at > ${now.toISOString()}`;

export const revokeSession = (id: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE customer_sessions SET revoked_at = ${now.toISOString()} WHERE id = ${id} AND revoked_at IS NULL AND ${when}`;

/** Deletes at most `limit` sessions that ended (expired or revoked) at or before `endedBy` (the cron's retention). */
export const deleteEndedSessions = (endedBy: Date, limit: number): SqlFragment => {
  const cutoff = endedBy.toISOString();
  return sql`DELETE FROM customer_sessions WHERE rowid IN
      (SELECT rowid FROM customer_sessions WHERE expires_at <= ${cutoff} OR revoked_at <= ${cutoff} LIMIT ${limit})`;
};
