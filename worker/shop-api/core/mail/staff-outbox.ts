/**
 * The mail outbox for the back office ("Mail"): what reached whom. The list
 * shows per mail its status, recipient, subject, shop, times, attempts and last error,
 * newest first, filtered by status, recipient or shop, a page at a time (keyset on the
 * id); the body (the address and samples of the order) only in the detail of one mail.
 * The answers' types and the staff statuses: domain/back-office/mail-outbox.ts.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { MAIL_STATUSES, type MailDetail, type MailPage, type MailStatus, type MailSummary } from "@domain/back-office/mail-outbox";
import type { Environment } from "@config/shop-config";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import type { OutboxRow } from "./outbox";
import { mailLinks, type MailLinkEnv } from "./links";
import { composeMail, type SignedLinks } from "./templates";

export { MAIL_STATUSES, type MailStatus };

export interface MailFilters {
  status?: MailStatus;
  /** Part of the recipient's address, in any case. */
  recipient?: string;
  shop?: string;
}

type StatusRow = OutboxRow & { status: MailStatus };

/** The staff status as SQL over `mail_outbox`. */
const STATUS = sql`CASE WHEN state = 'pending' AND attempts > 0 THEN 'retry' ELSE state END`;

function statusCondition(status: MailStatus): SqlFragment {
  if (status === "pending") return sql`state = 'pending' AND attempts = 0`;
  if (status === "retry") return sql`state = 'pending' AND attempts > 0`;
  return sql`state = ${status}`;
}

function filterConditions(filters: MailFilters): SqlFragment[] {
  const conditions = [sql`1`];
  if (filters.status) conditions.push(statusCondition(filters.status));
  if (filters.shop) conditions.push(sql`shop_id = ${filters.shop}`);
  const recipient = filters.recipient?.trim().toLowerCase();
  if (recipient) conditions.push(sql`lower(recipient) LIKE ${`%${recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`);
  return conditions;
}

function rendered(row: OutboxRow, environment: Environment, signed: SignedLinks = {}): { subject: string; from: string; text: string } | { error: string } {
  try {
    const mail = composeMail({ shopId: row.shop_id, language: row.language, template: row.template, params: JSON.parse(row.params) }, environment, {
      redactSecrets: true,
      signed,
    });
    return { subject: mail.subject, from: mail.from, text: mail.text };
  } catch (error) {
    return { error: error instanceof Error ? error.message.slice(0, 300) : String(error) };
  }
}

/** The mail's key in the back office's paths: its shop picks its database (core/shop-database.ts), the id the row. */
export const mailKey = (shop: string, id: number): string => `${shop}-${id}`;

function summaryOf(row: StatusRow, mail: ReturnType<typeof rendered>): MailSummary {
  return {
    id: row.id,
    key: mailKey(row.shop_id, row.id),
    status: row.status,
    state: row.state,
    shop: row.shop_id,
    language: row.language,
    template: row.template,
    recipient: row.recipient,
    subject: "subject" in mail ? mail.subject : null,
    ...("error" in mail ? { renderError: mail.error } : {}),
    attempts: row.attempts,
    nextAttemptAt: row.state === "pending" ? row.next_attempt_at : null,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** A page of mails newest first, after the mail with id `after`; `next` is the id to continue after, if there are more. */
export async function listMails(
  db: D1Database,
  filters: MailFilters,
  page: { limit: number; after?: number | null },
  environment: Environment,
): Promise<MailPage> {
  const conditions = filterConditions(filters);
  if (page.after) conditions.push(sql`id < ${page.after}`);
  const { results } = await sql`SELECT *, ${STATUS} AS status FROM mail_outbox WHERE ${joinSql(conditions, " AND ")} ORDER BY id DESC LIMIT ${page.limit + 1}`
    .prepare(db)
    .all<StatusRow>();
  const rows = results.slice(0, page.limit);
  return {
    mails: rows.map((row) => summaryOf(row, rendered(row, environment))),
    next: results.length > page.limit ? (rows[rows.length - 1]?.id ?? null) : null,
  };
}

/** How many mails there are per status (for the filter), over the whole outbox. */
export async function mailStatusCounts(db: D1Database): Promise<Record<MailStatus, number>> {
  const { results } = await sql`SELECT ${STATUS} AS status, COUNT(*) AS n FROM mail_outbox GROUP BY 1`.prepare(db).all<{ status: MailStatus; n: number }>();
  const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of results) counts[row.status] = row.n;
  return counts;
}

/** One mail with its sender and plain-text body as it is sent, links with secrets hidden; null when there is none. */
export async function mailDetail(db: D1Database, id: number, environment: Environment, linkEnv: MailLinkEnv = {}): Promise<MailDetail | null> {
  const row = await sql`SELECT *, ${STATUS} AS status FROM mail_outbox WHERE id = ${id}`.prepare(db).first<StatusRow>();
  if (!row) return null;
  let signed: SignedLinks = {};
  try {
    signed = await mailLinks(
      { shopId: row.shop_id, language: row.language, template: row.template, params: JSON.parse(row.params) },
      row.recipient,
      linkEnv,
      environment,
    );
  } catch {
    // rendered() below reports what is wrong with the row
  }
  const mail = rendered(row, environment, signed);
  return { ...summaryOf(row, mail), from: "from" in mail ? mail.from : null, text: "text" in mail ? mail.text : null };
}
