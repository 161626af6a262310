/** The `idempotency_keys` table (migrations/0011_idempotency.sql): the first answer to a keyed write, for replays. */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface IdempotencyKeyRow {
  fingerprint: string;
  claim: string;
  state: "running" | "done";
  status: number | null;
  headers: string | null;
  body: string | null;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface KeyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  claim: string;
  now: Date;
  expiresAt: Date;
  /** A 'running' row started before this is taken over (its run died without settling). */
  staleBefore: Date;
}

/**
 * Takes the key for a run: inserts the row, or takes over one that expired or whose run went
 * stale. Returns the row's claim (the new run's own when it got the key).
 */
export const claimKey = (c: KeyClaim): SqlFragment =>
  sql`INSERT INTO idempotency_keys (scope, idempotency_key, fingerprint, claim, state, started_at, expires_at)
      VALUES (${c.scope}, ${c.key}, ${c.fingerprint}, ${c.claim}, 'running', ${c.now.toISOString()}, ${c.expiresAt.toISOString()})
      ON CONFLICT (scope, idempotency_key) DO UPDATE SET
        fingerprint = excluded.fingerprint, claim = excluded.claim, state = 'running', status = NULL, headers = NULL, body = NULL,
        started_at = excluded.started_at, expires_at = excluded.expires_at
      WHERE idempotency_keys.expires_at <= ${c.now.toISOString()}
         OR (idempotency_keys.state = 'running' AND idempotency_keys.started_at <= ${c.staleBefore.toISOString()})
      RETURNING claim`;

export const selectKey = (scope: string, key: string): SqlFragment =>
  sql`SELECT fingerprint, claim, state, status, headers, body FROM idempotency_keys WHERE scope = ${scope} AND idempotency_key = ${key}`;

/** Stores the answer of the run that holds the claim. */
export const storeAnswer = (scope: string, key: string, claim: string, answer: StoredAnswer): SqlFragment =>
  sql`UPDATE idempotency_keys SET state = 'done', status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}, body = ${answer.body}
      WHERE scope = ${scope} AND idempotency_key = ${key} AND claim = ${claim}`;

/** Gives the key up again (the answer is not kept): only the run that holds the claim can. */
export const releaseKey = (scope: string, key: string, claim: string): SqlFragment =>
  sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND idempotency_key = ${key} AND claim = ${claim}`;

export const deleteExpiredKeys = (now: Date): SqlFragment => sql`DELETE FROM idempotency_keys WHERE expires_at <= ${now.toISOString()}`;

export function storedAnswerOf(row: IdempotencyKeyRow): StoredAnswer | null {
  // A running key has no answer yet.
  if (row.state !== "done" || row.status === null || row.body === null) return null;
  const headers: unknown = JSON.parse(row.headers ?? "{}");
  const entries =
    headers && typeof headers === "object" ? Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === "string") : [];
  return { status: row.status, headers: Object.fromEntries(entries), body: row.body ?? "" };
}
