import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SearchForm } from "./SearchForm";
import { newSearchEnabled, SearchResults } from "./SearchResults";
import { initialSearchState, searchReducer } from "./state";
import { chatPathFor } from "./SearchOverlay";
import { queryFromLocation } from "./SearchPage";
import { mayLogQueries, searchPathOf } from "./api";
import { rangeText } from "./FilterPanel";
import type { UseSearch } from "./useSearch";

jest.mock("./search.css", () => ({}));
jest.mock("gatsby-plugin-react-i18next", () => ({
  useTranslation: () => ({ t: (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key) }),
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
});

test("a range filter's values read as the page's language writes numbers", () => {
  expect(rangeText(6.5, 12, "mm", "de")).toBe("6,5 – 12 mm");
  expect(rangeText(6.5, 12, "mm", "fr")).toBe("6,5 – 12 mm");
  expect(rangeText(37.7, 1200, "cm", "de")).toBe("37,7 – 1.200 cm");
  expect(rangeText(6.5, 12, "mm", "en")).toBe("6.5 – 12 mm");
  expect(rangeText(1, 2, null, "it")).toBe("1 – 2");
});
