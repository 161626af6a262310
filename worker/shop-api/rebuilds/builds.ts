/**
 * Claims, leases and results of builds (the builder API's service functions). A claim is one
 * UPDATE ... RETURNING (tables/rebuilds.ts claimSql), so two builders never claim the same build;
 * the lease lasts `leaseSeconds` and every progress report extends it; a builder whose lease
 * another builder took over gets 409 lease_lost for its progress and its result, and its result
 * is not recorded. A failed attempt goes back to queued with backoff or ends failed after
 * `maxAttempts` (tables/rebuilds.ts failSql).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ClaimResult } from "@domain/api/builder";
import type { ShopApiEnv } from "@worker/env";
import { fail } from "../core/envelope";
import {
  buildViewOf,
  claimSql,
  expiredOnLastAttempt,
  failSql,
  isoPlusSeconds,
  progressSql,
  publishSql,
  reportedFailure,
  selectBuild,
  selectBuildShopState,
  selectNextDue,
  type BuildPhase,
  type BuildRow,
  type BuildView,
  type PublishedResult,
  type RebuildTrigger,
} from "../tables/rebuilds";
import { callDeployHooks } from "./deploy-hooks";
import { settingsOf, type RebuildDeps } from "./settings";
import { LEASE_EXPIRED_ERROR } from "./sweep";

const FULL_SYNC_TRIGGERS: readonly RebuildTrigger[] = ["nightly", "publish"];

export async function readBuild(db: D1Database, id: number): Promise<BuildView | null> {
  const row = await selectBuild(id).prepare(db).first<BuildRow>();
  return row ? buildViewOf(row) : null;
}

export async function claimBuild(db: D1Database, builder: string, shops: readonly string[] | null, deps: RebuildDeps): Promise<ClaimResult> {
  const now = deps.now();
  const settings = settingsOf(deps);
  const statements = [
    ...failSql(expiredOnLastAttempt(now), LEASE_EXPIRED_ERROR, now, settings.retryBaseSeconds),
    claimSql(builder, shops, now, settings.leaseSeconds),
  ];
  const results = await db.batch<{ id: number }>(statements.map((statement) => statement.prepare(db)));
  const id = results[results.length - 1]?.results[0]?.id;
  if (id === undefined) {
    const next = await selectNextDue(shops).prepare(db).first<{ next: string | null; queued: number; running: number }>();
    return { build: null, nextDueAt: next?.next ?? null, pending: { queued: next?.queued ?? 0, running: next?.running ?? 0 } };
  }
  const build = await readBuild(db, id);
  if (!build) throw new Error(`build ${id} vanished after its claim`);
  const fullSync = build.triggers.some((trigger) => FULL_SYNC_TRIGGERS.includes(trigger));
  return {
    build: { id: build.id, shop: build.shop, attempt: build.attempt, changeIds: build.changeIds, fullSync, leaseUntil: build.leaseUntil ?? "" },
    nextDueAt: null,
    pending: null,
  };
}

/** 404 when there is no such build, 409 lease_lost when it is not running under this builder's lease. */
async function refusal(db: D1Database, id: number, builder: string): Promise<never> {
  const row = await selectBuildShopState(id).prepare(db).first<{ state: string; lease_owner: string | null }>();
  if (!row) throw fail(404, `There is no build ${id}.`, "not_found");
  const holder = row.state === "running" && row.lease_owner !== builder ? ` ${row.lease_owner ?? "another builder"} holds it now.` : ` It is ${row.state}.`;
  throw fail(409, `The lease on build ${id} is lost.${holder}`, "lease_lost");
}

export interface Progress {
  phase: BuildPhase;
  done: number;
  total: number;
}

export async function reportProgress(db: D1Database, id: number, builder: string, progress: Progress, deps: RebuildDeps): Promise<{ leaseUntil: string }> {
  const leaseUntil = isoPlusSeconds(deps.now(), settingsOf(deps).leaseSeconds);
  const row = await progressSql(id, builder, progress.phase, progress.done, progress.total, leaseUntil).prepare(db).first<{ lease_until: string }>();
  if (!row) return refusal(db, id, builder);
  return { leaseUntil: row.lease_until };
}

export type BuildResult = ({ ok: true } & PublishedResult) | { ok: false; error: string };

/** Records the builder's result; answers the build as it is now (a failure with tries left: queued again). */
export async function finishBuild(env: ShopApiEnv, id: number, builder: string, result: BuildResult, deps: RebuildDeps): Promise<BuildView> {
  const db = env.DB;
  const now = deps.now();
  if (result.ok) {
    const row = await publishSql(id, builder, result, now).prepare(db).first<{ id: number }>();
    if (!row) return refusal(db, id, builder);
  } else {
    const statements = failSql(reportedFailure(id, builder), result.error, now, settingsOf(deps).retryBaseSeconds);
    const results = await db.batch<{ id: number; state: string }>(statements.map((statement) => statement.prepare(db)));
    const row = results[results.length - 1]?.results[0];
    if (!row) return refusal(db, id, builder);
    if (row.state === "queued") {
      const view = await readBuild(db, id);
      if (view) await callDeployHooks(env, [{ shop: view.shop, buildId: id }], deps);
    }
  }
  const view = await readBuild(db, id);
  if (!view) throw new Error(`build ${id} vanished after its result`);
  return view;
}
