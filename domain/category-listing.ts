/**
 * GET /apiv2/categories/:id/products: a category's products narrowed by the
 * search's filters (the same filter model, counts and rounding, domain/search-api.ts),
 * in one of the category's sort orders, one page at a time. Category pages call it once
 * a shopper filters; the static pages stay the unfiltered lists.
 */
import type { ActiveFilter, FilterOption, ProductResult } from "./search-api";

/** Products per page: the static category pages page the same way (site/src/lib/listing.ts). */
export const CATEGORY_PAGE_SIZE = 24;

export const CATEGORY_SORT_FIELDS = ["position", "price", "name", "newest"] as const;
export type CategorySortField = (typeof CATEGORY_SORT_FIELDS)[number];

/** A sort key as the static pages name it: `price-asc`, `newest-desc`. */
export const CATEGORY_SORT_KEY = /^(position|price|name|newest)-(asc|desc)$/;

export interface CategoryListingData {
  categoryId: string;
  sort: string;
  page: number;
  pageCount: number;
  perPage: number;
  totalResults: number;
  products: ProductResult[];
  filterOptions: FilterOption[];
  activeFilterOptions: ActiveFilter[];
}

/**
 * Filters in a category page's URL (shareable, the back button works): `f-{key}={value}`
 * once per chosen value, `f-{key}-min` / `f-{key}-max` for ranges, `page` for the page of
 * the filtered list. Filtered pages are not indexed (the edge adds `X-Robots-Tag`).
 */
export const FILTER_PARAM_PREFIX = "f-";

/**
 * A sort order in a category page's URL: `?sort=price-asc` (docs/decisions/0054). Only the
 * default order's pages are static; the other orders are the API's list on the category's
 * first page, like a filtered list (not indexed, canonical to the category).
 */
export const SORT_PARAM = "sort";

/** True when the query names a filter (any `f-` parameter) or a valid sort order (`sort`): a view the static page is not. */
export function hasFilterParams(params: URLSearchParams): boolean {
  for (const key of params.keys()) if (key.startsWith(FILTER_PARAM_PREFIX)) return true;
  return CATEGORY_SORT_KEY.test(params.get(SORT_PARAM) ?? "");
}
