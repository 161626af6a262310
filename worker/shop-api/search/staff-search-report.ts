/**
 * The search report of the back office: the merchandiser's report of
 * query-log.ts (top queries and queries without result of a shop over the last days,
 * `searchReport`) with the same figures over time: the searches and the searches without
 * result of every day of the range, and per day the searches of the leading queries of
 * both lists, so the console can draw them as lines.
 */
import type { QueryTrend, SearchReportOverTime, StaffSearchReport } from "@domain/api/search";
import type { D1Database } from "@cloudflare/workers-types";
import { z } from "zod";
import { jsonList } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import { queryParams, shopParam } from "../core/query-params";
import { validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { shopChoices } from "../core/shop";
import { shopDatabase } from "../core/shop-database";
import type { StaffContext } from "../core/staff-auth";
import { searchReport } from "./query-log";

/** The days from `from` to `to` (YYYY-MM-DD, UTC as the log counts them), both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

interface DayRow {
  day: string;
  searches: number;
  no_results: number;
}

interface DayQueryRow extends DayRow {
  query: string;
}

/**
 * The report of a shop over the last `days` days up to `now` (query-log.ts), with the
 * totals per day and the daily figures of the first `trendQueries` queries of each list.
 */
export async function searchReportOverTime(
  db: D1Database,
  shop: string,
  days: number,
  now: Date,
  { limit = 50, trendQueries = 5 } = {},
): Promise<SearchReportOverTime> {
  const report = await searchReport(db, shop, days, now, limit);
  const top = report.topQueries.slice(0, trendQueries).map((entry) => entry.query);
  const none = report.noResultQueries.slice(0, trendQueries).map((entry) => entry.query);
  const range = sql`shop_id = ${shop} AND day BETWEEN ${report.from} AND ${report.to}`;
  const [totals, perQuery] = await db.batch([
    sql`SELECT day, sum(searches) AS searches, sum(no_results) AS no_results FROM search_queries WHERE ${range} GROUP BY day`.prepare(db),
    sql`SELECT day, query, sum(searches) AS searches, sum(no_results) AS no_results FROM search_queries
      WHERE ${range} AND query IN ${jsonList([...new Set([...top, ...none])])} GROUP BY day, query`.prepare(db),
  ]);
  const calendar = daysBetween(report.from, report.to);
  const byDay = new Map((totals!.results as DayRow[]).map((row) => [row.day, row]));
  const cells = new Map((perQuery!.results as DayQueryRow[]).map((row) => [`${row.day}\u0000${row.query}`, row]));
  const trend = (query: string, figure: "searches" | "no_results"): QueryTrend => ({
    query,
    counts: calendar.map((day) => cells.get(`${day}\u0000${query}`)?.[figure] ?? 0),
  });
  return {
    ...report,
    days,
    daily: calendar.map((day) => ({ day, searches: byDay.get(day)?.searches ?? 0, noResults: byDay.get(day)?.no_results ?? 0 })),
    topTrends: top.map((query) => trend(query, "searches")),
    noResultTrends: none.map((query) => trend(query, "no_results")),
  };
}

/** The report's range: the last 1 to 366 days. */
export const MAX_REPORT_DAYS = 366;

const reportQuery = z
  .object({
    shop: shopParam({ required_error: "Choose a shop" }),
    days: z.coerce
      .number({ invalid_type_error: "Expected a number of days" })
      .int("Expected a whole number of days")
      .min(1, "At least 1 day")
      .max(MAX_REPORT_DAYS, `At most ${MAX_REPORT_DAYS} days`)
      .default(30),
  })
  .strict();

/** GET /admin/api/search-report?shop=DE&days=30 (staff roles merchandiser and ops). */
export async function staffSearchReport(ctx: StaffContext): Promise<Reply<StaffSearchReport>> {
  const { shop, days } = validate(reportQuery, queryParams(ctx.url));
  // The shop's searches are counted in its own database (core/shop-database.ts).
  const report = await searchReportOverTime(shopDatabase(ctx.env, shop), shop, days, ctx.now);
  return reply({ ...report, shops: shopChoices() });
}
