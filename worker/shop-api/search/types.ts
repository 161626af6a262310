/**
 * Search API shapes (SPEC 3 "Result groups", "Filter", SPEC 7 /apiv2/search) and the
 * engine interface. The D1/FTS5 engine (d1-engine.ts) is the default; a hosted engine
 * can implement SearchEngine and be plugged in by configuration (docs/decisions/0020).
 */
import type { MoneyValue } from "../../../graphql/money";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 100;
export const DEFAULT_MINIMUM_CHARACTERS = 3;
/** Suggestions: the overlay's all tab shows 20 of the first group and 10 of each other. */
export const SUGGESTION_LIMIT = 20;

export type GroupType = "products" | "brand" | "advises" | "videos" | "infos";

export interface ProductResult {
  identifier: string;
  projectId: string | null;
  sku: string;
  name: string;
  manufacturer: string | null;
  price: MoneyValue | null;
  unitPrice: (MoneyValue & { unit: string; unitLabel: string }) | null;
  image: { url: string; alt: string } | null;
  link: string;
  deliveryTime: { min: number; max: number; express: boolean };
  sellingOutSoon: boolean;
  inStock: boolean;
}

export interface ContentResult {
  identifier: string;
  title: string;
  text: string;
  link: string | null;
  /** videos: the video file; advises: empty */
  url: string | null;
}

export type SearchResultItem = ProductResult | ContentResult;

export interface ResultGroup {
  type: GroupType;
  /** products, advises, videos, infos, or the brand's own name for the brand group */
  name: string;
  results: SearchResultItem[];
  totalResults: number;
  offset: number;
}

export type FilterType = "range" | "collection" | "tree";

export interface FilterValue {
  key: string;
  name: string;
  count: number;
  /** tree filters: child categories */
  children?: FilterValue[];
}

export interface FilterOption {
  key: string;
  name: string;
  type: FilterType;
  /** mm, cm, EUR, CHF or null */
  unit: string | null;
  /** range: bounds over the result set without this filter */
  min: number | null;
  max: number | null;
  /** range: the chosen bounds (equal to min/max when not filtered) */
  minValue: number | null;
  maxValue: number | null;
  values: FilterValue[];
}

/** A filter as the client sends it (SPEC 7): values, or min and max. */
export type FilterEntry =
  | { name: string; type: "products"; values: string[] }
  | { name: string; type: "products"; min?: number; max?: number };

export type ActiveFilter = { key: string; values: string[] } | { key: string; min: number | null; max: number | null };

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
  /** Shop whose assortment forms the brand group, and that group's name */
  brand?: { shopId: string; name: string };
}

export interface SearchResult {
  searchResults: ResultGroup[];
  filterOptions: FilterOption[];
  activeFilterOptions: ActiveFilter[];
  /** the query terms the engine replaced by close vocabulary words (typo tolerance) */
  corrections: Record<string, string[]>;
}

export interface SearchEngine {
  readonly name: string;
  search(request: SearchRequest): Promise<SearchResult>;
}

/** A request the engine refuses (unknown filter key, wrong filter shape): HTTP 400. */
export class SearchInputError extends Error {}
