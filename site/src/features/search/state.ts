/**
 * The search overlay and page state and its transitions, as a pure reducer. Side effects (calls, storage) live in the hooks.
 */
import { roundRange } from "@domain/ranges";
import { MINIMUM_SEARCH_CHARACTERS } from "@domain/search-api";
import type { ActiveFilter, FilterEntry, FilterOption, GroupType, ResultGroup, SearchData, TabKey } from "./types";

type ResultItem = ResultGroup["results"][number];

export interface GroupState {
  type: GroupType;
  name: string;
  layout: "grid" | "list";
  items: ResultItem[];
  /** results the server has for the group (totalResults) */
  itemsLength: number;
  /** pages of itemsPerPage shown in the group's tab */
  page: number;
  /** where the next "load more" call starts */
  offset: number;
}

export interface SearchState {
  open: boolean;
  lastSearchVisible: boolean;
  loadingData: boolean;
  loadingMoreData: boolean;
  loadingSuggestions: boolean;
  searchString: string;
  searchResult: GroupState[];
  searchSuggestions: GroupState[];
  activeTab: TabKey;
  staticBlocksCount: number;
  itemsPerPage: number;
  filters: { filters: FilterOption[]; activeFilters: ActiveFilter[] };
  minimumChars: number;
  /** bumped whenever the results must be fetched again (filters changed, reset) */
  searchRun: number;
  failed: boolean;
}

export const DEFAULT_ITEMS_PER_PAGE = 12;
export const DEFAULT_STATIC_BLOCKS = 1;

export function initialSearchState(overrides: Partial<SearchState> = {}): SearchState {
  return {
    open: false,
    lastSearchVisible: false,
    loadingData: false,
    loadingMoreData: false,
    loadingSuggestions: false,
    searchString: "",
    searchResult: [],
    searchSuggestions: [],
    activeTab: "all",
    staticBlocksCount: DEFAULT_STATIC_BLOCKS,
    itemsPerPage: DEFAULT_ITEMS_PER_PAGE,
    filters: { filters: [], activeFilters: [] },
    minimumChars: MINIMUM_SEARCH_CHARACTERS,
    searchRun: 0,
    failed: false,
    ...overrides,
  };
}

/** What a person does in the filter sidebar; the search and the category pages share it. */
export type FilterAction =
  | { type: "addFilter"; key: string; values: string[] }
  | { type: "deleteFilterValue"; key: string; value: string }
  | { type: "setRange"; key: string; min: number | null; max: number | null; unit: string | null }
  | { type: "resetFilter"; key: string }
  | { type: "resetFilters" };

export type SearchAction =
  | FilterAction
  | { type: "open" }
  | { type: "close" }
  | { type: "showLastSearches"; visible: boolean }
  | { type: "setSearchString"; value: string }
  | { type: "setMinimumChars"; value: number }
  | { type: "suggestionsRequested" }
  | { type: "suggestionsLoaded"; data: SearchData }
  | { type: "searchRequested" }
  | { type: "searchLoaded"; data: SearchData }
  | { type: "loadMoreRequested" }
  | { type: "moreLoaded"; tab: GroupType; group: ResultGroup }
  | { type: "requestFailed"; kind: "suggestions" | "search" | "more" }
  | { type: "showMore"; tab: GroupType }
  | { type: "setActiveTab"; tab: TabKey }
  | { type: "clear" };

/** The layout a group's items use: product cards in a grid, content as a list. */
const layoutOf = (type: GroupType): GroupState["layout"] => (type === "products" || type === "brand" ? "grid" : "list");

export function toGroupState(group: ResultGroup): GroupState {
  return {
    type: group.type,
    name: group.name,
    layout: layoutOf(group.type),
    items: group.results,
    itemsLength: group.totalResults,
    page: 1,
    offset: group.offset + group.results.length,
  };
}

/** A bound a person typed, rounded outward to whole numbers (domain/ranges.ts); an empty or non-numeric bound is none. */
function roundRangeValue(value: number | null, unit: string | null): number | null {
  return value === null || !Number.isFinite(value) ? null : roundRange(value, unit);
}

/** Items a tab shows per page: the info tab leaves room for its static blocks. */
export function itemsPerPageOf(state: Pick<SearchState, "itemsPerPage" | "staticBlocksCount">, tab: TabKey | GroupType): number {
  return tab === "infos" ? Math.max(1, state.itemsPerPage - state.staticBlocksCount) : state.itemsPerPage;
}

export function hasMinimumChars(state: Pick<SearchState, "searchString" | "minimumChars">): boolean {
  return [...state.searchString.trim()].length >= state.minimumChars;
}

export const isRange = (filter: ActiveFilter): filter is { key: string; min: number | null; max: number | null } => !("values" in filter);

const withoutFilter = (filters: ActiveFilter[], key: string): ActiveFilter[] => filters.filter((filter) => filter.key !== key);

/**
 * The active filters after a filter action: adding appends values to a filter of
 * the same key or creates one; deleting a value removes the filter with its last value;
 * ranges are rounded (whole numbers unless the unit is mm); a reset removes one or all.
 */
