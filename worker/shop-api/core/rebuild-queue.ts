/**
 * Sending rebuild requests to REBUILD_QUEUE (wrangler.jsonc queues.producers): every writer
 * of a request (the catalogue import, the webhook, the nightly job, publish now) records it in
 * D1 first, then sends its id here and marks it sent. A request whose send failed, or that was
 * written where no queue is bound (the import CLI writes the local database directly), stays
 * unsent and is swept later (rebuilds/sweep.ts: the scheduled job every 5 minutes and
 * POST /admin/builder/sweep). The consumer is idempotent, so a request sent twice is merged once.
 */
import type { ShopApiEnv } from "@worker/env";
import { markEnqueued, type RebuildMessage } from "../tables/rebuilds";

/** Queues accept at most 100 messages per sendBatch. */
const SEND_BATCH = 100;

/** Sends the requests and marks them sent; answers false (and leaves them for the sweep) when no queue is bound or the send failed. */
export async function sendRebuildRequests(env: Pick<ShopApiEnv, "DB" | "REBUILD_QUEUE">, ids: readonly number[], now: Date): Promise<boolean> {
  if (ids.length === 0) return true;
  const queue = env.REBUILD_QUEUE;
  if (!queue) return false;
  try {
    for (let start = 0; start < ids.length; start += SEND_BATCH) {
      const chunk = ids.slice(start, start + SEND_BATCH);
      await queue.sendBatch(chunk.map((requestId): { body: RebuildMessage; contentType: "json" } => ({ body: { requestId }, contentType: "json" })));
      await markEnqueued(chunk, now).prepare(env.DB).run();
    }
    return true;
  } catch (error) {
    console.warn(`rebuild requests ${ids.join(", ")}: not sent (the sweep sends them later)`, error instanceof Error ? error.message : error);
    return false;
  }
}
