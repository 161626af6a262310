/**
 * Product lists of category pages (sorting sortBy/direction,
 * pagination page/perPage). Every page of the default sort order is a static, indexable
 * page; the other orders are the shop API's list in the browser (docs/decisions/0054).
 */
import { CATEGORY_PAGE_SIZE } from "@domain/category-listing";

/** The filtered lists of the shop API page the same way (domain/category-listing.ts). */
export const PRODUCTS_PER_PAGE = CATEGORY_PAGE_SIZE;
/** Video results per page. */
export const VIDEOS_PER_PAGE = 12;

export interface ListedProduct {
  sku: string;
  title: string;
  price: number | null;
  updatedAt: string;
}

export interface Sorting {
  sortBy: string;
  direction: string;
}

export function sortKey(sorting: Sorting): string {
  return `${sorting.sortBy}-${sorting.direction}`.toLowerCase();
}

/**
 * The static page of a list's page number from its first page's path, as
 * domain/routes.ts pagedSlugPath names it: `/dielen.html` -> `/dielen/page-2.html`.
 * The pages compute their pagination links with it, so no page carries all of them in its context.
 */
export function listPagePath(firstPage: string, page: number): string {
  return page > 1 ? firstPage.replace(/\.html$/, `/page-${page}.html`) : firstPage;
}

/** Every page's path of a list of `count` pages. */
export function listPagePaths(firstPage: string, count: number): string[] {
  return Array.from({ length: Math.max(1, count) }, (_, index) => listPagePath(firstPage, index + 1));
}

export function pageCount(items: number, perPage: number): number {
  return Math.max(1, Math.ceil(items / perPage));
}

/** Sorts by the option; ties (and position) by sku, so every build lists the same order. */
export function sortProducts(products: ListedProduct[], sorting: Sorting): ListedProduct[] {
  const factor = sorting.direction.toLowerCase() === "desc" ? -1 : 1;
  const bySku = (a: ListedProduct, b: ListedProduct) => a.sku.localeCompare(b.sku);
  const compare = (a: ListedProduct, b: ListedProduct): number => {
    switch (sorting.sortBy) {
      case "price": {
        // Products without a price go last in both directions.
        if (a.price === null || b.price === null) return a.price === b.price ? 0 : a.price === null ? 1 : -1;
        return factor * (a.price - b.price);
      }
      case "name":
        return factor * a.title.localeCompare(b.title);
      case "newest":
        return factor * a.updatedAt.localeCompare(b.updatedAt);
      default:
        return factor * bySku(a, b);
    }
  };
  return [...products].sort((a, b) => compare(a, b) || bySku(a, b));
}

/** Page numbers to show around the current one (1 … 4 5 [6] 7 8 … 20), null for a gap. */
export function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let page = 1; page <= total; page += 1) {
    if (page === 1 || page === total || Math.abs(page - current) <= radius) pages.push(page);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
