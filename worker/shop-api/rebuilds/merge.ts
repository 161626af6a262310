/**
 * The queue consumer's work (docs/decisions/0032): every (request, shop) pair of the given
 * requests that is not in a build yet is merged into the shop's one queued build (created when
 * the shop has none). The quiet time belongs to the whole change stream: each merged change
 * holds back every queued build until `quietSeconds` after it, but none longer than
 * `maxDelaySeconds` after its own first change; publish now is due at once (tables/rebuilds.ts
 * mergePairSql). A build that is running keeps its changes; a change arriving meanwhile goes
 * into the next build. Idempotent: a redelivered message finds its pairs linked and changes
 * nothing. A new queued build calls its shop's deploy hook (production).
 */
import type { ShopApiEnv } from "@worker/env";
import { jsonList } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { markEnqueued, mergePairSql, selectUnmerged, type UnmergedRow } from "../tables/rebuilds";
import { callDeployHooks, type HookCall } from "./deploy-hooks";
import { configuredShopIds, settingsOf, type RebuildDeps } from "./settings";

/** Pairs per D1 batch (three statements each). */
const PAIRS_PER_BATCH = 50;

export interface MergeResult {
  /** (request, shop) pairs merged now. */
  merged: number;
  /** Builds created by this merge. */
  created: HookCall[];
}

export async function mergeRequests(env: ShopApiEnv, requestIds: readonly number[], deps: RebuildDeps): Promise<MergeResult> {
  if (requestIds.length === 0) return { merged: 0, created: [] };
  const now = deps.now();
  const settings = settingsOf(deps);
  const db = env.DB;
  const rows = (await selectUnmerged(requestIds).prepare(db).all<UnmergedRow>()).results;
  const configured = new Set(configuredShopIds());
  const unknown = rows.filter((row) => !configured.has(row.shop));
  const pairs = rows.filter((row) => configured.has(row.shop));
  const created: HookCall[] = [];
  if (unknown.length > 0) {
    // A shop taken out of the config since the request was written: nothing to build for it.
    console.warn(`rebuild requests: ${unknown.map((row) => `${row.request_id}/${row.shop}`).join(", ")} name shops no longer configured, dropped`);
    await sql`DELETE FROM rebuild_request_shops WHERE build_id IS NULL AND request_id IN ${jsonList(requestIds)} AND shop NOT IN ${jsonList([...configured])}`
      .prepare(db)
      .run();
  }
  for (let start = 0; start < pairs.length; start += PAIRS_PER_BATCH) {
    const statements: SqlFragment[] = [];
    const creating: number[] = [];
    for (const pair of pairs.slice(start, start + PAIRS_PER_BATCH)) {
      creating.push(statements.length);
      statements.push(
        ...mergePairSql(pair.request_id, pair.shop, pair.created_at, {
          quietSeconds: settings.quietSeconds,
          maxDelaySeconds: settings.maxDelaySeconds,
          maxAttempts: settings.maxAttempts,
          immediate: pair.trigger === "publish",
        }),
      );
    }
    const results = await db.batch<{ id: number; shop: string }>(statements.map((statement) => statement.prepare(db)));
    for (const index of creating) {
      const row = results[index]?.results[0];
      if (row) created.push({ shop: row.shop, buildId: row.id });
    }
  }
  // Delivered, so sent: a request the queue carried needs no sweep even if its sender could not mark it.
  await markEnqueued(requestIds, now).prepare(db).run();
  if (created.length > 0) await callDeployHooks(env, created, deps);
  return { merged: pairs.length, created };
}
