/**
 * The `newsletter_subscribers` table (migrations/0024_newsletter_vouchers.sql; docs/decisions/0040):
 * one row per shop and normalised e-mail. State: pending (a confirmation mail went out) ->
 * confirmed -> unsubscribed; a pending or unsubscribed address may sign up again, at most one
 * confirmation mail per 10 minutes. The tokens of the mails' links are stored as their SHA-256
 * only; the confirmation token is cleared when it is used.
 *
 * A step that must act once (the confirmation, an unsubscription) claims its row through a
 * `write_guards` row the batch opens only while the row is in the state the step expects; the
 * batch's other writes run only while that guard holds, and the batch closes it at its end.
 * Of two requests with one token, exactly one does the work.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export type NewsletterState = "pending" | "confirmed" | "unsubscribed";

export interface NewsletterSubscriberRow {
  id: string;
  shop_id: string;
  language: string;
  email: string;
  email_key: string;
  name: string;
  state: NewsletterState;
  confirm_token_hash: string | null;
  confirm_sent_at: string | null;
  unsubscribe_token_hash: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  updated_at: string;
}

export interface SignUp {
  id: string;
  shopId: string;
  language: string;
  email: string;
  emailKey: string;
  name: string;
  confirmTokenHash: string;
  unsubscribeTokenHash: string;
  now: Date;
  /** A pending or unsubscribed row whose last confirmation mail went out after this time is left as it is (the re-send throttle). */
  resendAfter: Date;
}

/**
 * A sign-up: a new pending row, or an existing pending or unsubscribed one made pending again
 * with the new name, language and tokens when its last confirmation mail is older than the
 * throttle. A confirmed row, and a row whose mail is recent, stay as they are.
 */
export function upsertSignUp(signUp: SignUp): SqlFragment {
  const now = signUp.now.toISOString();
  return sql`INSERT INTO newsletter_subscribers (id, shop_id, language, email, email_key, name, state, confirm_token_hash, confirm_sent_at,
      unsubscribe_token_hash, created_at, updated_at)
    VALUES (${signUp.id}, ${signUp.shopId}, ${signUp.language}, ${signUp.email}, ${signUp.emailKey}, ${signUp.name}, 'pending',
      ${signUp.confirmTokenHash}, ${now}, ${signUp.unsubscribeTokenHash}, ${now}, ${now})
    ON CONFLICT (shop_id, email_key) DO UPDATE SET
      language = excluded.language, email = excluded.email, name = excluded.name, state = 'pending',
      confirm_token_hash = excluded.confirm_token_hash, confirm_sent_at = excluded.confirm_sent_at,
      unsubscribe_token_hash = excluded.unsubscribe_token_hash, updated_at = excluded.updated_at
    WHERE newsletter_subscribers.state <> 'confirmed'
      AND (newsletter_subscribers.confirm_sent_at IS NULL OR newsletter_subscribers.confirm_sent_at <= ${signUp.resendAfter.toISOString()})`;
}

/** True (SQL) when the address's row carries this confirmation token: the sign-up of this batch was written. */
export const signedUpWith = (shopId: string, emailKey: string, confirmTokenHash: string): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM newsletter_subscribers WHERE shop_id = ${shopId} AND email_key = ${emailKey} AND confirm_token_hash = ${confirmTokenHash})`;

/** The pending row of a confirmation token whose mail went out after `sentAfter` (older links have expired). */
export const selectPendingByConfirmToken = (shopId: string, confirmTokenHash: string, sentAfter: Date): SqlFragment =>
  sql`SELECT * FROM newsletter_subscribers
    WHERE shop_id = ${shopId} AND confirm_token_hash = ${confirmTokenHash} AND state = 'pending' AND confirm_sent_at > ${sentAfter.toISOString()}`;

/** The row of an unsubscribe token (any state). */
export const selectByUnsubscribeToken = (shopId: string, unsubscribeTokenHash: string): SqlFragment =>
  sql`SELECT * FROM newsletter_subscribers WHERE shop_id = ${shopId} AND unsubscribe_token_hash = ${unsubscribeTokenHash}`;

// ---- steps that act once

/** Opens the batch's guard `guardId` only while the subscriber row is as `condition` (on the row `s`) says. */
export const openSubscriberGuard = (guardId: string, subscriberId: string, condition: SqlFragment): SqlFragment =>
  sql`INSERT INTO write_guards (id) SELECT ${guardId} WHERE EXISTS (SELECT 1 FROM newsletter_subscribers s WHERE s.id = ${subscriberId} AND ${condition})`;

/** True (SQL) while the batch's guard is open. */
export const guardHolds = (guardId: string): SqlFragment => sql`EXISTS (SELECT 1 FROM write_guards WHERE id = ${guardId})`;

export const closeSubscriberGuard = (guardId: string): SqlFragment => sql`DELETE FROM write_guards WHERE id = ${guardId}`;

/** The confirmation: the token is used up. */
export const markConfirmed = (subscriberId: string, now: Date, holds: SqlFragment): SqlFragment =>
  sql`UPDATE newsletter_subscribers SET state = 'confirmed', confirm_token_hash = NULL, confirmed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
    WHERE id = ${subscriberId} AND ${holds}`;

/** The unsubscription of the row with the token, from pending too (its confirmation link stops working); an unsubscribed row stays as it is. */
export const markUnsubscribed = (subscriberId: string, unsubscribeTokenHash: string, now: Date): SqlFragment =>
  sql`UPDATE newsletter_subscribers SET state = 'unsubscribed', confirm_token_hash = NULL, unsubscribed_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
    WHERE id = ${subscriberId} AND unsubscribe_token_hash = ${unsubscribeTokenHash} AND state <> 'unsubscribed'`;

/** Guard conditions (on the row `s`): pending with this confirmation token; confirmed with this unsubscribe token. */
export const pendingWithConfirmToken = (confirmTokenHash: string): SqlFragment => sql`s.state = 'pending' AND s.confirm_token_hash = ${confirmTokenHash}`;
export const confirmedWithUnsubscribeToken = (unsubscribeTokenHash: string): SqlFragment =>
  sql`s.state = 'confirmed' AND s.unsubscribe_token_hash = ${unsubscribeTokenHash}`;

/** Reads whether the batch's guard is open (put it before the guard is closed): one row `{held: 0 | 1}`. */
export const selectGuardHeld = (guardId: string): SqlFragment => sql`SELECT ${guardHolds(guardId)} AS held`;

/**
 * The cron's retention: sign-ups never confirmed whose last confirmation mail went out at or
 * before `before` (their link has expired; nobody consented) are deleted, at most `limit`.
 */
export const deleteUnconfirmedSignUps = (before: Date, limit: number): SqlFragment =>
  sql`DELETE FROM newsletter_subscribers WHERE id IN (SELECT id FROM newsletter_subscribers
    WHERE state = 'pending' AND confirmed_at IS NULL AND confirm_sent_at <= ${before.toISOString()} LIMIT ${limit})`;
