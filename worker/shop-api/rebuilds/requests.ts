/**
 * Writing a rebuild request outside the catalogue import (which writes its own in its batch,
 * catalogue/write-import.ts) and handing requests on: `dispatch` sends them to REBUILD_QUEUE,
 * or, where no queue is bound, merges them at once (merge.ts), so the pipeline also works
 * without Queues (a shop API deployed without the binding, the tests).
 */
import type { RebuildDispatch } from "@domain/api/builder";
import type { ShopApiEnv } from "@worker/env";
import { sendRebuildRequests } from "../core/rebuild-queue";
import { deleteLastRequestWithoutShops, insertLastRequestShops, insertRequest, type RebuildTrigger } from "../tables/rebuilds";
import { mergeRequests } from "./merge";
import type { RebuildDeps } from "./settings";

export interface RequestInput {
  trigger: Exclude<RebuildTrigger, "import">;
  shops: readonly string[];
  actor: string;
  detail: string;
}

/** Writes a request with its shops in one batch; answers its id (null when it names no shop: nothing is written). */
export async function writeRequest(env: Pick<ShopApiEnv, "DB">, input: RequestInput, now: Date): Promise<number | null> {
  if (input.shops.length === 0) return null;
  const statements = [
    insertRequest({ trigger: input.trigger, actor: input.actor, detail: input.detail, createdAt: now }),
    insertLastRequestShops(input.shops),
    deleteLastRequestWithoutShops(),
  ];
  const [inserted] = await env.DB.batch<{ id: number }>(statements.map((statement) => statement.prepare(env.DB)));
  return inserted?.results[0]?.id ?? null;
}

/** Hands the requests on: to the queue when one is bound (a failed send leaves them for the sweep), else merged here and now. */
export async function dispatchRequests(env: ShopApiEnv, ids: readonly number[], deps: RebuildDeps): Promise<RebuildDispatch> {
  if (ids.length === 0) return "merged";
  if (env.REBUILD_QUEUE) return (await sendRebuildRequests(env, ids, deps.now())) ? "queued" : "unsent";
  await mergeRequests(env, ids, deps);
  return "merged";
}

/** Writes a request and dispatches it; answers its change id. */
export async function requestRebuild(env: ShopApiEnv, input: RequestInput, deps: RebuildDeps): Promise<number | null> {
  const id = await writeRequest(env, input, deps.now());
  if (id !== null) await dispatchRequests(env, [id], deps);
  return id;
}
