/**
 * The console's publishing view and actions (docs/decisions/0032; staff routes in
 * rebuilds/staff-routes.ts): per shop the live build, the queued and the running one and the
 * last builds; "publish now" for one shop, several or all; the webhook secret's rotation.
 */
import type { BuilderPublish } from "@domain/api/builder";
import type { Publishing, ShopPublishing } from "@domain/back-office/publishing";
import type { ShopApiEnv } from "@worker/env";
import { buildViewOf, selectBuildsForConsole, selectLiveBuilds, selectQueuedBuildsOf, selectRequestsUnmergedFor, type BuildRow } from "../tables/rebuilds";
import { mergeRequests } from "./merge";
import { requestRebuild } from "./requests";
import { configuredShopIds, type RebuildDeps } from "./settings";
import { shopDirectory } from "@config/shops";
import { webhookStatus } from "./webhook-secrets";

export const RECENT_BUILDS = 10;

export async function shopPublishing(env: ShopApiEnv, now: Date): Promise<Publishing> {
  const [builds, live] = await env.DB.batch<BuildRow>([selectBuildsForConsole(RECENT_BUILDS).prepare(env.DB), selectLiveBuilds().prepare(env.DB)]);
  const views = (builds?.results ?? []).map(buildViewOf);
  const liveViews = (live?.results ?? []).map(buildViewOf);
  const shops = shopDirectory.config.shops.map((shop): ShopPublishing => {
    const own = views.filter((build) => build.shop === shop.id);
    return {
      shop: shop.id,
      name: shop.name,
      live: liveViews.find((build) => build.shop === shop.id) ?? null,
      queued: own.find((build) => build.state === "queued") ?? null,
      running: own.find((build) => build.state === "running") ?? null,
      recent: own.filter((build) => build.state === "published" || build.state === "failed"),
    };
  });
  return { shops, webhook: await webhookStatus(env, now) };
}

/** Publish now: a request for the shops (or all), due at once; answers its change id. */
export async function publishNow(env: ShopApiEnv, shops: readonly string[] | "all", actor: string, deps: RebuildDeps): Promise<number> {
  const chosen = shops === "all" ? configuredShopIds() : [...new Set(shops)];
  const unknown = chosen.filter((shop) => !configuredShopIds().includes(shop));
  if (unknown.length > 0 || chosen.length === 0) throw new Error(`publishNow: not configured shops ${unknown.join(", ")}`);
  const id = await requestRebuild(
    env,
    { trigger: "publish", shops: chosen, actor, detail: `publish now: ${shops === "all" ? "all shops" : chosen.join(" ")}` },
    deps,
  );
  if (id === null) throw new Error("publishNow: the request was not written");
  return id;
}

/**
 * Publish now for a builder that is about to drain the shops (POST /admin/builder/publish,
 * `npm start`'s first builds): the requests still waiting for these shops are merged first (the
 * demo catalogue's import, written by the CLI without a queue), then the publish request is
 * written and merged at once rather than only sent, so when this answers each shop has one queued
 * build, due now, carrying every change that waited for it; nothing is built twice. The queue's
 * copy of the message finds its pairs merged and changes nothing (merge.ts is idempotent).
 */
export async function publishForBuilder(env: ShopApiEnv, shops: readonly string[], actor: string, deps: RebuildDeps): Promise<BuilderPublish> {
  const waiting = (await selectRequestsUnmergedFor(shops).prepare(env.DB).all<{ id: number }>()).results.map((row) => row.id);
  await mergeRequests(env, waiting, deps);
  const changeId = await publishNow(env, shops, actor, deps);
  await mergeRequests(env, [changeId], deps);
  const queued = (await selectQueuedBuildsOf(shops).prepare(env.DB).all<BuildRow>()).results.map(buildViewOf);
  return {
    changeId,
    carried: [...waiting, changeId],
    builds: queued.map((build) => ({ shop: build.shop, id: build.id, changeIds: build.changeIds })),
  };
}
