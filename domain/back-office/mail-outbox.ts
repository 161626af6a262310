/**
 * The answers of the back office's mail outbox API (worker/shop-api/core/mail/staff-outbox-routes.ts),
 * as the shop API builds them and the console reads them:
 *   GET /admin/api/mail       MailListPage
 *   GET /admin/api/mail/:key  MailDetail (key: `<shop>-<id>`, or the id alone)
 */
import type { ShopChoice } from "./shop-choice";

/** A row's state in `mail_outbox` (migrations/0008_mail_outbox.sql). */
export type OutboxState = "pending" | "sending" | "sent" | "failed";

/**
 * Status as staff read it, from the row's state:
 *   pending  waiting for its first attempt
 *   retry    pending again after a failed attempt (attempts > 0), due at next_attempt_at
 *   sending  claimed by a drain right now
 *   sent     accepted by the provider
 *   failed   given up after the last attempt
 */
export const MAIL_STATUSES = ["pending", "retry", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailSummary {
  id: number;
  /** What names the mail in the detail's path, `<shop>-<id>` (`CH-17`): ids are counted per shop database. */
  key: string;
  status: MailStatus;
  state: OutboxState;
  shop: string;
  language: string;
  template: string;
  recipient: string;
  /** The subject as the mail is sent; null when the row cannot be rendered (`renderError` says why). */
  subject: string | null;
  renderError?: string;
  attempts: number;
  /** When the next attempt is due (pending and retry only). */
  nextAttemptAt: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface MailDetail extends MailSummary {
  from: string | null;
  /** The plain-text body as sent. */
  text: string | null;
}

/** A page of mails newest first; `next` is the id to continue after, if there are more. */
export interface MailPage {
  mails: MailSummary[];
  next: number | null;
}

/**
 * The list's page as the API answers it: `next` is the page link to continue after, if there are more (the id of the
 * last mail; with several shop databases, the last mail's id in each: docs/decisions/0064).
 */
export interface MailListPage {
  mails: MailSummary[];
  next: string | null;
  /** How many mails there are per status, over the whole outbox. */
  counts: Record<MailStatus, number>;
  statuses: readonly MailStatus[];
  shops: ShopChoice[];
}
