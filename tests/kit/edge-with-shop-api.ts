/**
 * The worker as tests see it end to end: the edge (worker/edge/app.ts) in front of the shop
 * API's real route table, in-process, with the clock `now`. `execution` collects what the
 * handlers hand to waitUntil in `tasks`, for the test to await.
 */
import { shopDirectory } from "@config/shops";
import { createEdgeApp } from "@worker/edge/app";
import { upstreamFromEnv } from "@worker/edge/upstream";
import { createShopApi } from "@shop-api/app";

export function edgeWithShopApi(now: () => Date) {
  const tasks: Promise<unknown>[] = [];
  const execution = { waitUntil: (task: Promise<unknown>) => void tasks.push(task), passThroughOnException: () => undefined, props: {} };
  const shopApi = createShopApi({ now });
  const app = createEdgeApp({
    directory: shopDirectory,
    upstream: (env, ctx) => upstreamFromEnv(env, ctx, (request, env2, ctx2) => shopApi.fetch(request, env2, ctx2)),
  });
  return { app, shopApi, execution, tasks };
}
