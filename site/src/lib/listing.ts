/**
 * Product lists of category pages (SPEC 3 Category: sorting sortBy/direction,
 * pagination page/perPage). Every sort order and page is a static page; the default
 * order's pages are the indexable ones.
 */
import { CATEGORY_PAGE_SIZE } from "../../../domain/category-listing";

/** The filtered lists of the shop API page the same way (domain/category-listing.ts). */
export const PRODUCTS_PER_PAGE = CATEGORY_PAGE_SIZE;
/** SPEC 9: video results per page. */
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
