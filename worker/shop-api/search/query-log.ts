/**
 * The merchandiser's search report: queries per shop, language and day, with how often
 * they found no product. Only the normalised, printable query text is stored (no control,
 * format or bidi characters, which would garble the report; no visitor data), and nothing
 * when the visitor's consent says log=false.
 */
import type { SearchReport } from "@domain/api/search";
import type { D1Database } from "@cloudflare/workers-types";
import { sql } from "@worker/lib/sql";
import { normalizeQuery, printableText } from "./query-text";

export async function logQuery(db: D1Database, entry: { shop: string; language: string; query: string; total: number; now: Date }): Promise<void> {
  const query = [...normalizeQuery(printableText(entry.query))].slice(0, 200).join("");
  if (!query) return;
  const day = entry.now.toISOString().slice(0, 10);
  await sql`INSERT INTO search_queries (shop_id, day, language, query, searches, no_results, last_total)
      VALUES (${entry.shop}, ${day}, ${entry.language}, ${query}, 1, ${entry.total === 0 ? 1 : 0}, ${entry.total})
      ON CONFLICT (shop_id, day, language, query) DO UPDATE SET searches = searches + 1, no_results = no_results + excluded.no_results,
        last_total = excluded.last_total`
    .prepare(db)
    .run();
}

interface QueryTotalsRow {
  query: string;
  searches: number;
  no_results: number;
}

/** Top queries and queries without result of a shop over the last `days` days (up to `now`). */
export async function searchReport(db: D1Database, shop: string, days: number, now: Date, limit = 50): Promise<SearchReport> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const totals = sql`SELECT query, sum(searches) AS searches, sum(no_results) AS no_results FROM search_queries
    WHERE shop_id = ${shop} AND day BETWEEN ${from} AND ${to} GROUP BY query`;
  const [top, none] = await db.batch<QueryTotalsRow>([
    sql`${totals} ORDER BY searches DESC, query LIMIT ${limit}`.prepare(db),
    sql`${totals} HAVING sum(no_results) > 0 ORDER BY sum(no_results) DESC, query LIMIT ${limit}`.prepare(db),
  ]);
  return {
    shop,
    from,
    to,
    topQueries: (top?.results ?? []).map((r) => ({ query: r.query, searches: r.searches, noResults: r.no_results })),
    noResultQueries: (none?.results ?? []).map((r) => ({ query: r.query, searches: r.no_results })),
  };
}
