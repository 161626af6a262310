/**
 * The nightly full rebuild (cron `0 2 * * *` in wrangler.jsonc, dispatched by scheduled.ts):
 * one request for every configured shop, so what time alone changes (the 30-day reference
 * price, a campaign's start and end) goes live without a catalogue change: the build reads the
 * campaigns with its own clock (docs/decisions/0048), and the campaign clock (campaigns.ts) asks
 * for the shops of a campaign that starts or ends in between. A second run on the same UTC day (a
 * repeated cron event) writes nothing; the campaign clock's requests (actor campaign-clock) do not count.
 */
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { requestRebuild } from "./requests";
import { configuredShopIds, type RebuildDeps } from "./settings";

export const NIGHTLY_CRON = "0 2 * * *";

export async function requestNightlyRebuild(env: ShopApiEnv, deps: RebuildDeps): Promise<number | null> {
  const now = deps.now();
  const dayStart = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
  const earlier = await sql`SELECT id FROM rebuild_requests WHERE trigger = 'nightly' AND actor = 'cron' AND created_at >= ${dayStart} LIMIT 1`
    .prepare(env.DB)
    .first<{ id: number }>();
  if (earlier) return null;
  return requestRebuild(
    env,
    { trigger: "nightly", shops: configuredShopIds(), actor: "cron", detail: `nightly rebuild ${now.toISOString().slice(0, 10)}` },
    deps,
  );
}
