import type { D1Database } from "@cloudflare/workers-types";
import { sql } from "@worker/lib/sql";

/**
 * Removes what shoppers left in a local database (visitors with their carts and sample
 * orders, complaints with their images, uploads, mails, rate-limit and idempotency records),
 * keeping the catalogue and the orders. Complaints go first: their images' rows name uploads. The
 * browser tests start from it, so a run never meets the daily sample caps or the rate
 * limits an earlier run of the same day used up.
 */
export async function forgetShoppers(db: D1Database): Promise<void> {
  await db.batch(
    [
      sql`DELETE FROM rmas`,
      sql`DELETE FROM rma_lookup_tokens`,
      sql`DELETE FROM uploads`,
      sql`DELETE FROM visitors`,
      sql`DELETE FROM mail_outbox`,
      sql`DELETE FROM rate_limit_counters`,
      sql`DELETE FROM captcha_solutions`,
      sql`DELETE FROM idempotency_keys`,
      sql`DELETE FROM auth_failures`,
    ].map((statement) => statement.prepare(db)),
  );
}
