/**
 * What a category page's list shares with its lazily loaded filters (CategoryListing,
 * CategoryFilters): the list's props and the location's query.
 */
import React from "react";
import { navigate } from "gatsby";

/** Fired when the list writes its filters into the URL (history.pushState tells nobody). */
const FILTER_EVENT = "category-filters-change";

/**
 * The location's query, following Gatsby's navigation (`fromRouter`), the back button and
 * the list's own writes (`afterHydration`: for components mounted after the page hydrated);
 * `push` writes a query for the current path without a reload or a
 * jump to the top (Gatsby's navigate would scroll), other paths go through Gatsby.
 */
export function useLocationSearch(fromRouter: string, afterHydration = false): [string, (path: string, query: string) => void] {
  // The static HTML is the unfiltered page: what hydrates starts from it (no query) and
  // takes the query after mounting; what mounts later starts from the location.
  const [search, setSearch] = React.useState(() => (afterHydration && typeof window !== "undefined" ? window.location.search : ""));
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
  /** the static page's sort key, the category's default order (`position-asc`); `?sort=` names another */
  sort: string;
  /** the category's first page: filtered and sorted lists page by query on it */
  basePath: string;
  /** the page's own robots and canonical URL (from its page context) */
  seo: { robots: string; canonical: string };
  /** the unfiltered category's canonical URL: filtered lists name it */
  unfilteredCanonical: string;
  /** the query of the page's location (Gatsby's location.search) */
  search: string;
  /** the static list and its pagination */
  children: React.ReactNode;
  /** the number of products the static list has (all its pages) */
  totalCount: number;
  /** the list's heading and sort orders, given the count of what the list shows and the filter toggle */
  toolbar: (count: number, filterToggle: React.ReactNode) => React.ReactNode;
  /** clicks in the list (the tag manager's select_item) */
  onClickCapture?: React.MouseEventHandler<HTMLDivElement>;
}
