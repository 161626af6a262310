/**
 * Search on the wire (docs/decisions/0020): the search and its suggestions
 * (`GET /apiv2/search`, `GET /apiv2/search/suggestions`: `SearchData` of domain/search-api.ts),
 * a category's products (`GET /apiv2/categories/{id}/products`: `CategoryListingData` of
 * domain/category-listing.ts) and the search reports: the merchandisers' token report
 * (`GET /admin/search/report?shop=&days=`: `SearchReport`) and the back office's
 * (`GET /admin/api/search-report?shop=&days=`: `StaffSearchReport`).
 */
import type { ShopChoice } from "../back-office/shop-choice";

/** Top queries and queries without result of a shop from `from` to `to` (YYYY-MM-DD, both included). */
export interface SearchReport {
  shop: string;
  from: string;
  to: string;
  topQueries: { query: string; searches: number; noResults: number }[];
  noResultQueries: { query: string; searches: number }[];
}

export interface DayTotals {
  day: string;
  searches: number;
  noResults: number;
}

/** One query's figures per day, in the order of `daily` (0 on days it was not searched for). */
export interface QueryTrend {
  query: string;
  counts: number[];
}

export interface SearchReportOverTime extends SearchReport {
  days: number;
  /** Every day from `from` to `to`, both included, days without searches as 0. */
  daily: DayTotals[];
  /** Searches per day of the leading top queries. */
  topTrends: QueryTrend[];
  /** Searches without result per day of the leading queries without result. */
  noResultTrends: QueryTrend[];
}

/** The back office's report: the report over time and the shops to choose from. */
export interface StaffSearchReport extends SearchReportOverTime {
  shops: ShopChoice[];
}

/** The refusals of the search calls besides the core codes. */
export type SearchRefusalCode = "invalid_search" | "unknown_shop";
