import { median, pageType, partSizes } from "./page-data";

/** The page-data benchmark's arithmetic (docs/decisions/0052). */
test("page types from Gatsby's template chunk names", () => {
  expect(pageType("component---site-src-templates-product-tsx")).toBe("product");
  expect(pageType("component---site-src-features-checkout-cart-page-template-tsx")).toBe("checkout-cart-page-template");
  expect(pageType("")).toBe("unknown");
});

test("median of odd and even counts, and of nothing", () => {
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([])).toBe(0);
});

test("the parts of a page-data file, largest first, in bytes as written", () => {
  expect(partSizes({ result: { data: { product: { title: "Eiche" } }, pageContext: { sku: "ä" } } })).toEqual([
    { part: "data.product", bytes: 17 },
    { part: "pageContext.sku", bytes: 4 },
  ]);
  expect(partSizes({})).toEqual([]);
});
