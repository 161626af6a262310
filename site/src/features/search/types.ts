/** Shapes of /apiv2/search as the browser reads them (the API's own types, type-only). */
export type {
  ActiveFilter,
  ContentResult,
  FilterOption,
  FilterValue,
  GroupType,
  ProductResult,
  ResultGroup,
} from "../../../../worker/shop-api/search/types";
import type { ActiveFilter, FilterOption, ResultGroup } from "../../../../worker/shop-api/search/types";

export interface SearchData {
  query: string;
  searchResults: ResultGroup[];
  filterOptions: FilterOption[];
  activeFilterOptions: ActiveFilter[];
}

export interface SearchMeta {
  minimumSearchCharacters?: number;
  characters?: number;
  message?: string;
}

/** SPEC 2.2 tabs: all, products, filter, advises, videos, infos and the shop's own brand. */
export type TabKey = "all" | "products" | "filter" | "advises" | "videos" | "infos" | "brand";
export const TABS: TabKey[] = ["all", "products", "filter", "advises", "videos", "infos", "brand"];
