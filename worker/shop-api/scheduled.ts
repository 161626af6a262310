import type { ShopApiEnv } from "../env";
import { sweepPendingPayments } from "./checkout/payment-expiry";
import { processSampleOrders } from "./commerce/samples";
import { drainOutbox, type SenderEnv } from "./core/mail/sender";
import { mailTransportFromEnv } from "./core/mail/transport-config";
import { deleteExpiredIdempotencyKeys } from "./core/idempotency";
import { everyShopDatabase } from "./core/shop-database";
import { storeMissingPdfs } from "./core/invoices/issue";
import { deleteUnattachedUploads } from "./core/uploads/cleanup";
import { runCustomerJobs } from "./customers/jobs";
import { runStorageJobs } from "./orders/storage-jobs";
import { expireOffers } from "./offers/expiry";
import { runNewsletterJobs } from "./newsletter/deliveries";
import { runCampaignClock } from "./rebuilds/campaigns";
import { NIGHTLY_CRON, requestNightlyRebuild } from "./rebuilds/nightly";
import { sweepRebuilds } from "./rebuilds/sweep";
import { deleteExpiredData } from "./retention";
import { deleteExpiredSolutions } from "./tables/captcha-solutions";
import { deleteExpiredCounters } from "./tables/rate-limit-counters";

/**
 * The shop API's scheduled jobs, run by the cron trigger of wrangler.jsonc
 * (every 5 minutes): invoices and credit notes whose PDF was not stored get it (core/invoices,
 * before the outbox is drained: their mails carry it); finished sample orders become processed one hour after the
 * visitor ordered them; abandoned sample carts expire; rate-limit windows and spent
 * captcha solutions are deleted once they expired; the mail outbox is drained (mails
 * whose next attempt is due, and those a stopped drain left behind); idempotency keys are
 * deleted after 24 hours, uploads never attached to anything (core/uploads/cleanup.ts);
 * visitors, carts, sample carts and orders, search rows and ended staff sessions are deleted after their time
 * (retention.ts); the rebuild pipeline's sweep sends rebuild requests nobody sent (the import
 * CLI wrote them into the local database, or their send failed) and fails builds whose lease
 * ran out on their last attempt (rebuilds/sweep.ts); stored orders get their last free storage day
 * and, two weeks before it, the reminder mail (orders/storage-jobs.ts); ended customer sessions and old mail tokens go
 * (customers/jobs.ts); online payments still pending a day after they were opened are asked at their provider and,
 * when open or lapsed, cancelled with their stock given back, as are those never opened (the provider was down), and
 * approvals whose capture failed or never came are captured (checkout/payment-expiry.ts); offers past their last day
 * become expired (offers/expiry.ts); the newsletter's sign-ups are
 * handed to the shops' e-mail marketing services with retries, and sign-ups never confirmed go when their link expired
 * (newsletter/deliveries.ts); a sales campaign that started or ended since the last run has its shops rebuilt
 * (rebuilds/campaigns.ts).
 *
 * The cron `0 2 * * *` (NIGHTLY_CRON) is the nightly full rebuild instead: a rebuild request for
 * every shop (rebuilds/nightly.ts, docs/decisions/0032). Any other cron, or none (`npm start`'s
 * /__scheduled without ?cron), runs the jobs above.
 */
export async function runScheduledJobs(env: SenderEnv & ShopApiEnv, now: Date, cron?: string): Promise<void> {
  if (cron === NIGHTLY_CRON) {
    const changeId = await requestNightlyRebuild(env, { now: () => now });
    console.log(changeId === null ? "nightly rebuild: already requested today" : `nightly rebuild: change ${changeId} for every shop`);
    return;
  }
  // Live data sits in each shop's database (core/shop-database.ts): its jobs run over every one of them, one after the other.
  for (const db of everyShopDatabase(env)) await runLiveDataJobs({ ...env, DB: db }, now);
  // A campaign that started or ended since the last run: its shops are rebuilt (rebuilds/campaigns.ts).
  const campaigns = await runCampaignClock(env, { now: () => now });
  if (campaigns.changeId !== null) console.log(`campaigns: ${campaigns.changes.join(", ")} (change ${campaigns.changeId})`);
  const swept = await sweepRebuilds(env, { now: () => now });
  if (swept.requests > 0 || swept.expired > 0)
    console.log(`rebuilds: ${swept.requests} request(s) ${swept.dispatched ?? "left"}, ${swept.expired} lease(s) expired`);
}

/** The jobs over one database's live data (`env.DB`: the database of some shops). */
async function runLiveDataJobs(env: SenderEnv & ShopApiEnv, now: Date): Promise<void> {
  const pdfs = await storeMissingPdfs({ db: env.DB, env, now });
  if (pdfs > 0) console.log(`invoices: ${pdfs} PDF(s) stored after an interrupted issue`);
  const [result] = await Promise.all([processSampleOrders(env.DB, now), drainOutbox(env, now, mailTransportFromEnv(env))]);
  if (result.processed > 0 || result.expired > 0) console.log(`sample orders: ${result.processed} processed, ${result.expired} expired`);
  await env.DB.batch([deleteExpiredCounters(now).prepare(env.DB), deleteExpiredSolutions(now).prepare(env.DB)]);
  const keys = await deleteExpiredIdempotencyKeys(env.DB, now);
  if (keys > 0) console.log(`idempotency keys: ${keys} expired`);
  const uploads = await deleteUnattachedUploads(env, now);
  if (uploads > 0) console.log(`uploads: ${uploads} never attached, deleted`);
  const deleted = await deleteExpiredData(env.DB, now);
  if (Object.values(deleted).some((count) => count > 0)) console.log(`retention: ${JSON.stringify(deleted)}`);
  // Goods stored on call: their last free day and the reminder before it (orders/storage-jobs.ts).
  const storage = await runStorageJobs(env.DB, now);
  if (Object.values(storage).some((count) => count > 0)) console.log(`stored orders: ${JSON.stringify(storage)}`);
  // Customer accounts: ended sessions, old mail tokens, registrations never confirmed (customers/jobs.ts).
  const customers = await runCustomerJobs(env.DB, now);
  if (Object.values(customers).some((count) => count > 0)) console.log(`customers: ${JSON.stringify(customers)}`);
  // Online payments left pending: approvals captured; unpaid, lapsed or never opened ones cancelled, their stock given back (checkout/payment-expiry.ts).
  const payments = await sweepPendingPayments(env, now);
  if (payments.captured > 0 || payments.released > 0) console.log(`payments: ${payments.captured} captured, ${payments.released} cancelled`);
  const expiredOffers = await expireOffers(env.DB, now);
  if (expiredOffers > 0) console.log(`offers: ${expiredOffers} expired`);
  // The newsletter: the hand-over to the shops' e-mail marketing services, sign-ups never confirmed (newsletter/deliveries.ts).
  await runNewsletterJobs(env, now);
}
