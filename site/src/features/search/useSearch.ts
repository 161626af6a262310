/**
 * The search state with its calls: suggestions while typing (overlay), full results with
 * filter options (search page, the overlay's tabs and filters), "load more" per tab.
 * Calls go through swr (deduplicated, cached per query); the reducer keeps the search's rules.
 */
import React from "react";
import useSWR from "swr";
import { fetchSearch, searchPathOf } from "./api";
import { readLastSearches, rememberSearch } from "./last-searches";
import { hasMinimumChars, initialSearchState, itemsPerPageOf, searchReducer, type GroupState, type SearchState } from "./state";
import type { GroupType } from "./types";

export const DEBOUNCE_MS = 250;
/** Results per call (page limit 50). */
export const PAGE_LIMIT = 50;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export interface UseSearch {
  state: SearchState;
  dispatch: React.Dispatch<Parameters<typeof searchReducer>[1]>;
  /** the query the shown results belong to */
  query: string;
  ready: boolean;
  lastSearches: string[];
  setLastSearches: (list: string[]) => void;
  /** shows another page of a tab, fetching the next results when the loaded ones are used up */
  loadMore: (tab: GroupType) => void;
  corrected: boolean;
}

const swrOptions = { revalidateOnFocus: false, revalidateOnReconnect: false, keepPreviousData: true, dedupingInterval: 60_000 };

export function useSearch(mode: "overlay" | "page", initialQuery = ""): UseSearch {
  const [state, dispatch] = React.useReducer(searchReducer, undefined, () => initialSearchState({ searchString: initialQuery, open: mode === "page" }));
  const [lastSearches, setLastSearches] = React.useState<string[]>([]);
  React.useEffect(() => setLastSearches(readLastSearches()), []);

  const query = useDebounced(state.searchString.trim(), DEBOUNCE_MS);
  const ready = hasMinimumChars({ searchString: query, minimumChars: state.minimumChars });
  const filters = state.filters.activeFilters;

  // Suggestions: the overlay's all tab.
  const suggestKey =
    mode === "overlay" && ready && state.activeTab === "all" && filters.length === 0 ? searchPathOf({ kind: "suggestions", query }, false) : null;
  const suggestions = useSWR(suggestKey, () => fetchSearch({ kind: "suggestions", query }), swrOptions);

  // Full results: the search page, and the overlay's tabs and filters.
  const wantsResults = mode === "page" || state.activeTab !== "all" || filters.length > 0;
  const resultKey = wantsResults && ready ? `${searchPathOf({ kind: "search", query, filters, limit: PAGE_LIMIT }, false)}#${state.searchRun}` : null;
  const results = useSWR(resultKey, () => fetchSearch({ kind: "search", query, filters, limit: PAGE_LIMIT }), swrOptions);

  React.useEffect(() => {
    if (suggestKey) dispatch({ type: "suggestionsRequested" });
  }, [suggestKey]);
  React.useEffect(() => {
    if (!suggestions.data) return;
    if (suggestions.data.meta.minimumSearchCharacters) dispatch({ type: "setMinimumChars", value: suggestions.data.meta.minimumSearchCharacters });
    dispatch({ type: "suggestionsLoaded", data: suggestions.data.data });
  }, [suggestions.data]);
  React.useEffect(() => {
    if (suggestions.error) dispatch({ type: "requestFailed", kind: "suggestions" });
  }, [suggestions.error]);

  React.useEffect(() => {
    if (resultKey) dispatch({ type: "searchRequested" });
  }, [resultKey]);
  React.useEffect(() => {
    if (!results.data) return;
    if (results.data.meta.minimumSearchCharacters) dispatch({ type: "setMinimumChars", value: results.data.meta.minimumSearchCharacters });
    dispatch({ type: "searchLoaded", data: results.data.data });
    const products = results.data.data.searchResults.find((group) => group.type === "products");
    if (products && products.totalResults > 0) setLastSearches(rememberSearch(results.data.data.query));
  }, [results.data]);
  React.useEffect(() => {
    if (results.error) dispatch({ type: "requestFailed", kind: "search" });
  }, [results.error]);

  const stateRef = React.useRef(state);
  stateRef.current = state;
  const loadMore = React.useCallback(
    (tab: GroupType) => {
      const current = stateRef.current;
      const group: GroupState | undefined = current.searchResult.find((g) => g.type === tab);
      if (!group || current.loadingMoreData) return;
      const perPage = itemsPerPageOf(current, tab);
      const wanted = perPage * (group.page + 1);
      if (group.items.length >= wanted || group.items.length >= group.itemsLength) {
        dispatch({ type: "showMore", tab });
        return;
      }
      // Loading more needs at least 3 characters.
      if (!hasMinimumChars({ searchString: query, minimumChars: Math.max(3, current.minimumChars) })) return;
      dispatch({ type: "loadMoreRequested" });
      fetchSearch({ kind: "search", query, filters: current.filters.activeFilters, offset: group.offset, limit: PAGE_LIMIT })
        .then((response) => {
          const more = response.data.searchResults.find((g) => g.type === tab);
          if (more) dispatch({ type: "moreLoaded", tab, group: more });
          else dispatch({ type: "requestFailed", kind: "more" });
        })
        .catch(() => dispatch({ type: "requestFailed", kind: "more" }));
    },
    [query],
  );

  const corrected = Object.keys((results.data?.meta as { corrections?: Record<string, string[]> } | undefined)?.corrections ?? {}).length > 0;
  return { state, dispatch, query, ready, lastSearches, setLastSearches, loadMore, corrected };
}
