/**
 * The sender: drains the mail outbox. A drain claims due rows in one statement under a
 * lease (two drains never hold the same row; a row whose drain died is claimable again
 * when the lease has run out), renders and sends each, and marks it sent, or records
 * the error and schedules the next attempt: 1, 5, 15, 60, 240, 720 minutes, then daily;
 * after the 10th failed attempt (about three and a half days) the mail is failed and
 * stays in the outbox for a person to look at. Delivery is at least once: a drain that
 * dies between the provider's acceptance and the row's update sends that mail again
 * after its lease.
 *
 * It runs from the shop API's cron (scheduled.ts, every 5 minutes) and, through
 * `sendOutboxSoon`, right after a request committed a batch that enqueued mail.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { ENVIRONMENTS, type Environment } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import { claimDue, failAbandoned, markAttemptFailed, markSent, noteUnsendable, type OutboxRow } from "./outbox";
import { mailLinks, type MailLinkEnv } from "./links";
import { composeMail } from "./templates";
import { mailTransportFromEnv, type MailEnv, type TransportChoice } from "./transport-config";
import type { MailAttachmentRef } from "./template-kit";
import type { MailMessage } from "./transport";

export const MAX_ATTEMPTS = 10;
/** Minutes before the next attempt after the n-th failed one; the last figure repeats. */
export const RETRY_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;
/** A cron drain's batch; a drain after a request takes fewer (the request's own mail, and a few due ones). */
export const DRAIN_LIMIT = 20;
export const SOON_LIMIT = 5;
/** How long a drain holds its rows: longer than a full batch of sends that all run into the send timeout. */
export const LEASE_MS = 10 * 60_000;
const MAX_ERROR_CHARS = 500;

/** UPLOADS: where the files mails carry are kept (an invoice's PDF); a mail with a file cannot be sent without it. */
type AttachmentEnv = Partial<Pick<ShopApiEnv, "UPLOADS">>;

export type SenderEnv = Pick<ShopApiEnv, "DB" | "ENVIRONMENT_NAME"> & MailEnv & MailLinkEnv & AttachmentEnv;

export interface DrainReport {
  claimed: number;
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Mails given up on (attempts used up). */
  failed: number;
  /** Why nothing was sent (no usable transport configuration); the due mails keep waiting. */
  unsendable?: string;
}

export function retryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), RETRY_MINUTES.length) - 1;
  return RETRY_MINUTES[index]! * 60_000;
}

const environmentOf = (env: Pick<ShopApiEnv, "ENVIRONMENT_NAME">): Environment => ENVIRONMENTS.find((name) => name === env.ENVIRONMENT_NAME) ?? "production";

/** A file's bytes in base64 (in chunks: a spread of a large array would overflow the call stack). */
function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** The files a mail carries, read from the bucket; a missing one fails the attempt (it is tried again later). */
async function attachmentsOf(refs: readonly MailAttachmentRef[], env: AttachmentEnv): Promise<NonNullable<MailMessage["attachments"]>> {
  return Promise.all(
    refs.map(async (ref) => {
      const object = await env.UPLOADS?.get(ref.key);
      if (!object) throw new Error(`the attachment ${ref.key} is not stored`);
      return { fileName: ref.fileName, contentType: ref.contentType, base64: base64Of(new Uint8Array(await object.arrayBuffer())) };
    }),
  );
}

async function messageOf(row: OutboxRow, environment: Environment, env: MailLinkEnv & AttachmentEnv): Promise<MailMessage> {
  const toRender = { shopId: row.shop_id, language: row.language, template: row.template, params: JSON.parse(row.params) as unknown };
  const mail = composeMail(toRender, environment, { signed: await mailLinks(toRender, row.recipient, env, environment) });
  const attachments = mail.attachments.length > 0 ? await attachmentsOf(mail.attachments, env) : [];
  return {
    id: `mail-${row.id}.${Date.parse(row.created_at)}`,
    from: mail.from,
    to: row.recipient,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(Object.keys(mail.headers).length > 0 ? { headers: mail.headers } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_CHARS);

/** One drain: claims up to `limit` due mails and sends them through the chosen transport. */
export async function drainOutbox(
  env: Pick<ShopApiEnv, "DB" | "ENVIRONMENT_NAME"> & MailLinkEnv & AttachmentEnv,
  now: Date,
  choice: TransportChoice,
  { limit = DRAIN_LIMIT } = {},
): Promise<DrainReport> {
  const db = env.DB;
  const at = now.toISOString();
  if ("problem" in choice) {
    const noted = await noteUnsendable(choice.problem, at, limit).prepare(db).run();
    console.warn(`mail outbox: nothing sent, ${noted.meta.changes ?? 0} due mails wait: ${choice.problem}`);
    return { claimed: 0, sent: 0, retried: 0, failed: 0, unsendable: choice.problem };
  }
  const token = crypto.randomUUID();
  const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
  const [abandoned, claimed] = await db.batch([failAbandoned(at, MAX_ATTEMPTS).prepare(db), claimDue(token, at, leaseUntil, MAX_ATTEMPTS, limit).prepare(db)]);
  const rows = claimed!.results as OutboxRow[];
  const report: DrainReport = { claimed: rows.length, sent: 0, retried: 0, failed: abandoned!.meta.changes ?? 0 };
  const environment = environmentOf(env);
  for (const row of rows) {
    try {
      await choice.transport.send(await messageOf(row, environment, env));
    } catch (error) {
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      const next = new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString();
      await markAttemptFailed(row.id, token, `${choice.transport.name}: ${describe(error)}`, next, giveUp)
        .prepare(db)
        .run();
      report[giveUp ? "failed" : "retried"]++;
      continue;
    }
    await markSent(row.id, token, at).prepare(db).run();
    report.sent++;
  }
  console.log(`mail outbox via ${choice.transport.name}: ${report.claimed} claimed, ${report.sent} sent, ${report.retried} to retry, ${report.failed} failed`);
  return report;
}

/**
 * After a request committed mail: drains once more after the answer (ctx.waitUntil), so the mail goes out at once.
 * Without a usable transport there is nothing to send: no drain, the request's database is left alone, and the
 * cron's drain writes the problem into the due mails.
 */
export function sendOutboxSoon(ctx: { env: SenderEnv; db?: D1Database; now: Date; waitUntil(task: Promise<unknown>): void }): void {
  const choice = mailTransportFromEnv(ctx.env);
  if ("problem" in choice) return;
  // The outbox of the request's database: a shop's mails are written beside its orders (core/shop-database.ts).
  const drain = drainOutbox({ ...ctx.env, DB: ctx.db ?? ctx.env.DB }, ctx.now, choice, { limit: SOON_LIMIT });
  ctx.waitUntil(drain.catch((error: unknown) => console.error("mail outbox: drain failed", error)));
}
