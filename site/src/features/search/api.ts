/**
 * Browser calls of the search: plain fetch on the same origin. On the Swiss shop
 * the language segment leads the path (/fr/apiv2/search...). `log=false` is added unless
 * the visitor consented to all cookies (the query log is statistics).
 */
import type { ReceivedEnvelope } from "@domain/api/envelope";
import { apiUrl } from "@site/api/client";
import { readCookie } from "@site/lib/banner";
import { CONSENT_COOKIE } from "@site/lib/consent";
import { filtersParam } from "./state";
import type { ActiveFilter, SearchData, SearchMeta } from "./types";

export interface SearchResponse {
  data: SearchData;
  meta: SearchMeta;
}

export interface SearchCall {
  kind: "search" | "suggestions";
  query: string;
  offset?: number;
  limit?: number;
  filters?: ActiveFilter[];
  /** another order than relevance: one of the category pages' orders (`price-asc`) */
  sort?: string;
  /** false: never logged (the results page's own calls: its query was asked once already) */
  log?: false;
}

export function mayLogQueries(cookie = typeof document === "undefined" ? "" : document.cookie): boolean {
  return readCookie(cookie, CONSENT_COOKIE) === "all";
}

export function searchPathOf(call: SearchCall, log = mayLogQueries()): string {
  const params = new URLSearchParams({ query: call.query });
  if (call.kind === "search") {
    if (call.offset) params.set("offset", String(call.offset));
    if (call.limit !== undefined) params.set("limit", String(call.limit));
    if (call.filters && call.filters.length > 0) params.set("filters", filtersParam(call.filters));
    if (call.sort) params.set("sort", call.sort);
    if (!log || call.log === false) params.set("log", "false");
  }
  return `/apiv2/search${call.kind === "suggestions" ? "/suggestions" : ""}?${params.toString()}`;
}

/** Resolves with data and meta on HTTP 200 with data; rejects otherwise (failures are logged). */
export async function fetchSearch(call: SearchCall, signal?: AbortSignal): Promise<SearchResponse> {
  const response = await fetch(apiUrl(searchPathOf(call)), { credentials: "same-origin", headers: { accept: "application/json" }, signal });
  const json = (await response.json().catch(() => null)) as (ReceivedEnvelope<SearchData> & { meta?: SearchMeta }) | null;
  if (response.status !== 200 || !json?.data) {
    const message = json?.errors?.[0]?.message ?? `search failed (${response.status})`;
    console.error("search failed", message);
    throw new Error(message);
  }
  return { data: json.data, meta: json.meta ?? {} };
}
