import { currencyOf, describeFilter, formatBound } from "./filter-labels";
import type { FilterOption } from "./types";

const option = (key: string, extra: Partial<FilterOption> = {}): FilterOption => ({
  key,
  name: key,
  type: "collection",
  unit: null,
  min: null,
  max: null,
  minValue: null,
  maxValue: null,
  values: [],
  ...extra,
});

const OPTIONS: FilterOption[] = [
  option("category", {
    type: "tree",
    values: [{ key: "parkett", name: "Parkett", count: 3, children: [{ key: "landhausdielen", name: "Landhausdielen", count: 2 }] }],
  }),
  option("price", { type: "range", unit: "CHF", min: 10, max: 2000 }),
  option("manufacturer", { values: [{ key: "chene-fils", name: "Chêne & Fils", count: 4 }] }),
  option("underfloor_heating", { values: [{ key: "true", name: "Oui", count: 2 }] }),
  option("width_mm", { type: "range", unit: "mm", min: 100, max: 240 }),
];

describe("an active filter as the shopper reads it", () => {
  test("values by their display names: the manufacturer's name, not its slug; yes/no; categories deep in the tree", () => {
    expect(describeFilter({ key: "manufacturer", values: ["chene-fils"] }, OPTIONS, "fr")).toBe("Chêne & Fils");
    expect(describeFilter({ key: "underfloor_heating", values: ["true"] }, OPTIONS, "fr")).toBe("Oui");
    expect(describeFilter({ key: "category", values: ["landhausdielen", "parkett"] }, OPTIONS, "de")).toBe("Landhausdielen, Parkett");
  });

  test("a value the options do not name (a hand-edited link) shows as it was given", () => {
    expect(describeFilter({ key: "manufacturer", values: ["unbekannt"] }, OPTIONS, "de")).toBe("unbekannt");
    expect(describeFilter({ key: "colour", values: ["<b>rot</b>"] }, OPTIONS, "de")).toBe("<b>rot</b>");
  });

  test("range bounds in the language's number format, with the unit or the currency, open ends as …", () => {
    expect(describeFilter({ key: "width_mm", min: 1234.5, max: null }, OPTIONS, "fr")).toBe("1\u00a0234,5\u00a0mm – …");
    expect(describeFilter({ key: "price", min: 10, max: 1200 }, OPTIONS, "fr")).toBe("CHF\u00a010.00 – CHF\u00a01’200.00");
    const euro = OPTIONS.map((each) => (each.key === "price" ? { ...each, unit: "EUR" } : each));
    expect(describeFilter({ key: "width_mm", min: 37.7, max: 1200 }, euro, "de")).toBe("37,7\u00a0mm – 1.200\u00a0mm");
    expect(describeFilter({ key: "price", min: null, max: 1200 }, euro, "fr")).toBe("… – 1\u00a0200,00\u00a0€");
  });

  test("the currency is the price range's; EUR without one", () => {
    expect(currencyOf(OPTIONS)).toBe("CHF");
    expect(currencyOf([])).toBe("EUR");
    expect(formatBound(4.5, { key: "thickness_mm", unit: "mm" }, "EUR", "it")).toBe("4,5\u00a0mm");
    expect(formatBound(3, { key: "layers", unit: null }, "EUR", "en")).toBe("3");
  });
});
