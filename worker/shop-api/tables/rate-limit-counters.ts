/** The `rate_limit_counters` table: exact per-key counts in fixed windows (migrations/0009). */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface CounterRow {
  count: number;
}

/** Raises the window's count by one (creating it at 1) and returns the new count: one atomic statement. */
export const incrementCounter = (bucket: string, keyHash: string, windowStart: number, expiresAt: number): SqlFragment =>
  sql`INSERT INTO rate_limit_counters (bucket, key_hash, window_start, count, expires_at) VALUES (${bucket}, ${keyHash}, ${windowStart}, 1, ${expiresAt})
      ON CONFLICT (bucket, key_hash, window_start) DO UPDATE SET count = count + 1 RETURNING count`;

/** Lowers the window's count by one (never below zero): a counted request taken back. */
export const decrementCounter = (bucket: string, keyHash: string, windowStart: number): SqlFragment =>
  sql`UPDATE rate_limit_counters SET count = MAX(count - 1, 0) WHERE bucket = ${bucket} AND key_hash = ${keyHash} AND window_start = ${windowStart}`;

export const deleteExpiredCounters = (now: Date): SqlFragment => sql`DELETE FROM rate_limit_counters WHERE expires_at <= ${Math.floor(now.getTime() / 1000)}`;
