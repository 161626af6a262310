/**
 * The cron's cleanup of uploads nobody attached to anything (a complaint, ...) within
 * uploads.unattachedRetentionHours: their rows are deleted (only while still unattached,
 * in the same statement) and then their R2 objects. Whoever uses uploads attaches them
 * when the thing they belong to is saved.
 */
import { shopDirectory } from "@config/shops";
import type { WorkerEnv } from "@worker/env";
import { deleteUnattachedBefore } from "@shop-api/tables/uploads";

/** R2 deletes at most 1000 keys in one call; more wait for the next cron run. */
const MAX_PER_RUN = 1000;

/** Deletes the expired unattached uploads; answers how many. */
export async function deleteUnattachedUploads(env: Pick<WorkerEnv, "DB" | "UPLOADS">, now: Date): Promise<number> {
  const before = new Date(now.getTime() - shopDirectory.config.uploads.unattachedRetentionHours * 60 * 60 * 1000);
  const { results } = await deleteUnattachedBefore(before, MAX_PER_RUN).prepare(env.DB).all<{ r2_key: string }>();
  if (results.length > 0) await env.UPLOADS.delete(results.map((row) => row.r2_key));
  return results.length;
}
