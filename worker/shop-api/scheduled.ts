import type { ShopApiEnv } from "../env";
import { processSampleOrders } from "./commerce/samples";
import { deleteExpiredData } from "./retention";
import { deleteExpiredSolutions } from "./tables/captcha-solutions";
import { deleteExpiredCounters } from "./tables/rate-limit-counters";

/**
 * The shop API's scheduled jobs, run by the cron trigger of wrangler.toml
 * (every 5 minutes): finished sample orders become processed one hour after the
 * visitor ordered them; abandoned sample carts expire; rate-limit windows and spent
 * captcha solutions are deleted once they expired; visitors, carts, sample carts and
 * orders and search rows are deleted after their time (retention.ts).
 */
export async function runScheduledJobs(env: Pick<ShopApiEnv, "DB">, now: Date): Promise<void> {
  const result = await processSampleOrders(env.DB, now);
  if (result.processed > 0 || result.expired > 0) console.log(`sample orders: ${result.processed} processed, ${result.expired} expired`);
  await env.DB.batch([deleteExpiredCounters(now).prepare(env.DB), deleteExpiredSolutions(now).prepare(env.DB)]);
  const deleted = await deleteExpiredData(env.DB, now);
  if (Object.values(deleted).some((count) => count > 0)) console.log(`retention: ${JSON.stringify(deleted)}`);
}
