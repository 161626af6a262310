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
import { Pagination } from "../../components/Pagination";
import type { CategoryListingData } from "../../../../domain/category-listing";
import { fetchCategoryListing } from "./category-api";
import { useLocationSearch, type CategoryListingProps } from "./category-location";
import { FilterPanel } from "./FilterPanel";
import { FILTERS_ID } from "./FilterToggle";
import { readFilterUrl, writeFilterUrl, type FilterUrlState } from "./filter-url";
import { ProductItem } from "./ProductItem";
import { activeFiltersReducer, type FilterAction } from "./state";
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

interface CategoryFiltersProps extends CategoryListingProps {
  /** the sidebar unfolded on a narrow screen (FilterToggle) */
  open: boolean;
  /** the filtered list's total, or null while the static list shows */
  onTotal: (total: number | null) => void;
}

export default function CategoryFilters({
  categoryId,
  sort,
  basePath,
  seo,
  unfilteredCanonical,
  search: routerSearch,
  children,
  open,
  onTotal,
}: CategoryFiltersProps) {
  const { t } = useTranslation();
  const [search, push] = useLocationSearch(routerSearch, true);
  const state = React.useMemo(() => readFilterUrl(search), [search]);
  // The URL's sort order, when it is not the static page's own.
  const otherSort = state.sort !== undefined && state.sort !== sort ? state.sort : undefined;
  const listSort = otherSort ?? sort;
  const filtered = state.filters.length > 0 || otherSort !== undefined;
  const key = JSON.stringify([categoryId, listSort, state.filters, filtered ? state.page : 1]);
  const [answer, setAnswer] = React.useState<{ key: string; data: CategoryListingData | null; failed: boolean } | null>(null);
  useFilteredHead(filtered, seo, unfilteredCanonical, search);

  React.useEffect(() => {
    const controller = new AbortController();
    fetchCategoryListing({ categoryId, sort: listSort, filters: state.filters, page: state.page }, controller.signal)
      .then((data) => setAnswer({ key, data, failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer((previous) => ({ key, data: previous?.data ?? null, failed: true }));
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for categoryId, the sort order and state
  }, [key]);

  // Filtered and sorted lists page by query on the category's first page.
  const go = (next: FilterUrlState) => push(basePath, writeFilterUrl(next, search));
  const onAction = (action: FilterAction) => go({ filters: activeFiltersReducer(state.filters, action), page: 1, sort: otherSort });
  const data = answer?.data ?? null;
  const busy = answer?.key !== key;
  const current = data && !busy ? data : null;
  const shownTotal = filtered && data ? data.totalResults : null;
  React.useEffect(() => onTotal(shownTotal), [shownTotal, onTotal]);

  return (
    <>
      <div className={open ? "filters open" : "filters"} id={FILTERS_ID} tabIndex={-1} data-slot="category-filters" aria-busy={busy}>
        {data ? (
          <FilterPanel filters={data.filterOptions} activeFilters={state.filters} total={data.totalResults} onAction={onAction} />
        ) : (
          <p className="search-filter-total muted small">{t("search:search.filters.title")}</p>
        )}
      </div>
      {!filtered ? (
        <div className="category-list" data-testid="category-static-list">
          {children}
        </div>
      ) : (
        <div className="category-list" aria-busy={busy} aria-live="polite" data-testid="category-filtered-list">
          {answer?.failed && answer.key === key ? (
            <p role="alert">{t("category.filterFailed")}</p>
          ) : current && current.products.length === 0 ? (
            <div role="status">
              <p>{t("category.noMatch")}</p>
              <button type="button" className="button" onClick={() => onAction({ type: "resetFilters" })}>
                {t("search:search.filters.resetAll")}
              </button>
            </div>
          ) : (
            <>
              <ul className="search-products">
                {(current ?? data)?.products.map((item) => (
                  <ProductItem key={item.sku} item={item} />
                ))}
              </ul>
              {current ? (
                <Pagination
                  page={current.page}
                  pageLinks={Array.from(
                    { length: current.pageCount },
                    (_, index) => `${basePath}${writeFilterUrl({ filters: state.filters, page: index + 1, sort: otherSort }, search)}`,
                  )}
                />
              ) : null}
            </>
          )}
        </div>
      )}
    </>
  );
}
