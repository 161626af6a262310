/**
 * GET /apiv2/categories/:id/products?filters=[...]&sort=price-asc&page=2: a
 * category's products with the search's filters (the same `filters` parameter, filter
 * options, counts and rounding: request.ts, filter-options.ts), sorted and paged like
 * the static category pages (domain/category-listing.ts).
 */
import { CATEGORY_PAGE_SIZE, CATEGORY_SORT_KEY, type CategoryListingData, type CategorySortField } from "@domain/category-listing";
import type { FilterOption, FilterValue } from "@domain/search-api";
import type { ShopContext } from "../core/context";
import { fail, notFound } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import { categoryQuery } from "./category-query";
import { filterOptions, productResult, type PageRow } from "./d1-engine";
import type { FacetCounts } from "./filter-options";
import { parseFilters } from "./request";
import { SearchInputError, type SearchRequest } from "./types";

const CATEGORY_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/i;
/** Deeper pages than any category has are refused rather than scanned. */
const MAX_PAGE = 1000;

interface ListingRow {
  summary: string;
  page: string | null;
  known: number | null;
  category_tree: string;
  manufacturer_names: string;
  facet_labels: string;
}

function inputChecked<T>(work: () => T): T {
  try {
    return work();
  } catch (problem) {
    if (problem instanceof SearchInputError) throw fail(400, problem.message, "invalid_filters", { field: "filters" });
    throw problem;
  }
}

function parseSort(raw: string | null): { field: CategorySortField; direction: "asc" | "desc" } {
  if (raw === null || raw === "") return { field: "position", direction: "asc" };
  const match = CATEGORY_SORT_KEY.exec(raw);
  if (!match) throw fail(400, "sort must be one of position, price, name, newest followed by -asc or -desc", "invalid_sort", { field: "sort" });
  return { field: match[1] as CategorySortField, direction: match[2] as "asc" | "desc" };
}

function parsePage(raw: string | null): number {
  if (raw === null || raw === "") return 1;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE)
    throw fail(400, `page must be a whole number from 1 to ${MAX_PAGE}`, "invalid_page", { field: "page", params: { max: MAX_PAGE } });
  return Number(raw);
}

/** The category filter of a listing offers the category's own subcategories, not the whole tree. */
function scopedTree(options: FilterOption[], categoryId: string): FilterOption[] {
  const find = (values: FilterValue[]): FilterValue | undefined => {
    for (const value of values) {
      if (value.key === categoryId) return value;
      const inner = find(value.children ?? []);
      if (inner) return inner;
    }
    return undefined;
  };
  return options.flatMap((option) => {
    if (option.key !== "category") return [option];
    const children = find(option.values)?.children ?? [];
    return children.length > 0 ? [{ ...option, values: children }] : [];
  });
}

export async function categoryListing(ctx: ShopContext, categoryId: string): Promise<Reply<CategoryListingData>> {
  if (!CATEGORY_ID.test(categoryId)) throw notFound();
  const filters = inputChecked(() => parseFilters(ctx.url.searchParams.get("filters")));
  const sort = parseSort(ctx.url.searchParams.get("sort"));
  const page = parsePage(ctx.url.searchParams.get("page"));
  const shop = { id: ctx.shop.id, currency: ctx.shop.currency, domainPrefixes: ctx.shop.domainPrefixes };
  const offset = (page - 1) * CATEGORY_PAGE_SIZE;
  const { statement, ownKeys } = categoryQuery({ shop, language: ctx.language, filters, offset, limit: CATEGORY_PAGE_SIZE, categoryId, sort });
  const row = await statement.prepare(ctx.db).first<ListingRow>();
  if (!row || !row.known) throw notFound();
  const counts = JSON.parse(row.summary) as FacetCounts;
  const request: SearchRequest = { shop, language: ctx.language, query: "", offset, limit: CATEGORY_PAGE_SIZE, filters, facets: true };
  const options = inputChecked(() => filterOptions(request, row, counts, ownKeys));
  const rows = JSON.parse(row.page ?? "[]") as PageRow[];
  rows.sort((a, b) => a.id - b.id);
  const total = counts.totals[0];
  const data: CategoryListingData = {
    categoryId,
    sort: `${sort.field}-${sort.direction}`,
    page,
    pageCount: Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE)),
    perPage: CATEGORY_PAGE_SIZE,
    totalResults: total,
    products: rows.map((item) => productResult(request, item)),
    filterOptions: scopedTree(options, categoryId),
    activeFilterOptions: filters,
  };
  return reply(data);
}
