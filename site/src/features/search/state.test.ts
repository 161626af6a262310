import { allTabGroups, filtersParam, initialSearchState, itemsPerPageOf, searchReducer, toGroupState, type SearchState } from "./state";
import type { ResultGroup, SearchData } from "./types";

const product = (sku: string) => ({
  identifier: sku,
  projectId: null,
  sku,
  name: sku,
  manufacturer: null,
  price: null,
  unitPrice: null,
  image: null,
  link: `/${sku}.html`,
  deliveryTime: { min: 2, max: 4, express: false },
  sellingOutSoon: false,
  inStock: true,
});
const info = (id: string) => ({ identifier: id, title: id, text: "", link: `/${id}.html`, url: null });

const group = (type: ResultGroup["type"], ids: string[], total = ids.length, offset = 0): ResultGroup => ({
  type,
  name: type,
  offset,
  totalResults: total,
  results: type === "products" || type === "brand" ? ids.map(product) : ids.map(info),
});

const data = (groups: ResultGroup[], filterOptions: SearchData["filterOptions"] = []): SearchData => ({
  query: "eiche",
  searchResults: groups,
  filterOptions,
  activeFilterOptions: [],
});

const reduce = (state: SearchState, ...actions: Parameters<typeof searchReducer>[1][]) => actions.reduce(searchReducer, state);

describe("defaults", () => {
  it("starts closed on the all tab with 12 items per page and one static block", () => {
    expect(initialSearchState()).toMatchObject({
      open: false,
      lastSearchVisible: false,
      loadingData: false,
      loadingMoreData: false,
      loadingSuggestions: false,
      searchString: "",
      searchResult: [],
      searchSuggestions: [],
      activeTab: "all",
      staticBlocksCount: 1,
      itemsPerPage: 12,
      filters: { filters: [], activeFilters: [] },
    });
  });

  it("the info tab shows items per page minus the static blocks", () => {
    expect(itemsPerPageOf(initialSearchState(), "products")).toBe(12);
    expect(itemsPerPageOf(initialSearchState(), "infos")).toBe(11);
    expect(itemsPerPageOf(initialSearchState({ staticBlocksCount: 2 }), "infos")).toBe(10);
  });
});

describe("typing", () => {
  it("below the minimum with results: the results stay", () => {
    const withResults = reduce(
      initialSearchState(),
      { type: "setSearchString", value: "eiche" },
      { type: "searchLoaded", data: data([group("products", ["A"])]) },
    );
    const next = searchReducer(withResults, { type: "setSearchString", value: "ei" });
    expect(next.searchString).toBe("ei");
    expect(next.searchResult).toBe(withResults.searchResult);
  });

  it("below the minimum without results: everything is cleared", () => {
    const loading = reduce(initialSearchState(), { type: "setSearchString", value: "eic" }, { type: "suggestionsRequested" });
    const next = searchReducer(loading, { type: "setSearchString", value: "ei" });
    expect(next).toMatchObject({ searchString: "ei", searchResult: [], searchSuggestions: [], loadingSuggestions: false });
  });

  it("opening shows the last searches while the query is below the minimum", () => {
    expect(searchReducer(initialSearchState(), { type: "open" })).toMatchObject({ open: true, lastSearchVisible: true });
    expect(searchReducer(initialSearchState({ searchString: "eiche" }), { type: "open" })).toMatchObject({ open: true, lastSearchVisible: false });
    expect(searchReducer(initialSearchState({ open: true, lastSearchVisible: true }), { type: "close" })).toMatchObject({
      open: false,
      lastSearchVisible: false,
    });
  });

  it("takes the minimum from the environment", () => {
    const state = reduce(initialSearchState(), { type: "setMinimumChars", value: 4 }, { type: "setSearchString", value: "eic" });
    expect(state.minimumChars).toBe(4);
    expect(searchReducer(state, { type: "setMinimumChars", value: 0 }).minimumChars).toBe(3);
  });
});

