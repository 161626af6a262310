/**
 * The worker of `npm run bench:assets`: the project's worker (worker/index.ts) as deployed, and
 * beside it the same edge with the DE shop served from R2 (`assets: "r2"`), chosen per request by
 * the `x-bench-store: r2` header. Both answer the same page of the same build from the same
 * workerd, one from the ASSETS binding and one from the SITE_ASSETS bucket with the Cache API
 * in front, so their requests/s compare the stores and nothing else.
 */
import type { ExecutionContext } from "@cloudflare/workers-types";
import rawConfig from "@config/shops.json";
import { parseShopConfig, ShopDirectory } from "@config/shop-config";
import { createEdgeApp } from "@worker/edge/app";
import { upstreamFromEnv } from "@worker/edge/upstream";
import type { WorkerEnv } from "@worker/env";
import worker from "@worker/index";
import { handleShopApi } from "@shop-api/app";

const config = parseShopConfig(rawConfig);
const onR2 = createEdgeApp({
  directory: new ShopDirectory({ ...config, shops: config.shops.map((shop) => (shop.id === "DE" ? { ...shop, assets: "r2" as const } : shop)) }),
  upstream: (env, ctx) => upstreamFromEnv(env, ctx, handleShopApi),
});

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    return request.headers.get("x-bench-store") === "r2" ? onR2.fetch(request, env, ctx) : worker.fetch(request, env, ctx);
  },
};
