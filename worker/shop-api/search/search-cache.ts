/**
 * The search cache (migrations/0004_search_cache.sql): what a search computed from the
 * index (result-set summaries of large queries, typo corrections), stored per key with the
 * index version it was computed from. Every change of the index (the catalogue import's
 * triggers) bumps the version, so an entry is read only while the index is exactly what it
 * was computed from. Statements read an entry with `cachedBody` and compute the value only
 * when there is none.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { sql, SqlFragment } from "@worker/lib/sql";

/**
 * Most entries of each kind kept for one index version (entries of earlier versions are
 * removed). Corrections are cached per term, so every made-up word a visitor types adds
 * one: they have their own, smaller budget and cannot crowd out the result summaries.
 */
export const CACHE_BUDGETS = { summaries: 10_000, corrections: 2_000 } as const;

/** Keys of corrections are `{"corrections":"<term>"}`: the range [from, to) holds exactly them. */
const CORRECTION_KEYS = { from: '{"corrections":', to: '{"corrections";' } as const;

/** The cache key of a term's typo corrections. */
export const correctionKey = (term: string): string => JSON.stringify({ corrections: term });

const isCorrectionKey = (key: string): boolean => key >= CORRECTION_KEYS.from && key < CORRECTION_KEYS.to;

/** The current index version. */
export const INDEX_VERSION = SqlFragment.raw("(SELECT version FROM search_state)");

/** The body cached under `key` for the current index version, else NULL. */
export const cachedBody = (key: unknown): SqlFragment => sql`(SELECT body FROM search_cache WHERE key = ${key} AND version = ${INDEX_VERSION})`;

/**
 * Stores a body computed at index `version`, unless the index has changed since (the body
 * may be stale already). Entries of earlier versions are removed on the way.
 */
export async function storeInCache(db: D1Database, key: string, version: number, body: string): Promise<void> {
  const corrections = sql`key >= ${CORRECTION_KEYS.from} AND key < ${CORRECTION_KEYS.to}`;
  const [sameKind, budget] = isCorrectionKey(key) ? [corrections, CACHE_BUDGETS.corrections] : [sql`NOT (${corrections})`, CACHE_BUDGETS.summaries];
  await db.batch([
    sql`DELETE FROM search_cache WHERE version < ${INDEX_VERSION}`.prepare(db),
    sql`INSERT INTO search_cache (key, version, body) SELECT ${key}, ${version}, ${body}
          WHERE ${INDEX_VERSION} = ${version} AND (SELECT count(*) FROM search_cache WHERE ${sameKind}) < ${budget}
          ON CONFLICT (key) DO UPDATE SET version = excluded.version, body = excluded.body`.prepare(db),
  ]);
}
