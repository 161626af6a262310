/**
 * The search results page's filters, sort orders and filtered list. The edge writes the
 * results of `?q=` into the page's slot (worker/edge/search-results.ts: works without
 * JavaScript); once the page runs, this asks the same search for its facets and shows the
 * category pages' filter sidebar (FilterPanel, loaded on demand) and their sort orders.
 * Filters and order live in the URL beside `q` (filter-url.ts, as on category pages):
 * choosing one writes it without a reload and shows the API's list in place of the edge's.
 * The slot stays mounted in the same place (React never rewrites what the edge wrote).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { SEARCH_SORTS } from "@domain/search-api";
import { CATEGORY_PAGE_SIZE } from "@domain/category-listing";
import { fetchSearch } from "./api";
import { useLocationSearch } from "./category-location";
import { FilterToggle, FILTERS_ID } from "./FilterToggle";
import { readFilterUrl, writeFilterUrl, type FilterUrlState } from "./filter-url";
import { ResultList } from "./ResultList";
import { activeFiltersReducer, type FilterAction } from "./state";
import type { ProductResult, SearchData } from "./types";
import { useKeyedAnswer } from "./use-keyed-answer";

const FilterPanel = React.lazy(() => import("./FilterPanel").then((module) => ({ default: module.FilterPanel })));

const RELEVANCE = SEARCH_SORTS[0];

export function SearchResultsListing({ pathname, search: routerSearch, slot }: { pathname: string; search: string; slot: React.ReactNode }) {
  const { t } = useTranslation();
  const [search, push] = useLocationSearch(routerSearch);
  const query = new URLSearchParams(search).get("q")?.trim() ?? "";
  const state = React.useMemo(() => readFilterUrl(search), [search]);
  const sort = state.sort && state.sort !== RELEVANCE && (SEARCH_SORTS as readonly string[]).includes(state.sort) ? state.sort : undefined;
  // The edge's list is the unfiltered one by relevance; anything else is this list.
  const own = state.filters.length > 0 || sort !== undefined;
  const page = own ? state.page : 1;
  const key = JSON.stringify([query, state.filters, sort, page]);
  const [open, setOpen] = React.useState(false);
  // Nothing is asked before the page knows its query (the static render has none).
  const { data, busy, failed } = useKeyedAnswer<SearchData | null>(key, async (signal) =>
    query === ""
      ? null
      : (
          await fetchSearch(
            { kind: "search", query, filters: state.filters, sort, offset: (page - 1) * CATEGORY_PAGE_SIZE, limit: CATEGORY_PAGE_SIZE, log: false },
            signal,
          )
        ).data,
  );

  const go = (next: FilterUrlState) => push(pathname, writeFilterUrl(next, search));
  const onAction = (action: FilterAction) => go({ filters: activeFiltersReducer(state.filters, action), page: 1, sort });
  const products = data?.searchResults.find((group) => group.type === "products");
  const total = products?.totalResults ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE));
  const activeSort = sort ?? RELEVANCE;

  return (
    <div>
      {query !== "" ? (
        <div className="toolbar">
          {own ? <h2 data-testid="search-results-filtered-count">{t("category.productCount", { count: total })}</h2> : <span />}
          <FilterToggle open={open} onToggle={setOpen} activeCount={state.filters.length} />
          <nav aria-label={t("category.sorting")} className="sorting">
            <span className="muted small">{t("category.sortBy")}</span>
            <ul>
              {SEARCH_SORTS.map((option) => (
                <li key={option}>
                  {option === activeSort ? (
                    <span aria-current="true" className="chip active">
                      {t(`sort.${option}`)}
                    </span>
                  ) : (
                    <a
                      href={`${pathname}${writeFilterUrl({ filters: state.filters, page: 1, sort: option === RELEVANCE ? undefined : option }, search)}`}
                      className="chip"
                      rel="nofollow"
                      data-testid={`search-sort-${option}`}
                      onClick={(event) => {
                        event.preventDefault();
                        go({ filters: state.filters, page: 1, sort: option === RELEVANCE ? undefined : option });
                      }}
                    >
                      {t(`sort.${option}`)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
      <div className="listing-layout">
        <div className={open ? "filters open" : "filters"} id={FILTERS_ID} tabIndex={-1} data-slot="search-results-filters" aria-busy={busy}>
          {data && data.filterOptions.length > 0 ? (
            <React.Suspense fallback={null}>
              <FilterPanel filters={data.filterOptions} activeFilters={state.filters} total={total} onAction={onAction} />
            </React.Suspense>
          ) : (
            <p className="search-filter-total muted small">{t("search.filters.title")}</p>
          )}
        </div>
        <div className="search-results-main">
          <div hidden={own}>{slot}</div>
          {own ? (
            <ResultList
              testId="search-results-filtered-list"
              busy={busy}
              failed={failed}
              noMatch={!busy && total === 0 ? t("search.noResults", { query }) : null}
              onResetFilters={() => onAction({ type: "resetFilters" })}
              products={(products?.results ?? []) as ProductResult[]}
              pages={
                busy
                  ? null
                  : {
                      page,
                      links: Array.from(
                        { length: pageCount },
                        (_, index) => `${pathname}${writeFilterUrl({ filters: state.filters, page: index + 1, sort }, search)}`,
                      ),
                    }
              }
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