describe("loading flags", () => {
  it("are set during each call and cleared afterwards", () => {
    let state = searchReducer(initialSearchState({ lastSearchVisible: true }), { type: "suggestionsRequested" });
    expect(state.loadingSuggestions).toBe(true);
    state = searchReducer(state, { type: "suggestionsLoaded", data: data([group("products", ["A"])]) });
    expect(state).toMatchObject({ loadingSuggestions: false, lastSearchVisible: false });
    expect(state.searchSuggestions[0]).toMatchObject({ type: "products", itemsLength: 1, page: 1, offset: 1, layout: "grid" });

    state = searchReducer({ ...state, lastSearchVisible: true }, { type: "searchRequested" });
    expect(state.loadingData).toBe(true);
    state = searchReducer(state, { type: "searchLoaded", data: data([group("products", ["A"])]) });
    expect(state).toMatchObject({ loadingData: false, lastSearchVisible: false });

    state = searchReducer(state, { type: "loadMoreRequested" });
    expect(state.loadingMoreData).toBe(true);
    state = searchReducer(state, { type: "moreLoaded", tab: "products", group: group("products", ["B"], 2, 1) });
    expect(state.loadingMoreData).toBe(false);
  });

  it("a failed call clears its flag", () => {
    const state = reduce(initialSearchState(), { type: "searchRequested" }, { type: "suggestionsRequested" }, { type: "requestFailed", kind: "search" });
    expect(state).toMatchObject({ loadingData: false, loadingSuggestions: true, failed: true });
    expect(searchReducer(state, { type: "requestFailed", kind: "suggestions" }).loadingSuggestions).toBe(false);
  });
});

describe("tabs", () => {
  it("changes the active tab only if different", () => {
    const state = initialSearchState();
    expect(searchReducer(state, { type: "setActiveTab", tab: "all" })).toBe(state);
    expect(searchReducer(state, { type: "setActiveTab", tab: "videos" }).activeTab).toBe("videos");
  });

  it("the all tab shows 20 of the first group and 10 of each other", () => {
    const many = (prefix: string) => Array.from({ length: 25 }, (_, i) => `${prefix}${i}`);
    const groups = [group("products", many("P")), group("advises", many("A")), group("videos", []), group("infos", many("I"))].map(toGroupState);
    expect(allTabGroups(groups).map((g) => [g.type, g.items.length])).toEqual([
      ["products", 20],
      ["advises", 10],
      ["infos", 10],
    ]);
  });
});

describe("clear", () => {
  it("resets to defaults: tab all, no results, no filters", () => {
    const busy = reduce(
      initialSearchState({ open: true }),
      { type: "setSearchString", value: "eiche" },
      { type: "searchLoaded", data: data([group("products", ["A"])]) },
      { type: "setActiveTab", tab: "products" },
      { type: "addFilter", key: "manufacturer", values: ["holzwerk"] },
    );
    const cleared = searchReducer(busy, { type: "clear" });
    expect(cleared).toMatchObject({
      open: true,
      searchString: "",
      activeTab: "all",
      searchResult: [],
      searchSuggestions: [],
      filters: { filters: [], activeFilters: [] },
    });
  });
});

