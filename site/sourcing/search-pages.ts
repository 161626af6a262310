import { searchPath, searchResultsPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The search page of every shop language: /search/ (and /{lang}/search/ where the shop
 * has language prefixes). Not indexed, not in the sitemap; the edge serves it only with
 * the new_search_enabled cookie.
 */
export const SEARCH_TEMPLATE = siteSource("features", "search", "SearchPageTemplate.tsx");
/** The results page without JavaScript: the edge fills it (worker/edge/search-results.ts). */
export const SEARCH_RESULTS_TEMPLATE = siteSource("features", "search", "SearchResultsTemplate.tsx");

export function createSearchPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) => {
    const pagePath = searchPath(shop, language);
    create(pagePath, SEARCH_TEMPLATE, language, {}, { robots: "noindex,follow", sitemap: false });
    // Open to everybody (not behind the new-search cookie): the header form's target.
    const resultsPath = searchResultsPath(shop, language);
    create(resultsPath, SEARCH_RESULTS_TEMPLATE, language, {}, { robots: "noindex,follow", sitemap: false });
    return [pagePath, resultsPath];
  });
}
