import type { ExecutionContext } from "@cloudflare/workers-types";
import { shopDirectory } from "@config/shops";
import { createEdgeApp } from "./edge/app";
import { upstreamFromEnv } from "./edge/upstream";
import type { WorkerEnv } from "./env";
import { handleShopApi } from "./shop-api/app";
import shopApiWorker from "./shop-api/main";

const app = createEdgeApp({
  directory: shopDirectory,
  upstream: (env, ctx) => upstreamFromEnv(env, ctx, handleShopApi),
});

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    return app.fetch(request, env, ctx);
  },
  /** Cron triggers (wrangler.jsonc triggers): every 5 minutes the shop API's jobs, at 02:00 UTC the nightly rebuild. */
  scheduled: shopApiWorker.scheduled,
  /** REBUILD_QUEUE's consumer: rebuild requests merged into each shop's queued build (docs/decisions/0032). */
  queue: shopApiWorker.queue,
};
