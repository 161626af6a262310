/**
 * The search cache (migrations/0004_search_cache.sql): what a search computed from the
 * index (result-set summaries of large queries, typo corrections), stored per key with the
 * index version it was computed from. Every change of the index (the catalogue import's
 * triggers) bumps the version, so an entry is read only while the index is exactly what it
 * was computed from. Statements read an entry with `cachedBody` and compute the value only
 * when there is none.
 */
import type { D1Database } from "@cloudflare/workers-types";

/** Most entries kept for one index version (entries of earlier versions are removed). */
const MAX_ENTRIES = 10_000;

/** SQL: the body cached under the key bound to `keyParameter` for the current index version, else NULL. */
export const cachedBody = (keyParameter: string) =>
  `(SELECT body FROM search_cache WHERE key = ${keyParameter} AND version = (SELECT version FROM search_state))`;

/** SQL: the current index version. */
export const INDEX_VERSION = "(SELECT version FROM search_state)";

/**
 * Stores a body computed at index `version`, unless the index has changed since (the body
 * may be stale already). Entries of earlier versions are removed on the way.
 */
export async function storeInCache(db: D1Database, key: string, version: number, body: string): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM search_cache WHERE version < ${INDEX_VERSION}`),
    db
      .prepare(
        `INSERT INTO search_cache (key, version, body) SELECT ?1, ?2, ?3
          WHERE ${INDEX_VERSION} = ?2 AND (SELECT count(*) FROM search_cache) < ${MAX_ENTRIES}
          ON CONFLICT (key) DO UPDATE SET version = excluded.version, body = excluded.body`,
      )
      .bind(key, version, body),
  ]);
}
