/**
 * The search page (/search/, /{lang}/search/ on CH; reachable with the new_search_enabled
 * cookie, which the edge checks): the query from ?q= (the header form) or ?query=, the
 * result tabs and the filter sidebar beside them.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { chatPathFor } from "./SearchOverlay";
import { FilterPanel } from "./FilterPanel";
import { LastSearches } from "./LastSearches";
import { SearchResults } from "./SearchResults";
import { useSearch } from "./useSearch";
import "./search.css";

export function queryFromLocation(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get("q") ?? params.get("query") ?? "").slice(0, 200);
}

export function SearchPage({ searchPagePath }: { searchPagePath: string }) {
  const { t } = useTranslation("search");
  const search = useSearch("page");
  const { state, dispatch, query } = search;

  React.useEffect(() => {
    const initial = queryFromLocation(window.location.search);
    if (initial) dispatch({ type: "setSearchString", value: initial });
  }, [dispatch]);
  React.useEffect(() => {
    if (!query) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get("q") === query) return;
    url.searchParams.set("q", query);
    url.searchParams.delete("query");
    window.history.replaceState(window.history.state, "", url.toString());
  }, [query]);

  const products = state.searchResult.find((group) => group.type === "products");
  const belowMinimum = [...state.searchString.trim()].length < state.minimumChars;
  return (
    <div className="search-page" data-testid="search-page">
      <h1>{t("search.title")}</h1>
      <form role="search" className="search-page-form" action={searchPagePath} method="get" onSubmit={(event) => event.preventDefault()}>
        <label className="visually-hidden" htmlFor="search-page-input">
          {t("search.label")}
        </label>
        <input
          id="search-page-input"
          type="search"
          name="q"
          autoComplete="off"
          placeholder={t("search.placeholder")}
          value={state.searchString}
          data-testid="search-input"
          onChange={(event) => dispatch({ type: "setSearchString", value: event.target.value })}
        />
        {state.searchString && (
          <button type="button" className="button link" onClick={() => dispatch({ type: "clear" })}>
            {t("search.clear")}
          </button>
        )}
      </form>
      {belowMinimum && (
        <LastSearches list={search.lastSearches} onPick={(value) => dispatch({ type: "setSearchString", value })} onForget={() => search.setLastSearches([])} />
      )}
      <div className="search-page-body">
        {!belowMinimum && state.filters.filters.length > 0 && state.activeTab !== "filter" && (
          <div className="search-page-sidebar">
            <FilterPanel {...search.state.filters} total={products?.itemsLength ?? 0} onAction={search.dispatch} />
          </div>
        )}
        <div className="search-page-main">
          <SearchResults search={search} mode="page" chatPath={chatPathFor(searchPagePath)} searchPagePath={searchPagePath} />
        </div>
      </div>
    </div>
  );
}
