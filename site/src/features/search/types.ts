/** Shapes of /apiv2/search as the browser reads them (domain/search-api.ts, shared with the shop API). */
export type {
  ActiveFilter,
  ContentResult,
  FilterEntry,
  FilterOption,
  FilterValue,
  GroupType,
  ProductResult,
  ResultGroup,
  SearchData,
  SearchMeta,
} from "@domain/search-api";

/** The search's tabs: all, products, filter, advises, videos, infos and the shop's own brand. */
export type TabKey = "all" | "products" | "filter" | "advises" | "videos" | "infos" | "brand";
