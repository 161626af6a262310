/**
 * Expiry of offers: the scheduled job sets offered and accepted offers past their
 * last day (Berlin time) to expired. Nothing depends on it having run: every read computes the
 * state of the day (tables/offers.ts stateOn), and accepting, the cart's price and the order
 * check the date themselves; the job makes the stored state agree, for lists and reports.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { berlinTime } from "../core/berlin-time";
import { expireOffers as expireStatement } from "../tables/offers";

/** Expires the offers past their last day; answers how many. */
export async function expireOffers(db: D1Database, now: Date): Promise<number> {
  const result = await expireStatement(berlinTime(now).date, now).prepare(db).run();
  return result.meta.changes ?? 0;
}
