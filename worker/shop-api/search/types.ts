/**
 * The search engine interface; the API's wire shapes are in domain/search-api.ts. The
 * D1/FTS5 engine (d1-engine.ts) is the default; a hosted engine can implement
 * SearchEngine and be plugged in by configuration (docs/decisions/0020).
 */
import type { CategorySortField } from "@domain/category-listing";
import type { ActiveFilter, SearchData } from "@domain/search-api";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
/** Suggestions: the overlay's all tab shows 20 of the first group and 10 of each other. */
export const SUGGESTION_LIMIT = 20;

export interface SearchSort {
  field: Exclude<CategorySortField, "position">;
  direction: "asc" | "desc";
}

export interface SearchShop {
  id: string;
  currency: string;
  domainPrefixes: readonly string[];
}

export interface SearchRequest {
  shop: SearchShop;
  language: string;
  query: string;
  offset: number;
  limit: number;
  filters: ActiveFilter[];
  /** false for suggestions: no filter options are computed */
  facets: boolean;
  /** another order than relevance (the category pages' orders; their "position" is the search's relevance) */
  sort?: SearchSort;
  /** Shop whose assortment forms the brand group, and that group's name */
  brand?: { shopId: string; name: string };
}

/** What an engine finds: the answer's data without the query, and the typo corrections it made. */
export interface SearchResult extends Omit<SearchData, "query"> {
  /** the query terms the engine replaced by close vocabulary words (typo tolerance) */
  corrections: Record<string, string[]>;
}

export interface SearchEngine {
  readonly name: string;
  search(request: SearchRequest): Promise<SearchResult>;
}

/** A request the engine refuses (unknown filter key, wrong filter shape): HTTP 400. */
export class SearchInputError extends Error {}
