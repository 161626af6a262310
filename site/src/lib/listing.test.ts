import { pagedSlugPath } from "@domain/routes";
import { listPagePath, listPagePaths, pageCount, pageWindow, sortKey, sortProducts } from "./listing";

const products = [
  { sku: "B", title: "Beta", price: 20, updatedAt: "2026-01-02" },
  { sku: "A", title: "Alpha", price: 30, updatedAt: "2026-01-03" },
  { sku: "C", title: "Gamma", price: null, updatedAt: "2026-01-01" },
  { sku: "D", title: "Delta", price: 20, updatedAt: "2026-01-04" },
];
const skus = (list: { sku: string }[]) => list.map((p) => p.sku).join("");

describe("category listing", () => {
  test("sort orders", () => {
    expect(skus(sortProducts(products, { sortBy: "position", direction: "asc" }))).toBe("ABCD");
    expect(skus(sortProducts(products, { sortBy: "price", direction: "asc" }))).toBe("BDAC");
    expect(skus(sortProducts(products, { sortBy: "price", direction: "desc" }))).toBe("ABDC");
    expect(skus(sortProducts(products, { sortBy: "newest", direction: "desc" }))).toBe("DABC");
    expect(skus(sortProducts(products, { sortBy: "name", direction: "asc" }))).toBe("ABDC");
    expect(sortKey({ sortBy: "price", direction: "ASC" })).toBe("price-asc");
  });

  test("page counts and the page window", () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(48, 24)).toBe(2);
    expect(pageCount(49, 24)).toBe(3);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });

  test("page paths from the first page's path are the static pages' paths", () => {
    for (const shop of [{ domainPrefixes: [] }, { domainPrefixes: ["de", "fr", "it"] }]) {
      for (const language of ["de", "fr"]) {
        const first = pagedSlugPath(shop, language, "boden/dielen", 1);
        for (const page of [1, 2, 17]) expect(listPagePath(first, page)).toBe(pagedSlugPath(shop, language, "boden/dielen", page));
      }
    }
    expect(listPagePaths("/fr/parquet.html", 3)).toEqual(["/fr/parquet.html", "/fr/parquet/page-2.html", "/fr/parquet/page-3.html"]);
    expect(listPagePaths("/parkett.html", 0)).toEqual(["/parkett.html"]);
  });
});
