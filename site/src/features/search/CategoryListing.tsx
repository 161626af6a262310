/**
 * The product list of a category page with the search's filter sidebar. The
 * static page is the unfiltered list (crawlable, no JavaScript needed); once the page runs,
 * the filter sidebar loads when the browser is idle (CategoryFilters) with the counts of the
 * category's products, and filtering shows the API's list in place of the static one, without a
 * reload. The static list is rendered here, outside the sidebar's Suspense boundary: the
 * sidebar's arrival never rebuilds the list's elements (its images would paint again). The filters live in the URL (filter-url.ts): shareable, the back button works.
 * The list's heading counts what the list shows: the filtered total while a filter is on.
 * On a narrow screen the sidebar is folded behind a "Filter" button that names the number
 * of active filters (FilterToggle); on a wide one it is always open beside the list.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { hasFilterParams } from "@domain/category-listing";
import { useLocationSearch, type CategoryListingProps } from "./category-location";
import { FilterToggle, FILTERS_ID } from "./FilterToggle";
import { readFilterUrl } from "./filter-url";
import { useCarriedFocus, type FocusCarry } from "./carried-focus";
import { lazyOnIdle } from "@site/lib/lazy";

export type { CategoryListingProps };

// The sidebar's code, its API read and the filtered list load when the browser is idle or at the first interaction (lib/lazy.ts).
const CategoryFilters = lazyOnIdle(() => import("./CategoryFilters").then((module) => module.CategoryFilters));

/** The sidebar's column while the filters load: there from the first paint, so nothing moves when it fills. */
function FiltersPlaceholder({ open, focusCarry }: { open: boolean; focusCarry: FocusCarry }) {
  const { t } = useTranslation("search");
  const ref = useCarriedFocus<HTMLDivElement>(focusCarry);
  return (
    <div ref={ref} className={open ? "filters open" : "filters"} id={FILTERS_ID} tabIndex={-1} data-slot="category-filters" aria-busy="true">
      <p className="search-filter-total muted small">{t("search.filters.title")}</p>
    </div>
  );
}

export function CategoryListing(props: CategoryListingProps) {
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  const [search] = useLocationSearch(props.search);
  const [open, setOpen] = React.useState(false);
  const focusCarry = React.useRef(false);
  // The filtered list's total, once CategoryFilters has it; null while the static list shows.
  const [filteredTotal, setFilteredTotal] = React.useState<number | null>(null);
  // Whether CategoryFilters shows its own list (filters or another sort order); before its code is there, the URL's filters.
  const [filtersList, setFiltersList] = React.useState<boolean | null>(null);
  const filtered = filtersList ?? hasFilterParams(new URLSearchParams(search));
  const count = filtered && filteredTotal !== null ? filteredTotal : props.totalCount;
  const toggle = <FilterToggle open={open} onToggle={setOpen} activeCount={readFilterUrl(search).filters.length} />;
  // The sidebar's column is there from the first paint: nothing moves when it fills.
  const sidebar = <FiltersPlaceholder open={open} focusCarry={focusCarry} />;
  return (
    <div onClickCapture={props.onClickCapture}>
      {props.toolbar(count, toggle)}
      <div className="listing-layout">
        {mounted ? (
          <React.Suspense fallback={sidebar}>
            <CategoryFilters {...props} open={open} focusCarry={focusCarry} onTotal={setFilteredTotal} onFiltered={setFiltersList} />
          </React.Suspense>
        ) : (
          sidebar
        )}
        {/* The static list stays the same elements while the sidebar loads (never rendered again), hidden while a filtered list shows; a filtered link shows it busy until then. */}
        <div
          className="category-list"
          aria-busy={filtered && filtersList === null}
          hidden={filtered && filtersList !== null}
          data-testid="category-static-list"
        >
          {props.children}
        </div>
      </div>
    </div>
  );
}
