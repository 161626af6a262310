import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SearchForm } from "./SearchForm";
import { newSearchEnabled, SearchResults } from "./SearchResults";
import { initialSearchState, searchReducer } from "./state";
import { chatPathFor } from "./SearchOverlay";
import { queryFromLocation } from "./SearchPage";
import { mayLogQueries, searchPathOf } from "./api";
import { formatBound } from "./filter-labels";
import type { UseSearch } from "./useSearch";
import { FilterPanel } from "./FilterPanel";
import { FilterToggle } from "./FilterToggle";
import { ResultList } from "./ResultList";
import type { FilterOption } from "./types";

jest.mock("./search.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({
    t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key),
    i18n: { language: "de" },
  }),
}));

const search = (state = initialSearchState()): UseSearch => ({
  state,
  dispatch: () => undefined,
  query: state.searchString,
  ready: true,
  lastSearches: [],
  setLastSearches: () => undefined,
  loadMore: () => undefined,
  corrected: false,
});

test("the header form works without JavaScript: GET to the search page with q", () => {
  const html = renderToStaticMarkup(<SearchForm action="/fr/search/" />);
  expect(html).toContain('action="/fr/search/"');
  expect(html).toContain('method="get"');
  expect(html).toContain('name="q"');
  expect(html).not.toContain("search-overlay");
});

test("under the minimum: the message with the current count", () => {
  const html = renderToStaticMarkup(
    <SearchResults search={search(initialSearchState({ searchString: "ei" }))} mode="overlay" chatPath="/chat.html" searchPagePath="/search/" />,
  );
  expect(html).toContain("search.minimumChars {&quot;minimumChars&quot;:3}");
  expect(html).toContain("search.characterCount {&quot;count&quot;:2,&quot;minimumChars&quot;:3}");
});

test("no results: the hint points to the chat", () => {
  const state = searchReducer(initialSearchState({ searchString: "xqzwv" }), {
    type: "suggestionsLoaded",
    data: {
      query: "xqzwv",
      searchResults: [{ type: "products", name: "products", results: [], totalResults: 0, offset: 0 }],
      filterOptions: [],
      activeFilterOptions: [],
    },
  });
  const html = renderToStaticMarkup(<SearchResults search={search(state)} mode="overlay" chatPath="/fr/chat.html" searchPagePath="/fr/search/" />);
  expect(html).toContain('data-testid="search-no-results"');
  expect(html).toContain('href="/fr/chat.html"');
});

test("a loading state while a call runs", () => {
  const state = searchReducer(initialSearchState({ searchString: "eiche" }), { type: "suggestionsRequested" });
  const html = renderToStaticMarkup(<SearchResults search={search(state)} mode="overlay" chatPath="/chat.html" searchPagePath="/search/" />);
  expect(html).toContain('data-testid="search-loading"');
  expect(html).toContain('aria-busy="true"');
});

test("the filter sidebar: a unit once, values and active chips by their display names, bounds in the page's format", () => {
  const filters: FilterOption[] = [
    { key: "price", name: "price", type: "range", unit: "EUR", min: 5, max: 2000, minValue: 5, maxValue: 1200, values: [] },
    {
      key: "manufacturer",
      name: "manufacturer",
      type: "collection",
      unit: null,
      min: null,
      max: null,
      minValue: null,
      maxValue: null,
      values: [{ key: "chene-fils", name: "Chêne & Fils", count: 3 }],
    },
    {
      key: "underfloor_heating",
      name: "Fußbodenheizung",
      type: "collection",
      unit: null,
      min: null,
      max: null,
      minValue: null,
      maxValue: null,
      values: [{ key: "true", name: "Ja", count: 2 }],
    },
    { key: "width_mm", name: "Breite", type: "range", unit: "mm", min: 120.5, max: 1240, minValue: 120.5, maxValue: 1240, values: [] },
  ];
  const html = renderToStaticMarkup(
    <FilterPanel
      filters={filters}
      activeFilters={[
        { key: "manufacturer", values: ["chene-fils"] },
        { key: "underfloor_heating", values: ["true"] },
        { key: "price", min: null, max: 1200 },
      ]}
      total={2}
      onAction={() => undefined}
    />,
  );
  expect(html).toContain("search.filters.manufacturer: Chêne &amp; Fils");
  expect(html).not.toContain("chene-fils<");
  expect(html).toContain("Fußbodenheizung: Ja");
  expect(html).toContain("search.filters.price: … – 1.200,00 €");
  expect(html).toContain("Breite (mm)");
  expect(html).not.toContain("(mm) (mm)");
  expect(html).toContain("120,5 mm – 1.240 mm");
  expect(html).not.toMatch(/>(true|false)</);
});

