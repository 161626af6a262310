/**
 * The merchandiser's search report: queries per shop, language and day, with how often
 * they found no product. Only the normalised query text is stored (no visitor data),
 * and nothing when the visitor's consent says log=false.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { normalizeQuery } from "./query-text";

export async function logQuery(db: D1Database, entry: { shop: string; language: string; query: string; total: number; now: Date }): Promise<void> {
  const query = normalizeQuery(entry.query).slice(0, 200);
  if (!query) return;
  await db
    .prepare(
      `INSERT INTO search_queries (shop_id, day, language, query, searches, no_results, last_total) VALUES (?1, ?2, ?3, ?4, 1, ?5, ?6)
       ON CONFLICT (shop_id, day, language, query) DO UPDATE SET searches = searches + 1, no_results = no_results + excluded.no_results,
         last_total = excluded.last_total`,
    )
    .bind(entry.shop, entry.now.toISOString().slice(0, 10), entry.language, query, entry.total === 0 ? 1 : 0, entry.total)
    .run();
}

export interface SearchReport {
  shop: string;
  from: string;
  to: string;
  topQueries: { query: string; searches: number; noResults: number }[];
  noResultQueries: { query: string; searches: number }[];
}

/** Top queries and queries without result of a shop over the last `days` days (up to `now`). */
export async function searchReport(db: D1Database, shop: string, days: number, now: Date, limit = 50): Promise<SearchReport> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const [top, none] = await db.batch<{ query: string; searches: number; no_results: number }>([
    db
      .prepare(
        `SELECT query, sum(searches) AS searches, sum(no_results) AS no_results FROM search_queries
          WHERE shop_id = ?1 AND day BETWEEN ?2 AND ?3 GROUP BY query ORDER BY searches DESC, query LIMIT ?4`,
      )
      .bind(shop, from, to, limit),
    db
      .prepare(
        `SELECT query, sum(searches) AS searches, sum(no_results) AS no_results FROM search_queries
          WHERE shop_id = ?1 AND day BETWEEN ?2 AND ?3 GROUP BY query HAVING sum(no_results) > 0
          ORDER BY sum(no_results) DESC, query LIMIT ?4`,
      )
      .bind(shop, from, to, limit),
  ]);
  return {
    shop,
    from,
    to,
    topQueries: (top?.results ?? []).map((r) => ({ query: r.query, searches: r.searches, noResults: r.no_results })),
    noResultQueries: (none?.results ?? []).map((r) => ({ query: r.query, searches: r.no_results })),
  };
}
