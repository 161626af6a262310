/**
 * The drain of the newsletter's hand-over (newsletter_deliveries; docs/decisions/0040): due
 * subscribe and unsubscribe changes go to the shop's service (service.ts) in the order they
 * were made per subscriber. A failed attempt is tried again after 1, 5, 15, 60, 240 and 720
 * minutes, then daily; after the 8th failed attempt (about two and a half days) the delivery is
 * failed and stays for a person to look at. Delivery is at least once: a drain that stops
 * between the service's answer and the row's update sends that change again after its lease,
 * which the services take as a repeat.
 *
 * It runs from the shop API's cron (scheduled.ts, every 5 minutes) and, through
 * `deliverSoon`, right after a request queued a change. The cron also deletes sign-ups never
 * confirmed once their link expired (nobody consented to them).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { shopById } from "../core/shop";
import {
  claimDueDeliveries,
  failAbandonedDeliveries,
  markDeliveryFailed,
  markDelivered,
  selectDeliveriesWithSubscribers,
  type ClaimedDeliveryRow,
  type NewsletterDeliveryRow,
} from "../tables/newsletter-deliveries";
import { deleteUnconfirmedSignUps } from "../tables/newsletter-subscribers";
import { newsletterTargetFor, type NewsletterAdapters, type NewsletterTarget } from "./targets";

export const MAX_DELIVERY_ATTEMPTS = 8;
/** Minutes before the next attempt after the n-th failed one; the last figure repeats. */
export const DELIVERY_RETRY_MINUTES = [1, 5, 15, 60, 240, 720, 1440] as const;
/** How long a drain holds its rows: longer than a full batch of calls that all run into the service's timeout. */
export const DELIVERY_LEASE_MS = 10 * 60_000;
export const DELIVERY_DRAIN_LIMIT = 20;
export const DELIVERY_SOON_LIMIT = 5;
/** A confirmation link works this long after its mail; then a sign-up never confirmed is deleted. */
export const CONFIRM_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
const MAX_ERROR_CHARS = 500;
const RETENTION_BATCH = 500;

export type DrainEnv = Pick<ShopApiEnv, "DB"> & ShopApiEnv;

export interface DrainOptions {
  limit?: number;
  /** Where a subscriber's changes go (default: the shop config's provider and list, service.ts); tests name their own service. */
  targetFor?: (shopId: string, language: string, env: ShopApiEnv) => NewsletterTarget;
  adapters?: NewsletterAdapters;
}

export interface DeliveryReport {
  claimed: number;
  sent: number;
  /** Failed attempts that will be tried again. */
  retried: number;
  /** Deliveries given up on (attempts used up). */
  failed: number;
}

export function deliveryRetryDelayMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), DELIVERY_RETRY_MINUTES.length) - 1;
  return DELIVERY_RETRY_MINUTES[index]! * 60_000;
}

/** The first moment a confirmation mail sent before it is no longer valid: links of mails sent at or before it have expired. */
export const confirmLinksSentAfter = (now: Date): Date => new Date(now.getTime() - CONFIRM_LINK_DAYS * DAY_MS);

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_CHARS);

function configuredTarget(adapters: NewsletterAdapters | undefined) {
  return (shopId: string, language: string, env: ShopApiEnv): NewsletterTarget => {
    const shop = shopById(shopId);
    if (!shop) return { problem: `unknown shop '${shopId}'` };
    return newsletterTargetFor(shop, language, env, adapters);
  };
}

async function deliver(row: ClaimedDeliveryRow, target: NewsletterTarget): Promise<void> {
  if ("problem" in target) throw new Error(target.problem);
  const subscription = { email: row.email, name: row.name };
  if (row.action === "subscribe") await target.service.subscribe(subscription, target.list);
  else await target.service.unsubscribe(subscription, target.list);
}

/** One drain: claims up to `limit` due deliveries and hands each to its shop's service. */
export async function drainNewsletterDeliveries(env: DrainEnv, now: Date, options: DrainOptions = {}): Promise<DeliveryReport> {
  const db: D1Database = env.DB;
  const targetFor = options.targetFor ?? configuredTarget(options.adapters);
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const [abandoned, claimed] = await db.batch([
    failAbandonedDeliveries(now, MAX_DELIVERY_ATTEMPTS).prepare(db),
    claimDueDeliveries(now, leaseUntil, MAX_DELIVERY_ATTEMPTS, options.limit ?? DELIVERY_DRAIN_LIMIT).prepare(db),
  ]);
  const ids = (claimed!.results as NewsletterDeliveryRow[]).map((row) => row.id);
  const report: DeliveryReport = { claimed: ids.length, sent: 0, retried: 0, failed: abandoned!.meta.changes ?? 0 };
  if (ids.length === 0) return report;
  const rows = (await selectDeliveriesWithSubscribers(ids).prepare(db).all<ClaimedDeliveryRow>()).results;
  for (const row of rows) {
    try {
      await deliver(row, targetFor(row.shop_id, row.language, env));
    } catch (error) {
      const giveUp = row.attempts >= MAX_DELIVERY_ATTEMPTS;
      const next = new Date(now.getTime() + deliveryRetryDelayMs(row.attempts));
      await markDeliveryFailed(row.id, row.attempts, describe(error), next, giveUp).prepare(db).run();
      report[giveUp ? "failed" : "retried"]++;
      continue;
    }
    await markDelivered(row.id, row.attempts, now).prepare(db).run();
    report.sent++;
  }
  if (report.claimed > 0 || report.failed > 0)
    console.log(`newsletter deliveries: ${report.claimed} claimed, ${report.sent} sent, ${report.retried} to retry, ${report.failed} failed`);
  return report;
}

/** After a request queued a change: drains once more after the answer (ctx.waitUntil), so the change goes out at once. */
export function deliverSoon(ctx: { env: DrainEnv; now: Date; waitUntil(task: Promise<unknown>): void }): void {
  const drain = drainNewsletterDeliveries(ctx.env, ctx.now, { limit: DELIVERY_SOON_LIMIT });
  ctx.waitUntil(drain.catch((error: unknown) => console.error("newsletter deliveries: drain failed", error)));
}

/** The cron's newsletter work: the hand-over's drain, and sign-ups never confirmed whose link expired are deleted. */
export async function runNewsletterJobs(env: DrainEnv, now: Date): Promise<{ delivery: DeliveryReport; deletedSignUps: number }> {
  const delivery = await drainNewsletterDeliveries(env, now);
  const deleted = await deleteUnconfirmedSignUps(confirmLinksSentAfter(now), RETENTION_BATCH).prepare(env.DB).run();
  const deletedSignUps = deleted.meta.changes ?? 0;
  if (deletedSignUps > 0) console.log(`newsletter: ${deletedSignUps} sign-up(s) never confirmed deleted`);
  return { delivery, deletedSignUps };
}
