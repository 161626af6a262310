/**
 * The `newsletter_deliveries` table (migrations/0024_newsletter_vouchers.sql; docs/decisions/0040):
 * the hand-over of sign-ups to the external e-mail marketing service. A confirmation queues a
 * `subscribe`, an unsubscription of a confirmed address an `unsubscribe`, in the batch of the
 * change itself; the drain (newsletter/deliveries.ts) works them off with retries and back-off.
 *
 * A drain takes due rows in one statement: their next attempt moves to the end of its lease and
 * they count one more attempt, so another drain does not take them while this one works; a drain
 * that died leaves them due again when the lease ends. A row waits while an earlier row of the
 * same subscriber is still pending, so a subscribe and a later unsubscribe arrive in that order.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { NewsletterSubscriberRow } from "./newsletter-subscribers";

export type NewsletterAction = "subscribe" | "unsubscribe";
export type DeliveryState = "pending" | "sent" | "failed";

export interface NewsletterDeliveryRow {
  id: number;
  subscriber_id: string;
  action: NewsletterAction;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A delivery due at once, written only when `when` holds. */
export const enqueueDelivery = (subscriberId: string, action: NewsletterAction, now: Date, when: SqlFragment): SqlFragment =>
  sql`INSERT INTO newsletter_deliveries (subscriber_id, action, next_attempt_at, created_at)
    SELECT ${subscriberId}, ${action}, ${now.toISOString()}, ${now.toISOString()} WHERE ${when}`;

/** Takes up to `limit` due rows (earliest due first) for one drain until `leaseUntil`; each counts one more attempt. */
export const claimDueDeliveries = (now: Date, leaseUntil: Date, maxAttempts: number, limit: number): SqlFragment =>
  sql`UPDATE newsletter_deliveries SET attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
    WHERE id IN (SELECT d.id FROM newsletter_deliveries d
      WHERE d.state = 'pending' AND d.next_attempt_at <= ${now.toISOString()} AND d.attempts < ${maxAttempts}
        AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries e WHERE e.subscriber_id = d.subscriber_id AND e.state = 'pending' AND e.id < d.id)
      ORDER BY d.next_attempt_at, d.id LIMIT ${limit})
    RETURNING *`;

/** A claimed delivery with what the adapter needs of its subscriber. */
export type ClaimedDeliveryRow = NewsletterDeliveryRow & Pick<NewsletterSubscriberRow, "shop_id" | "language" | "email" | "name">;

export const selectDeliveriesWithSubscribers = (ids: readonly number[]): SqlFragment =>
  sql`SELECT d.*, s.shop_id, s.language, s.email, s.name FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
    WHERE d.id IN (SELECT value FROM json_each(${JSON.stringify(ids)})) ORDER BY d.id`;

/** The attempt `attempts` succeeded (a drain that lost its lease to another changes nothing). */
export const markDelivered = (id: number, attempts: number, now: Date): SqlFragment =>
  sql`UPDATE newsletter_deliveries SET state = 'sent', sent_at = ${now.toISOString()}, last_error = NULL
    WHERE id = ${id} AND attempts = ${attempts} AND state = 'pending'`;

/** The attempt `attempts` failed: due again at `nextAttempt`, or failed for good (`giveUp`). */
export const markDeliveryFailed = (id: number, attempts: number, error: string, nextAttempt: Date, giveUp: boolean): SqlFragment =>
  sql`UPDATE newsletter_deliveries SET state = ${giveUp ? "failed" : "pending"}, last_error = ${error}, next_attempt_at = ${nextAttempt.toISOString()}
    WHERE id = ${id} AND attempts = ${attempts} AND state = 'pending'`;

/** Rows whose lease ran out on their last attempt (their drain stopped): failed for good. */
export const failAbandonedDeliveries = (now: Date, maxAttempts: number): SqlFragment =>
  sql`UPDATE newsletter_deliveries SET state = 'failed',
      last_error = 'The drain stopped before it finished the last attempt' || COALESCE(' (earlier: ' || last_error || ')', '')
    WHERE state = 'pending' AND attempts >= ${maxAttempts} AND next_attempt_at <= ${now.toISOString()}`;
