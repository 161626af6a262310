import path from "node:path";
import { searchPath, type ShopRouting } from "../../domain/routes";

/**
 * The search page of every shop language: /search/ (and /{lang}/search/ where the shop
 * has language prefixes). Not indexed, not in the sitemap; the edge serves it only with
 * the new_search_enabled cookie (SPEC 2.1).
 */
export const SEARCH_TEMPLATE = path.resolve("site", "src", "features", "search", "SearchPageTemplate.tsx");

type Create = (pagePath: string, component: string, language: string, context: Record<string, unknown>, seo: { robots?: string; sitemap?: boolean }) => void;

export function createSearchPages(shop: ShopRouting & { languages: string[] }, create: Create): string[] {
  return shop.languages.map((language) => {
    const pagePath = searchPath(shop, language);
    create(pagePath, SEARCH_TEMPLATE, language, {}, { robots: "noindex,follow", sitemap: false });
    return pagePath;
  });
}
