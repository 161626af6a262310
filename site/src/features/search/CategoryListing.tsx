/**
 * The product list of a category page with the search's filter sidebar (issue 18). The
 * static page is the unfiltered list (crawlable, no JavaScript needed); once the page runs,
 * the filter sidebar loads on demand (CategoryFilters) with the counts of the category's
 * products, and filtering shows the API's list in place of the static one, without a
 * reload. The filters live in the URL (filter-url.ts): shareable, the back button works.
 */
import React from "react";
import { navigate } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { hasFilterParams } from "../../../../domain/category-listing";

const CategoryFilters = React.lazy(() => import("./CategoryFilters"));

/** Fired when the list writes its filters into the URL (history.pushState tells nobody). */
const FILTER_EVENT = "category-filters-change";

/**
 * The location's query, following Gatsby's navigation (`fromRouter`), the back button and
 * the list's own writes; `push` writes a query for the current path without a reload or a
 * jump to the top (Gatsby's navigate would scroll), other paths go through Gatsby.
 */
export function useLocationSearch(fromRouter: string): [string, (path: string, query: string) => void] {
  const [search, setSearch] = React.useState(fromRouter);
  React.useEffect(() => setSearch(fromRouter), [fromRouter]);
  React.useEffect(() => {
    const sync = () => setSearch(window.location.search);
    window.addEventListener("popstate", sync);
    window.addEventListener(FILTER_EVENT, sync);
    return () => {
      window.removeEventListener("popstate", sync);
      window.removeEventListener(FILTER_EVENT, sync);
    };
  }, []);
  const push = React.useCallback((path: string, query: string) => {
    if (path !== window.location.pathname) {
      void navigate(`${path}${query}`);
      return;
    }
    window.history.pushState(window.history.state, "", `${path}${query}`);
    window.dispatchEvent(new Event(FILTER_EVENT));
  }, []);
  return [search, push];
}

export interface CategoryListingProps {
  categoryId: string;
  /** the category's sort key of this page (`price-asc`) */
  sort: string;
  /** the first page of this sort order: filtered lists page by query on it */
  basePath: string;
  /** the page's own robots and canonical URL (from its page context) */
  seo: { robots: string; canonical: string };
  /** the unfiltered category's canonical URL: filtered lists name it */
  unfilteredCanonical: string;
  /** the query of the page's location (Gatsby's location.search) */
  search: string;
  /** the static list and its pagination */
  children: React.ReactNode;
}

export function CategoryListing(props: CategoryListingProps) {
  const { t } = useTranslation("search");
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  const [search] = useLocationSearch(props.search);
  const filtered = hasFilterParams(new URLSearchParams(search));
  const placeholder = (
    <>
      {/* The sidebar's column is there from the first paint: nothing moves when it fills. */}
      <div className="filters" data-slot="category-filters" aria-busy="true">
        <p className="search-filter-total muted small">{t("search.filters.title")}</p>
      </div>
      {/* A filtered link shows the static list only until the filtered one is there. */}
      <div className="category-list" aria-busy={filtered} data-testid="category-static-list">
        {props.children}
      </div>
    </>
  );
  return (
    <div className="listing-layout">
      {mounted ? (
        <React.Suspense fallback={placeholder}>
          <CategoryFilters {...props} />
        </React.Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
