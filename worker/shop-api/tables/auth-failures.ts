/**
 * The `auth_failures` table (migrations/0012_auth_throttle.sql): failed authentications
 * counted per key in a window that starts with the key's first failure. The column `client`
 * holds the key: a client address for wrong service tokens, `login-address:<address>` and
 * `login-account:<SHA-256 of the e-mail>` for staff logins (core/auth-throttle.ts).
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface AuthFailureRow {
  client: string;
  started_at: number;
  failures: number;
}

/** The key's row when its window is open (started after `windowStart`, ms) and holds at least `failures`. */
export const selectLockedKey = (key: string, windowStart: number, failures: number): SqlFragment =>
  sql`SELECT client, started_at, failures FROM auth_failures WHERE client = ${key} AND started_at > ${windowStart} AND failures >= ${failures}`;

/** Deletes the rows whose window has ended. */
export const deleteEndedFailures = (windowStart: number): SqlFragment => sql`DELETE FROM auth_failures WHERE started_at <= ${windowStart}`;

/**
 * Counts one failure for `key` and returns the row: a window that has ended starts again at
 * `now` with this failure; one atomic statement, so concurrent failures are counted exactly.
 */
export const countFailure = (key: string, now: number, windowStart: number): SqlFragment =>
  sql`INSERT INTO auth_failures (client, started_at, failures) VALUES (${key}, ${now}, 1)
      ON CONFLICT (client) DO UPDATE SET
        failures = CASE WHEN started_at > ${windowStart} THEN failures + 1 ELSE 1 END,
        started_at = CASE WHEN started_at > ${windowStart} THEN started_at ELSE ${now} END
      RETURNING client, started_at, failures`;

/** Takes one counted failure back (never below zero): an attempt that succeeded. */
export const uncountFailure = (key: string): SqlFragment => sql`UPDATE auth_failures SET failures = MAX(failures - 1, 0) WHERE client = ${key}`;

/** Forgets the key's failures (a successful login resets its account's count). */
export const clearFailures = (key: string): SqlFragment => sql`DELETE FROM auth_failures WHERE client = ${key}`;
