/**
 * The filter sidebar of a category page and the filtered or sorted list (loaded on demand by
 * CategoryListing). The URL is the state: an action writes the next filters into it
 * (history.pushState, so the page neither reloads nor jumps), the back button and links
 * (pagination, sort orders) change it too, and the list follows it. Only the default sort
 * order's pages are static (docs/decisions/0054): another order (`?sort=price-asc`) is the
 * API's list too. Filtered and sorted views are not indexed: robots noindex and the canonical
 * of the unfiltered page (the edge also answers such URLs with `X-Robots-Tag: noindex`).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CategoryListingData } from "@domain/category-listing";
import { fetchCategoryListing } from "./category-api";
import { useLocationSearch, type CategoryListingProps } from "./category-location";
import { FilterPanel } from "./FilterPanel";
import { FILTERS_ID } from "./FilterToggle";
import { useCarriedFocus, type FocusCarry } from "./carried-focus";
import { readFilterUrl, writeFilterUrl, type FilterUrlState } from "./filter-url";
import { ResultList } from "./ResultList";
import { activeFiltersReducer, type FilterAction } from "./state";
import { useKeyedAnswer } from "./use-keyed-answer";
import "./search.css";

/**
 * The page's robots and canonical for what it shows: the page's own, or noindex and the
 * unfiltered category while a filtered list shows. The Head export sets the same on load
 * and on Gatsby's navigation; this follows the list's own URL writes.
 */
function useFilteredHead(filtered: boolean, seo: CategoryListingProps["seo"], unfilteredCanonical: string, search: string) {
  React.useEffect(() => {
    const robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (robots) robots.content = filtered ? "noindex,follow" : seo.robots;
    if (link) link.href = filtered ? unfilteredCanonical : seo.canonical;
  }, [filtered, seo.robots, seo.canonical, unfilteredCanonical, search]);
}

interface CategoryFiltersProps extends Omit<CategoryListingProps, "children"> {
  /** the sidebar unfolded on a narrow screen (FilterToggle) */
  open: boolean;
  /** the focus handed on from the placeholder this sidebar replaces */
  focusCarry: FocusCarry;
  /** the filtered list's total, or null while the static list shows */
  onTotal: (total: number | null) => void;
  /** whether this shows its own list (filters or another sort order) instead of the static one (CategoryListing) */
  onFiltered: (filtered: boolean) => void;
}

export function CategoryFilters({
  categoryId,
  sort,
  basePath,
  seo,
  unfilteredCanonical,
  search: routerSearch,
  open,
  focusCarry,
  onTotal,
  onFiltered,
}: CategoryFiltersProps) {
  const { t } = useTranslation();
  const [search, push] = useLocationSearch(routerSearch, true);
  const state = React.useMemo(() => readFilterUrl(search), [search]);
  // The URL's sort order, when it is not the static page's own.
  const otherSort = state.sort !== undefined && state.sort !== sort ? state.sort : undefined;
  const listSort = otherSort ?? sort;
  const filtered = state.filters.length > 0 || otherSort !== undefined;
  const key = JSON.stringify([categoryId, listSort, state.filters, filtered ? state.page : 1]);
  const { data, busy, failed } = useKeyedAnswer<CategoryListingData>(key, (signal) =>
    fetchCategoryListing({ categoryId, sort: listSort, filters: state.filters, page: state.page }, signal),
  );
  useFilteredHead(filtered, seo, unfilteredCanonical, search);
  const sidebar = useCarriedFocus<HTMLDivElement>(focusCarry);

  // Filtered and sorted lists page by query on the category's first page.
  const go = (next: FilterUrlState) => push(basePath, writeFilterUrl(next, search));
  const onAction = (action: FilterAction) => go({ filters: activeFiltersReducer(state.filters, action), page: 1, sort: otherSort });
  const current = data && !busy ? data : null;
  const shownTotal = filtered && data ? data.totalResults : null;
  React.useEffect(() => onTotal(shownTotal), [shownTotal, onTotal]);
  React.useEffect(() => onFiltered(filtered), [filtered, onFiltered]);

  return (
    <>
      <div ref={sidebar} className={open ? "filters open" : "filters"} id={FILTERS_ID} tabIndex={-1} data-slot="category-filters" aria-busy={busy}>
        {data ? (
          <FilterPanel filters={data.filterOptions} activeFilters={state.filters} total={data.totalResults} onAction={onAction} />
        ) : (
          <p className="search-filter-total muted small">{t("search.filters.title")}</p>
        )}
      </div>
      {filtered ? (
        <ResultList
          testId="category-filtered-list"
          busy={busy}
          failed={failed}
          noMatch={current && current.products.length === 0 ? t("category.noMatch") : null}
          onResetFilters={() => onAction({ type: "resetFilters" })}
          products={(current ?? data)?.products ?? []}
          pages={
            current
              ? {
                  page: current.page,
                  links: Array.from(
                    { length: current.pageCount },
                    (_, index) => `${basePath}${writeFilterUrl({ filters: state.filters, page: index + 1, sort: otherSort }, search)}`,
                  ),
                }
              : null
          }
        />
      ) : null}
    </>
  );
}
