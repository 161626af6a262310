import type { ExecutionContext, MessageBatch, ScheduledController } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "../env";
import { handleShopApi } from "./app";
import { handleRebuildQueue } from "./rebuilds/consumer";
import { runScheduledJobs } from "./scheduled";

/**
 * The shop API as a worker of its own (docs/decisions/0003): deploy it separately and
 * point the edge at it with SHOP_API_MODE=service or remote. `npm run bench:edge` also
 * uses it to call the shop API directly, without the edge.
 */
export default {
  fetch(request: Request, env: ShopApiEnv, ctx: ExecutionContext): Promise<Response> {
    return handleShopApi(request, env, ctx);
  },
  scheduled(controller: ScheduledController, env: ShopApiEnv, ctx: ExecutionContext): void {
    ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime), controller.cron));
  },
  /** REBUILD_QUEUE's consumer (wrangler.jsonc queues.consumers): merges rebuild requests into each shop's queued build. */
  queue(batch: MessageBatch<unknown>, env: ShopApiEnv): Promise<void> {
    return handleRebuildQueue(batch, env);
  },
};
