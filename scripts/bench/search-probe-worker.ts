/**
 * Runs inside workerd for `npm run bench:search` (bundled by scripts/bench/search.ts):
 * times the search engine and the equivalent raw FTS5 statement next to the D1
 * database, so both figures exclude HTTP and the benchmark client.
 * (workerd advances its clock at I/O, so timings have 1 ms resolution.)
 */
import type { D1Database, ExecutionContext } from "@cloudflare/workers-types";
import { D1SearchEngine } from "@shop-api/search/d1-engine";
import { parseQuery, trigramExpression, wordExpression } from "@shop-api/search/query-text";
import type { ActiveFilter } from "@domain/search-api";
import type { SearchRequest } from "@shop-api/search/types";

interface ProbeRequest {
  mode: "engine" | "suggest" | "raw";
  query: string;
  filters?: ActiveFilter[];
  shop: { id: string; currency: string; domainPrefixes: string[] };
  language: string;
  brand?: { shopId: string; name: string };
}

export default {
  async fetch(request: Request, env: { DB: D1Database }, ctx: ExecutionContext): Promise<Response> {
    const probe = (await request.json()) as ProbeRequest;
    const started = performance.now();
    let total = 0;
    if (probe.mode === "raw") {
      const parsed = parseQuery(probe.query);
      const table = parsed.long.length > 0 ? "search_text" : "search_words";
      const expression = parsed.long.length > 0 ? trigramExpression(parsed.long) : wordExpression(parsed.short);
      const rows = await env.DB.prepare(
        `SELECT rowid FROM ${table} WHERE ${table} MATCH ?1
           AND rowid BETWEEN (SELECT base FROM search_languages WHERE language = ?2) AND (SELECT base FROM search_languages WHERE language = ?2) + 68719476735
         ORDER BY rank LIMIT 50`,
      )
        .bind(expression, probe.language)
        .all();
      total = rows.results.length;
    } else {
      // As the handler does: cache writes run after the response.
      const engine = new D1SearchEngine(env.DB, { waitUntil: (task) => ctx.waitUntil(task) });
      const searchRequest: SearchRequest = {
        shop: probe.shop,
        language: probe.language,
        query: probe.query,
        offset: 0,
        limit: probe.mode === "suggest" ? 20 : 50,
        filters: probe.mode === "suggest" ? [] : (probe.filters ?? []),
        facets: probe.mode === "engine",
        ...(probe.brand ? { brand: probe.brand } : {}),
      };
      const result = await engine.search(searchRequest);
      total = result.searchResults[0]?.totalResults ?? 0;
    }
    return Response.json({ ms: performance.now() - started, total });
  },
};