test("the filter toggle: closed, open, with the number of active filters", () => {
  const closed = renderToStaticMarkup(<FilterToggle open={false} onToggle={() => undefined} activeCount={0} />);
  expect(closed).toContain('aria-expanded="false"');
  expect(closed).toContain('aria-controls="list-filters"');
  expect(closed).toContain(">search.filters.title<");
  const open = renderToStaticMarkup(<FilterToggle open onToggle={() => undefined} activeCount={2} />);
  expect(open).toContain('aria-expanded="true"');
  expect(open).toContain("search.filters.toggleActive {&quot;count&quot;:2}");
});

test("a result list: products with their brand and pages, a failed call, nothing matching", () => {
  const item = {
    identifier: "KV-1",
    projectId: null,
    sku: "KV-1",
    name: "Klick-Vinyl Eiche grau 5 mm",
    manufacturer: "Aquastep Flooring",
    price: null,
    unitPrice: null,
    image: null,
    link: "/klick-vinyl-kv-1.html",
    deliveryTime: { min: 2, max: 4, express: false },
    sellingOutSoon: false,
    inStock: true,
  };
  const common = { onResetFilters: () => undefined, testId: "list", busy: false, failed: false, noMatch: null };
  const listed = renderToStaticMarkup(<ResultList {...common} products={[item]} pages={{ page: 1, links: ["/a.html", "/a.html?page=2"] }} />);
  expect(listed).toContain('<span class="search-product-brand">Aquastep Flooring</span>');
  expect(listed).toContain("search.sku {&quot;sku&quot;:&quot;KV-1&quot;}");
  expect(listed).toContain('class="pagination"');
  const failed = renderToStaticMarkup(<ResultList {...common} failed products={[item]} pages={null} />);
  expect(failed).toContain('role="alert"');
  expect(failed).not.toContain("search-product-brand");
  const none = renderToStaticMarkup(<ResultList {...common} noMatch="Nichts passt." products={[]} pages={null} />);
  expect(none).toContain("Nichts passt.");
  expect(none).toContain("search.filters.resetAll");
});

test("helpers: chat path, query from the address, consent, cookie gate, call paths", () => {
  expect(chatPathFor("/search/")).toBe("/chat.html");
  expect(chatPathFor("/it/search/")).toBe("/it/chat.html");
  expect(queryFromLocation("?q=eiche")).toBe("eiche");
  expect(queryFromLocation("?query=vinyl")).toBe("vinyl");
  expect(mayLogQueries("bh_consent=all")).toBe(true);
  expect(mayLogQueries("bh_consent=necessary")).toBe(false);
  expect(newSearchEnabled("a=1; new_search_enabled=1")).toBe(true);
  expect(newSearchEnabled("a=1")).toBe(false);
  expect(searchPathOf({ kind: "suggestions", query: "eic" }, false)).toBe("/apiv2/search/suggestions?query=eic");
  expect(searchPathOf({ kind: "search", query: "eiche", offset: 50, limit: 50, filters: [{ key: "price", min: 1, max: 9 }] }, false)).toBe(
    "/apiv2/search?query=eiche&offset=50&limit=50&filters=%5B%7B%22name%22%3A%22price%22%2C%22type%22%3A%22products%22%2C%22min%22%3A1%2C%22max%22%3A9%7D%5D&log=false",
  );
  // The results page's own calls: sorted, never logged even with consent.
  expect(searchPathOf({ kind: "search", query: "eiche", limit: 24, sort: "price-asc", log: false }, true)).toBe(
    "/apiv2/search?query=eiche&limit=24&sort=price-asc&log=false",
  );
});

test("a range filter's bounds read as the page's language writes numbers", () => {
  const mm = { key: "thickness_mm", unit: "mm" };
  expect(formatBound(6.5, mm, "EUR", "de")).toBe("6,5\u00a0mm");
  expect(formatBound(6.5, mm, "CHF", "fr")).toBe("6,5\u00a0mm");
  expect(formatBound(1200, { key: "width_cm", unit: "cm" }, "EUR", "de")).toBe("1.200\u00a0cm");
  expect(formatBound(6.5, mm, "EUR", "en")).toBe("6.5\u00a0mm");
  expect(formatBound(1, { key: "layers", unit: null }, "EUR", "it")).toBe("1");
});