export function activeFiltersReducer(filters: ActiveFilter[], action: FilterAction): ActiveFilter[] {
  switch (action.type) {
    case "addFilter": {
      if (action.values.length === 0) return filters;
      const existing = filters.find((filter) => filter.key === action.key);
      return existing && !isRange(existing)
        ? filters.map((filter) =>
            filter.key === action.key ? { key: action.key, values: [...new Set([...(filter as { values: string[] }).values, ...action.values])] } : filter,
          )
        : [...withoutFilter(filters, action.key), { key: action.key, values: [...new Set(action.values)] }];
    }
    case "deleteFilterValue":
      return filters.flatMap((filter): ActiveFilter[] => {
        if (filter.key !== action.key || isRange(filter)) return [filter];
        const values = filter.values.filter((value) => value !== action.value);
        return values.length > 0 ? [{ key: filter.key, values }] : [];
      });
    case "setRange": {
      const min = roundRangeValue(action.min, action.unit);
      const max = roundRangeValue(action.max, action.unit);
      return [...withoutFilter(filters, action.key), { key: action.key, min, max }];
    }
    case "resetFilter":
      return withoutFilter(filters, action.key);
    case "resetFilters":
      return [];
    default:
      return filters;
  }
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "open":
      return state.open ? state : { ...state, open: true, lastSearchVisible: !hasMinimumChars(state) };
    case "close":
      return state.open ? { ...state, open: false, lastSearchVisible: false } : state;
    case "showLastSearches":
      return state.lastSearchVisible === action.visible ? state : { ...state, lastSearchVisible: action.visible };
    case "setMinimumChars":
      return { ...state, minimumChars: action.value > 0 ? action.value : MINIMUM_SEARCH_CHARACTERS };
    case "setSearchString": {
      const next = { ...state, searchString: action.value };
      if (hasMinimumChars(next)) return next;
      // Below the minimum: existing results stay; without results everything is cleared.
      const hasResults = state.searchResult.length > 0 || state.searchSuggestions.length > 0;
      return hasResults ? next : { ...next, searchResult: [], searchSuggestions: [], loadingSuggestions: false, loadingData: false };
    }
    case "suggestionsRequested":
      return { ...state, loadingSuggestions: true, failed: false };
    case "suggestionsLoaded":
      return {
        ...state,
        loadingSuggestions: false,
        lastSearchVisible: false,
        searchSuggestions: action.data.searchResults.map(toGroupState),
      };
    case "searchRequested":
      return { ...state, loadingData: true, failed: false };
    case "searchLoaded": {
      const groups = action.data.searchResults.map(toGroupState);
      const base = {
        ...state,
        loadingData: false,
        lastSearchVisible: false,
        filters: { filters: action.data.filterOptions, activeFilters: state.filters.activeFilters },
      };
      if (state.filters.activeFilters.length > 0) {
        const products = groups.find((group) => group.type === "products");
        // Filters only narrow products: an empty product result clears the results,
        // otherwise only the product group is replaced.
        if (!products || products.items.length === 0) return { ...base, searchResult: [] };
        const others = state.searchResult.filter((group) => group.type !== "products");
        return { ...base, searchResult: [products, ...others] };
      }
      return { ...base, searchResult: groups };
    }
    case "loadMoreRequested":
      return { ...state, loadingMoreData: true, failed: false };
    case "moreLoaded":
      return {
        ...state,
        loadingMoreData: false,
        searchResult: state.searchResult.map((group) =>
          group.type === action.tab
            ? {
                ...group,
                items: [...group.items, ...action.group.results.filter((item) => !group.items.some((old) => old.identifier === item.identifier))],
                itemsLength: action.group.totalResults,
                offset: action.group.offset + action.group.results.length,
                page: group.page + 1,
              }
            : group,
        ),
      };
    case "showMore":
      return {
        ...state,
        searchResult: state.searchResult.map((group) => (group.type === action.tab ? { ...group, page: group.page + 1 } : group)),
      };
    case "requestFailed":
      return {
        ...state,
        failed: true,
        loadingSuggestions: action.kind === "suggestions" ? false : state.loadingSuggestions,
        loadingData: action.kind === "search" ? false : state.loadingData,
        loadingMoreData: action.kind === "more" ? false : state.loadingMoreData,
      };
    case "setActiveTab":
      return state.activeTab === action.tab ? state : { ...state, activeTab: action.tab };
    case "clear":
      return initialSearchState({
        open: state.open,
        itemsPerPage: state.itemsPerPage,
        staticBlocksCount: state.staticBlocksCount,
        minimumChars: state.minimumChars,
        searchRun: state.searchRun,
      });
    case "addFilter":
    case "deleteFilterValue":
    case "setRange": {
      const activeFilters = activeFiltersReducer(state.filters.activeFilters, action);
      if (activeFilters === state.filters.activeFilters) return state;
      return { ...state, filters: { ...state.filters, activeFilters }, searchRun: state.searchRun + 1 };
    }
    case "resetFilter":
    case "resetFilters":
      return {
        ...state,
        activeTab: "products",
        filters: { ...state.filters, activeFilters: activeFiltersReducer(state.filters.activeFilters, action) },
        searchRun: state.searchRun + 1,
      };
    default:
      return state;
  }
}

/** Groups as the all tab shows them: 20 items of the first group, 10 of each other. */
export function allTabGroups(groups: GroupState[]): GroupState[] {
  return groups.filter((group) => group.items.length > 0).map((group, index) => ({ ...group, items: group.items.slice(0, index === 0 ? 20 : 10) }));
}

/** The filters as the API takes them. */
export function filtersParam(filters: ActiveFilter[]): string {
  return JSON.stringify(
    filters
      .filter((filter) => !isRange(filter) || filter.min !== null || filter.max !== null)
      .map((filter): FilterEntry =>
        isRange(filter)
          ? { name: filter.key, type: "products", ...(filter.min !== null ? { min: filter.min } : {}), ...(filter.max !== null ? { max: filter.max } : {}) }
          : { name: filter.key, type: "products", values: filter.values },
      ),
  );
}
