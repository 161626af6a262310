/**
 * The mail outbox (migrations/0008_mail_outbox.sql): what a business change puts in the
 * same D1 batch as the change itself, and the statements the sender works the rows with.
 *
 * `outboxInsert(mail, now)` is a statement, not a write: the caller adds it to the batch
 * of the change that causes the mail, so the mail exists exactly when the change
 * committed; with a `dedupeKey`, one business event enqueues at most one mail however
 * often it is retried; with `when`, the row is written only if that condition holds
 * inside the batch (e.g. the statement before it really changed the order).
 */
import type { OutboxState } from "@domain/back-office/mail-outbox";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { checkMailParams, type MailParams, type MailTemplate } from "./templates";

export interface OutboxMail<T extends MailTemplate> {
  shop: { id: string };
  language: string;
  template: T;
  /** The recipient's address (validated by the handler that took it). */
  to: string;
  params: MailParams<T>;
  dedupeKey?: string;
  /** A condition the batch must meet at this point for the mail to be written. */
  when?: SqlFragment;
  /**
   * Parameters only the batch knows (a number it assigns): each names a top-level parameter
   * and the SQL expression whose value replaces it when the row is written. `params` holds a
   * stand-in for each that fits the template.
   */
  fill?: Readonly<Record<string, SqlFragment>>;
}

export interface OutboxRow {
  id: number;
  shop_id: string;
  language: string;
  template: string;
  recipient: string;
  params: string;
  state: OutboxState;
  attempts: number;
  next_attempt_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The statement that enqueues a mail, due at once; throws when the parameters do not fit the template. */
export function outboxInsert<T extends MailTemplate>(mail: OutboxMail<T>, now: Date): SqlFragment {
  checkMailParams(mail.template, mail.params);
  const at = now.toISOString();
  let params = sql`${JSON.stringify(mail.params)}`;
  for (const [name, value] of Object.entries(mail.fill ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) throw new Error(`cannot fill mail parameter '${name}'`);
    params = sql`json_set(${params}, ${`$.${name}`}, (${value}))`;
  }
  return sql`INSERT INTO mail_outbox (shop_id, language, template, recipient, params, next_attempt_at, dedupe_key, created_at)
    SELECT ${mail.shop.id}, ${mail.language}, ${mail.template}, ${mail.to}, ${params}, ${at}, ${mail.dedupeKey ?? null}, ${at}
    WHERE ${mail.when ?? sql`1`}
    ON CONFLICT (dedupe_key) DO NOTHING`;
}

/**
 * Rows a drain may take: due pending rows (earliest due first), then rows whose sender's
 * lease ran out with attempts left. Each part reads its partial index (mail_outbox_due,
 * mail_outbox_leases; the first part's ORDER BY is that index's order, so no other index
 * of the table may take its place); an ORDER BY over both would scan the whole table.
 */
function claimableIds(now: string, maxAttempts: number, limit: number): SqlFragment {
  return sql`SELECT id FROM (SELECT id FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= ${now} ORDER BY next_attempt_at LIMIT ${limit})
    UNION ALL
    SELECT id FROM (SELECT id FROM mail_outbox WHERE state = 'sending' AND claimed_until <= ${now} AND attempts < ${maxAttempts} LIMIT ${limit})
    LIMIT ${limit}`;
}

/**
 * Takes up to `limit` rows for one drain in one statement: they become 'sending' under
 * `token` until `leaseUntil` and count one more attempt. D1 runs statements one at a
 * time, so two drains never take the same row.
 */
export function claimDue(token: string, now: string, leaseUntil: string, maxAttempts: number, limit: number): SqlFragment {
  return sql`UPDATE mail_outbox SET state = 'sending', attempts = attempts + 1, claim_token = ${token}, claimed_until = ${leaseUntil}
    WHERE id IN (${claimableIds(now, maxAttempts, limit)})
    RETURNING *`;
}

/** Rows whose lease ran out on their last attempt: the sender stopped while sending them, and no attempt is left. */
export function failAbandoned(now: string, maxAttempts: number): SqlFragment {
  return sql`UPDATE mail_outbox SET state = 'failed', claim_token = NULL, claimed_until = NULL,
      last_error = 'The sender stopped before it finished the last attempt' || COALESCE(' (earlier: ' || last_error || ')', '')
    WHERE state = 'sending' AND claimed_until <= ${now} AND attempts >= ${maxAttempts}`;
}

export function markSent(id: number, token: string, now: string): SqlFragment {
  return sql`UPDATE mail_outbox SET state = 'sent', sent_at = ${now}, claim_token = NULL, claimed_until = NULL
    WHERE id = ${id} AND claim_token = ${token}`;
}

/** A failed attempt: back to pending until `nextAttempt`, or failed for good (`giveUp`). */
export function markAttemptFailed(id: number, token: string, error: string, nextAttempt: string, giveUp: boolean): SqlFragment {
  return sql`UPDATE mail_outbox SET state = ${giveUp ? "failed" : "pending"}, last_error = ${error}, next_attempt_at = ${nextAttempt},
      claim_token = NULL, claimed_until = NULL
    WHERE id = ${id} AND claim_token = ${token}`;
}

/** Without a transport no attempt is made: due rows keep their attempts and get the reason as their error. */
export function noteUnsendable(reason: string, now: string, limit: number): SqlFragment {
  return sql`UPDATE mail_outbox SET last_error = ${reason}
    WHERE id IN (SELECT id FROM mail_outbox WHERE state = 'pending' AND next_attempt_at <= ${now} ORDER BY id LIMIT ${limit})`;
}
