/**
 * The browser's call of a category's filtered list (GET /apiv2/categories/:id/products,
 * domain/category-listing.ts); the filters go as the search sends them.
 */
import type { ReceivedEnvelope } from "@domain/api/envelope";
import { apiUrl } from "@site/api/client";
import { filtersParam } from "./state";
import type { CategoryListingData } from "@domain/category-listing";
import type { ActiveFilter } from "./types";

export interface CategoryListingCall {
  categoryId: string;
  filters: ActiveFilter[];
  sort: string;
  page: number;
}

export function categoryListingPath(call: CategoryListingCall): string {
  const params = new URLSearchParams({ sort: call.sort });
  if (call.filters.length > 0) params.set("filters", filtersParam(call.filters));
  if (call.page > 1) params.set("page", String(call.page));
  return `/apiv2/categories/${encodeURIComponent(call.categoryId)}/products?${params.toString()}`;
}

/** Resolves with the list on HTTP 200 with data; rejects otherwise (failures are logged). */
export async function fetchCategoryListing(call: CategoryListingCall, signal?: AbortSignal): Promise<CategoryListingData> {
  const response = await fetch(apiUrl(categoryListingPath(call)), { credentials: "same-origin", headers: { accept: "application/json" }, signal });
  const json = (await response.json().catch(() => null)) as ReceivedEnvelope<CategoryListingData> | null;
  if (response.status !== 200 || !json?.data) {
    const message = json?.errors?.[0]?.message ?? `category list failed (${response.status})`;
    console.error("category list failed", message);
    throw new Error(message);
  }
  return json.data;
}
