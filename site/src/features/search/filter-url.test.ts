import { readFilterUrl, writeFilterUrl, type FilterUrlState } from "./filter-url";
import { activeFiltersReducer } from "./state";
import { hasFilterParams } from "@domain/category-listing";

const roundTrip = (state: FilterUrlState) => readFilterUrl(writeFilterUrl(state));

describe("filters in the URL", () => {
  it("writes collections once per value, ranges as -min/-max and the page, and reads them back", () => {
    const state: FilterUrlState = {
      filters: [
        { key: "manufacturer", values: ["holzwerk", "dielenmanufaktur"] },
        { key: "price", min: null, max: 50 },
        { key: "thickness_mm", min: 4.5, max: 14 },
      ],
      page: 2,
    };
    const query = writeFilterUrl(state);
    expect(query).toBe("?f-manufacturer=holzwerk&f-manufacturer=dielenmanufaktur&f-price-max=50&f-thickness_mm-min=4.5&f-thickness_mm-max=14&page=2");
    expect(readFilterUrl(query)).toEqual(state);
    expect(hasFilterParams(new URLSearchParams(query))).toBe(true);
  });

  it("keeps values with characters that need escaping intact", () => {
    const state: FilterUrlState = { filters: [{ key: "wear_class", values: ["23/33", "A & B = C", "Eiche geölt", "50%"] }], page: 1 };
    const query = writeFilterUrl(state);
    expect(query).not.toContain(" ");
    expect(roundTrip(state)).toEqual(state);
  });

  it("round-trips every state the filter sidebar's actions make", () => {
    let filters = activeFiltersReducer([], { type: "addFilter", key: "manufacturer", values: ["holzwerk"] });
    filters = activeFiltersReducer(filters, { type: "addFilter", key: "manufacturer", values: ["aquastep"] });
    filters = activeFiltersReducer(filters, { type: "setRange", key: "price", min: 10.4, max: 99.6, unit: "EUR" });
    filters = activeFiltersReducer(filters, { type: "setRange", key: "thickness_mm", min: 4.456, max: null, unit: "mm" });
    expect(filters).toEqual([
      { key: "manufacturer", values: ["holzwerk", "aquastep"] },
      { key: "price", min: 10, max: 100 },
      { key: "thickness_mm", min: 4.46, max: null },
    ]);
    expect(roundTrip({ filters, page: 3 })).toEqual({ filters, page: 3 });
    filters = activeFiltersReducer(filters, { type: "deleteFilterValue", key: "manufacturer", value: "holzwerk" });
    filters = activeFiltersReducer(filters, { type: "resetFilter", key: "price" });
    expect(roundTrip({ filters, page: 1 })).toEqual({ filters, page: 1 });
    filters = activeFiltersReducer(filters, { type: "resetFilters" });
    expect(writeFilterUrl({ filters, page: 4 })).toBe("");
  });

  it("keeps parameters that are not the list's and drops the old filters and page", () => {
    expect(writeFilterUrl({ filters: [{ key: "manufacturer", values: ["x"] }], page: 1 }, "?utm_source=mail&f-colour=red&page=3")).toBe(
      "?utm_source=mail&f-manufacturer=x",
    );
    expect(writeFilterUrl({ filters: [], page: 1 }, "?utm_source=mail&f-colour=red")).toBe("?utm_source=mail");
  });

  it("reads bounds as the shop API does: whole currency units outward, mm to two decimals", () => {
    expect(readFilterUrl("?f-price-min=10.7&f-price-max=49.2").filters).toEqual([{ key: "price", min: 10, max: 50 }]);
    expect(readFilterUrl("?f-thickness_mm-min=4.456").filters).toEqual([{ key: "thickness_mm", min: 4.46, max: null }]);
  });

  it("leaves out what is malformed or hostile instead of failing", () => {
    expect(readFilterUrl("?f-<script>=1&f-=x&f-price-min=abc&f-price-max=1e9&page=2")).toEqual({ filters: [], page: 1 });
    expect(readFilterUrl("?f-price-min=50&f-price-max=10").filters).toEqual([]);
    expect(readFilterUrl("?f-manufacturer=&f-manufacturer=%20").filters).toEqual([]);
    expect(readFilterUrl(`?f-manufacturer=${"x".repeat(201)}`).filters).toEqual([]);
    expect(readFilterUrl("?f-manufacturer=a&page=0").page).toBe(1);
    expect(readFilterUrl("?f-manufacturer=a&page=99999").page).toBe(1);
    expect(readFilterUrl("?f-manufacturer=a&page=-2").page).toBe(1);
    // One key is either values or a range: the first wins.
    expect(readFilterUrl("?f-price=5&f-price-max=10").filters).toEqual([{ key: "price", values: ["5"] }]);
    expect(readFilterUrl("?f-price-max=10&f-price=5").filters).toEqual([{ key: "price", min: null, max: 10 }]);
    // At most 20 filters and 100 values per filter (the API's limits); duplicates once.
    const many = Array.from({ length: 30 }, (_, i) => `f-k${i}=v`).join("&");
    expect(readFilterUrl(`?${many}`).filters).toHaveLength(20);
    const values = Array.from({ length: 150 }, (_, i) => `f-m=v${i % 120}`).join("&");
    expect((readFilterUrl(`?${values}`).filters[0] as { values: string[] }).values).toHaveLength(100);
    expect(readFilterUrl("?utm_source=x&page=2")).toEqual({ filters: [], page: 1 });
  });

  it("names a sort order other than the page's as `sort`, with its page, and keeps it through filter changes", () => {
    const state: FilterUrlState = { filters: [{ key: "manufacturer", values: ["holzwerk"] }], page: 2, sort: "price-asc" };
    expect(writeFilterUrl(state)).toBe("?f-manufacturer=holzwerk&sort=price-asc&page=2");
    expect(roundTrip(state)).toEqual(state);
    // Sorted without filters: a view of its own (API list, not indexed) that pages by query.
    expect(writeFilterUrl({ filters: [], page: 3, sort: "newest-desc" })).toBe("?sort=newest-desc&page=3");
    expect(readFilterUrl("?sort=newest-desc&page=3")).toEqual({ filters: [], page: 3, sort: "newest-desc" });
    expect(hasFilterParams(new URLSearchParams("?sort=newest-desc"))).toBe(true);
    // Back to the default order: the sort and its page leave the URL, other parameters stay.
    expect(writeFilterUrl({ filters: [], page: 1 }, "?utm_source=mail&sort=price-desc&page=4")).toBe("?utm_source=mail");
  });

  it("ignores a sort order that is not one (hand-edited or hostile) and its page", () => {
    for (const query of [
      "?sort=price",
      "?sort=price-up",
      "?sort=<script>-asc",
      "?sort=POSITION-ASC&page=2",
      `?sort=${"x".repeat(500)}`,
      "?sort=price-asc%00",
    ]) {
      expect(readFilterUrl(query)).toEqual({ filters: [], page: 1 });
      expect(hasFilterParams(new URLSearchParams(query))).toBe(false);
    }
    expect(writeFilterUrl({ filters: [], page: 2, sort: "drop table" })).toBe("");
  });
});
