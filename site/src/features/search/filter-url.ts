/**
 * The filters, sort order and page of a category list in the page's URL and back
 * (domain/category-listing.ts names the parameters): `?f-manufacturer=holzwerk&f-price-max=50&sort=price-asc&page=2`.
 * Reading never throws: what is malformed or over the API's limits is left out, so a
 * hand-edited or hostile link shows the category, not an error.
 */
import { CATEGORY_SORT_KEY, FILTER_PARAM_PREFIX, SORT_PARAM, hasFilterParams } from "@domain/category-listing";
import { roundRange, unitOfAttribute } from "@domain/ranges";
import type { ActiveFilter } from "./types";

const KEY = /^[a-z][a-z0-9_]{0,63}$/i;
const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;
/** The search API's limits (worker/shop-api/search/request.ts). */
const MAX_FILTERS = 20;
const MAX_VALUES = 100;
const MAX_VALUE_LENGTH = 200;
const MAX_PAGE = 1000;

export interface FilterUrlState {
  filters: ActiveFilter[];
  page: number;
  /** A sort order other than the static page's (`price-asc`); absent: the page's own. */
  sort?: string;
}

/** As the shop API reads bounds: the price in whole currency units, attributes by their unit. */
const unitOf = (key: string): string | null => (key === "price" ? null : unitOfAttribute(key));

function parseBound(raw: string | null, key: string, direction: "down" | "up"): number | null {
  if (raw === null || !NUMBER.test(raw.trim())) return null;
  return roundRange(Number(raw.trim()), unitOf(key), direction);
}

/** The filters, sort order and page a query string names. */
export function readFilterUrl(search: string): FilterUrlState {
  const params = new URLSearchParams(search);
  const byKey = new Map<string, ActiveFilter>();
  const ranges = new Set<string>();
  for (const [name, raw] of params) {
    if (!name.startsWith(FILTER_PARAM_PREFIX)) continue;
    const rest = name.slice(FILTER_PARAM_PREFIX.length);
    const bound = /^(.+)-(min|max)$/.exec(rest);
    if (bound) {
      const key = bound[1]!;
      if (!KEY.test(key) || ranges.has(key) || (byKey.has(key) && !ranges.has(key))) continue;
      const min = parseBound(params.get(`${FILTER_PARAM_PREFIX}${key}-min`), key, "down");
      const max = parseBound(params.get(`${FILTER_PARAM_PREFIX}${key}-max`), key, "up");
      ranges.add(key);
      if ((min === null && max === null) || (min !== null && max !== null && min > max)) continue;
      if (byKey.size < MAX_FILTERS) byKey.set(key, { key, min, max });
      continue;
    }
    const value = raw.trim();
    if (!KEY.test(rest) || ranges.has(rest) || value === "" || value.length > MAX_VALUE_LENGTH) continue;
    const existing = byKey.get(rest);
    if (existing && "values" in existing) {
      if (!existing.values.includes(value) && existing.values.length < MAX_VALUES) existing.values.push(value);
    } else if (!existing && byKey.size < MAX_FILTERS) byKey.set(rest, { key: rest, values: [value] });
  }
  const rawSort = params.get(SORT_PARAM)?.trim() ?? "";
  const sort = CATEGORY_SORT_KEY.test(rawSort) ? rawSort : undefined;
  const rawPage = params.get("page")?.trim() ?? "";
  const page = /^\d{1,4}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1;
  return { filters: [...byKey.values()], page: byKey.size > 0 || sort ? page : 1, ...(sort ? { sort } : {}) };
}

/**
 * The query string (with `?`, or "" without filters and sort order) for filters, a sort order
 * and a page; parameters of the current query that are not the list's (campaign tags and the
 * like) are kept.
 */
export function writeFilterUrl(state: FilterUrlState, current = ""): string {
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(current)) {
    if (!name.startsWith(FILTER_PARAM_PREFIX) && name !== "page" && name !== SORT_PARAM) params.append(name, value);
  }
  for (const filter of state.filters) {
    if ("values" in filter) {
      for (const value of filter.values) params.append(`${FILTER_PARAM_PREFIX}${filter.key}`, value);
    } else {
      if (filter.min !== null) params.set(`${FILTER_PARAM_PREFIX}${filter.key}-min`, String(filter.min));
      if (filter.max !== null) params.set(`${FILTER_PARAM_PREFIX}${filter.key}-max`, String(filter.max));
    }
  }
  if (state.sort && CATEGORY_SORT_KEY.test(state.sort)) params.set(SORT_PARAM, state.sort);
  if (hasFilterParams(params) && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