describe("results and filters", () => {
  const loaded = reduce(
    initialSearchState(),
    { type: "setSearchString", value: "eiche" },
    { type: "searchLoaded", data: data([group("products", ["A", "B"]), group("advises", ["G"])]) },
  );

  it("without filters every group is replaced", () => {
    const next = searchReducer(loaded, { type: "searchLoaded", data: data([group("products", ["C"])]) });
    expect(next.searchResult.map((g) => g.type)).toEqual(["products"]);
  });

  it("with active filters only the product group is replaced", () => {
    const filtered = searchReducer(loaded, { type: "addFilter", key: "manufacturer", values: ["holzwerk"] });
    const next = searchReducer(filtered, { type: "searchLoaded", data: data([group("products", ["B"]), group("advises", [])]) });
    expect(next.searchResult.map((g) => [g.type, g.items.map((i) => i.identifier)])).toEqual([
      ["products", ["B"]],
      ["advises", ["G"]],
    ]);
  });

  it("with active filters and an empty product result the results are cleared", () => {
    const filtered = searchReducer(loaded, { type: "addFilter", key: "manufacturer", values: ["nobody"] });
    const next = searchReducer(filtered, { type: "searchLoaded", data: data([group("products", []), group("advises", ["G"])]) });
    expect(next.searchResult).toEqual([]);
  });

  it("keeps the filter options of the latest search", () => {
    const options = [{ key: "price", name: "price", type: "range" as const, unit: "EUR", min: 1, max: 9, minValue: 1, maxValue: 9, values: [] }];
    expect(searchReducer(loaded, { type: "searchLoaded", data: data([group("products", ["A"])], options) }).filters.filters).toEqual(options);
  });

  it("adding a filter appends values to one with the same key or creates one, and re-runs the search", () => {
    let state = searchReducer(loaded, { type: "addFilter", key: "manufacturer", values: ["holzwerk"] });
    expect(state.filters.activeFilters).toEqual([{ key: "manufacturer", values: ["holzwerk"] }]);
    expect(state.searchRun).toBe(loaded.searchRun + 1);
    state = searchReducer(state, { type: "addFilter", key: "manufacturer", values: ["aquastep", "holzwerk"] });
    state = searchReducer(state, { type: "addFilter", key: "wear_class", values: ["23/33"] });
    expect(state.filters.activeFilters).toEqual([
      { key: "manufacturer", values: ["holzwerk", "aquastep"] },
      { key: "wear_class", values: ["23/33"] },
    ]);
  });

  it("deleting a value removes the filter when no values remain", () => {
    let state = searchReducer(loaded, { type: "addFilter", key: "manufacturer", values: ["holzwerk", "aquastep"] });
    state = searchReducer(state, { type: "deleteFilterValue", key: "manufacturer", value: "holzwerk" });
    expect(state.filters.activeFilters).toEqual([{ key: "manufacturer", values: ["aquastep"] }]);
    state = searchReducer(state, { type: "deleteFilterValue", key: "manufacturer", value: "aquastep" });
    expect(state.filters.activeFilters).toEqual([]);
  });

  it("range filters update min and max, rounded to integers unless the unit is mm", () => {
    let state = searchReducer(loaded, { type: "setRange", key: "price", min: 19.6, max: 80.2, unit: "EUR" });
    expect(state.filters.activeFilters).toEqual([{ key: "price", min: 20, max: 80 }]);
    state = searchReducer(state, { type: "setRange", key: "price", min: 10.4, max: null, unit: "EUR" });
    expect(state.filters.activeFilters).toEqual([{ key: "price", min: 10, max: null }]);
    state = searchReducer(state, { type: "setRange", key: "thickness_mm", min: 4.5, max: 14.25, unit: "mm" });
    expect(state.filters.activeFilters).toContainEqual({ key: "thickness_mm", min: 4.5, max: 14.25 });
  });

  it("resetting a filter removes it, re-runs the search and switches to the products tab", () => {
    let state = reduce(
      loaded,
      { type: "addFilter", key: "manufacturer", values: ["holzwerk"] },
      { type: "setRange", key: "price", min: 1, max: 5, unit: "EUR" },
    );
    const run = state.searchRun;
    state = searchReducer({ ...state, activeTab: "filter" }, { type: "resetFilter", key: "manufacturer" });
    expect(state).toMatchObject({ activeTab: "products", searchRun: run + 1, filters: { activeFilters: [{ key: "price", min: 1, max: 5 }] } });
    expect(searchReducer(state, { type: "resetFilters" }).filters.activeFilters).toEqual([]);
  });
});

describe("load more", () => {
  it("appends items for a tab and moves its offset and page", () => {
    const state = reduce(initialSearchState(), { type: "searchLoaded", data: data([group("products", ["A", "B"], 4), group("infos", ["I"])]) });
    const next = searchReducer(state, { type: "moreLoaded", tab: "products", group: group("products", ["C", "D"], 4, 2) });
    expect(next.searchResult[0]).toMatchObject({ itemsLength: 4, offset: 4, page: 2 });
    expect(next.searchResult[0]!.items.map((i) => i.identifier)).toEqual(["A", "B", "C", "D"]);
    expect(next.searchResult[1]).toBe(state.searchResult[1]);
  });

  it("shows another page of items already loaded", () => {
    const state = reduce(initialSearchState(), { type: "searchLoaded", data: data([group("products", ["A", "B"], 2)]) });
    expect(searchReducer(state, { type: "showMore", tab: "products" }).searchResult[0]!.page).toBe(2);
  });
});

describe("filtersParam", () => {
  it("writes entries with name, type products and values or min/max", () => {
    expect(
      JSON.parse(
        filtersParam([
          { key: "manufacturer", values: ["a"] },
          { key: "price", min: 1, max: null },
          { key: "x_mm", min: null, max: null },
        ]),
      ),
    ).toEqual([
      { name: "manufacturer", type: "products", values: ["a"] },
      { name: "price", type: "products", min: 1 },
    ]);
  });
});
