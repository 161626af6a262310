import type { ExecutionContext } from "@cloudflare/workers-types";
import { shopDirectory } from "./config/shops";
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
  /** Cron trigger (wrangler.toml [triggers]): moves finished sample orders on after one hour, deletes data past its retention time. */
  scheduled: shopApiWorker.scheduled,
};
