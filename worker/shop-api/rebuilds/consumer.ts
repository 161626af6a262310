/**
 * The REBUILD_QUEUE consumer (wrangler.jsonc queues.consumers; the `queue` export of
 * worker/index.ts and worker/shop-api/main.ts): a batch of messages `{ requestId }` is merged
 * in one go (merge.ts). A message that is not a request id is acknowledged and logged (a retry
 * cannot make it one); when D1 fails, the whole batch is retried after a short delay (merging is
 * idempotent) and ends in the dead-letter queue after max_retries, where the sweep's check for
 * unmerged requests still finds it.
 */
import type { MessageBatch } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { mergeRequests } from "./merge";
import type { RebuildDeps } from "./settings";

const RETRY_DELAY_SECONDS = 10;

const requestIdOf = (body: unknown): number | null => {
  if (!body || typeof body !== "object") return null;
  const id = (body as { requestId?: unknown }).requestId;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

export async function handleRebuildQueue(batch: MessageBatch<unknown>, env: ShopApiEnv, deps: RebuildDeps = { now: () => new Date() }): Promise<void> {
  const ids: number[] = [];
  const valid: (typeof batch.messages)[number][] = [];
  for (const message of batch.messages) {
    const id = requestIdOf(message.body);
    if (id === null) {
      console.warn(`${batch.queue}: message ${message.id} is not a rebuild request, dropped: ${String(JSON.stringify(message.body)).slice(0, 200)}`);
      message.ack();
      continue;
    }
    ids.push(id);
    valid.push(message);
  }
  if (ids.length === 0) return;
  try {
    const result = await mergeRequests(env, [...new Set(ids)], deps);
    if (result.merged > 0) console.log(`rebuilds: ${result.merged} change(s) merged, ${result.created.length} build(s) queued`);
    for (const message of valid) message.ack();
  } catch (error) {
    console.error(`${batch.queue}: merging requests ${ids.join(", ")} failed, retried`, error);
    for (const message of valid) message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
  }
}
