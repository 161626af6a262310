/**
 * The `customer_tokens` table (migrations/0021_customers.sql): the links of the account's
 * mails, stored as the SHA-256 of their token only. A token is used once: the statement
 * that uses it sets `used_at` and a random `claim`, and the batch's other statements run
 * only where that claim is found (`claimed`), so of two requests with one token exactly
 * one does the work.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export type TokenPurpose = "verify" | "reset";

export interface CustomerTokenRow {
  id: string;
  customer_id: string;
  purpose: TokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  claim: string | null;
}

/** A token for the account of the address in the shop, if there is one and `when` holds. */
export const insertTokenForAddress = (
  token: { id: string; purpose: TokenPurpose; expiresAt: Date },
  shopId: string,
  email: string,
  now: Date,
  when: SqlFragment = sql`1`,
): SqlFragment =>
  sql`INSERT INTO customer_tokens (id, customer_id, purpose, created_at, expires_at)
    SELECT ${token.id}, id, ${token.purpose}, ${now.toISOString()}, ${token.expiresAt.toISOString()}
    FROM customers WHERE shop_id = ${shopId} AND email = ${email} AND ${when}`;

/**
 * Uses the token: only while it is unused and not expired, its account is in the shop and
 * `when` holds (on `c`, the account). Sets the claim the batch's other statements check.
 */
export const claimToken = (id: string, purpose: TokenPurpose, shopId: string, claim: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE customer_tokens SET used_at = ${now.toISOString()}, claim = ${claim}
    WHERE id = ${id} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > ${now.toISOString()}
      AND EXISTS (SELECT 1 FROM customers c WHERE c.id = customer_tokens.customer_id AND c.shop_id = ${shopId} AND ${when})`;

/** True (SQL) when this batch's claim used the token. */
export const claimed = (id: string, claim: string): SqlFragment => sql`EXISTS (SELECT 1 FROM customer_tokens WHERE id = ${id} AND claim = ${claim})`;

/** Uses up every open token of the account (of the purpose, or all); only when `when` holds. */
export const useUpTokens = (customerId: string, now: Date, when: SqlFragment, purpose?: TokenPurpose): SqlFragment =>
  sql`UPDATE customer_tokens SET used_at = ${now.toISOString()}
    WHERE customer_id = ${customerId} AND used_at IS NULL ${purpose ? sql`AND purpose = ${purpose}` : sql``} AND ${when}`;

/** Deletes the verification tokens of the address's pending registration (replaced by a new one); only when `when` holds. */
export const deletePendingVerifyTokens = (shopId: string, email: string, when: SqlFragment): SqlFragment =>
  sql`DELETE FROM customer_tokens WHERE purpose = 'verify' AND customer_id IN
      (SELECT id FROM customers WHERE shop_id = ${shopId} AND email = ${email} AND verified_at IS NULL) AND ${when}`;

/** Deletes at most `limit` tokens that expired at or before `before` (the cron's retention). */
export const deleteExpiredTokens = (before: Date, limit: number): SqlFragment =>
  sql`DELETE FROM customer_tokens WHERE rowid IN (SELECT rowid FROM customer_tokens WHERE expires_at <= ${before.toISOString()} LIMIT ${limit})`;
