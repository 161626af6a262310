/**
 * The sweep (the scheduled job every 5 minutes, and POST /admin/builder/sweep, which the import
 * CLI calls after writing the local database): sends every request nobody sent (the CLI wrote
 * it, or its send failed) and every request whose shops are still unmerged a while after it was
 * sent (a lost or dead-lettered message); fails running builds whose lease expired on their last
 * attempt; calls the deploy hook again for builds due for a while that nobody claimed; deletes
 * webhook deliveries after 7 days and rotated webhook secrets after their validity ended.
 */
import type { SweepResult } from "@domain/api/builder";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { expiredOnLastAttempt, failSql, selectUnsentRequests } from "../tables/rebuilds";
import { deleteDeliveriesBefore, deleteSecretsExpiredBefore } from "../tables/webhooks";
import { callDeployHooks } from "./deploy-hooks";
import { dispatchRequests } from "./requests";
import { settingsOf, type RebuildDeps } from "./settings";

/** A sent request still unmerged after this long is sent again. */
export const RESEND_AFTER_SECONDS = 10 * 60;
/** A build due this long and still queued gets its deploy hook called again. */
export const HOOK_AGAIN_AFTER_SECONDS = 10 * 60;
const DELIVERIES_KEPT_DAYS = 7;
const REQUESTS_PER_SWEEP = 500;

export const LEASE_EXPIRED_ERROR = "The builder stopped reporting: its lease expired on the last attempt.";

export async function sweepRebuilds(env: ShopApiEnv, deps: RebuildDeps): Promise<SweepResult> {
  const now = deps.now();
  const settings = settingsOf(deps);
  const db = env.DB;
  const failed = await db.batch<{ id: number }>(
    failSql(expiredOnLastAttempt(now), LEASE_EXPIRED_ERROR, now, settings.retryBaseSeconds).map((statement) => statement.prepare(db)),
  );
  const expired = failed[failed.length - 1]?.results.length ?? 0;

  const stale = new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000);
  const ids = (await selectUnsentRequests(stale, REQUESTS_PER_SWEEP).prepare(db).all<{ id: number }>()).results.map((row) => row.id);
  const dispatched = ids.length > 0 ? await dispatchRequests(env, ids, deps) : null;

  const waitingSince = new Date(now.getTime() - HOOK_AGAIN_AFTER_SECONDS * 1000).toISOString();
  const waiting = (
    await sql`SELECT id, shop FROM builds WHERE state = 'queued' AND not_before < ${waitingSince}`.prepare(db).all<{ id: number; shop: string }>()
  ).results;
  if (waiting.length > 0)
    await callDeployHooks(
      env,
      waiting.map((build) => ({ shop: build.shop, buildId: build.id })),
      deps,
    );

  await db.batch([
    deleteDeliveriesBefore(new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 24 * 3600 * 1000)).prepare(db),
    deleteSecretsExpiredBefore(now).prepare(db),
  ]);
  return { requests: ids.length, dispatched, expired };
}
