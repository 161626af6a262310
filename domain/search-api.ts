/**
 * The wire shapes of /apiv2/search and /apiv2/search/suggestions (result groups
 * and filters): what the shop API's search answers and the pages' search reads.
 */
import type { MoneyValue } from "./money";

/**
 * The orders the search results page offers: the category pages' own (their labels are the
 * pages' `sort.<key>` texts); the first, the category pages' "recommended", is the search's
 * relevance (GET /apiv2/search without `sort`).
 */
export const SEARCH_SORTS = ["position-asc", "price-asc", "price-desc", "name-asc", "newest-desc"] as const;

/** The environment's minimumSearchCharacters: shorter queries get an empty result and a hint. */
export const MINIMUM_SEARCH_CHARACTERS = 3;

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

/** A filter as the client sends it: values, or min and max. */
export type FilterEntry = { name: string; type: "products"; values: string[] } | { name: string; type: "products"; min?: number; max?: number };

export type ActiveFilter = { key: string; values: string[] } | { key: string; min: number | null; max: number | null };

/** The `data` of a search answer. */
export interface SearchData {
  query: string;
  searchResults: ResultGroup[];
  filterOptions: FilterOption[];
  activeFilterOptions: ActiveFilter[];
}

/** The `meta` of a search answer, as far as the pages read it. */
export interface SearchMeta {
  minimumSearchCharacters?: number;
  characters?: number;
  message?: string;
}
