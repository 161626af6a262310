import { terracePlannerPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The terrace planner's page in every shop language that sells decking:
 * `{prefix}/terrace-planner/` (`?number=` loads a saved plan). The page is client-rendered
 * (the planner's code is a chunk of its own, loaded by this page only), not indexed, its
 * links not followed, not in the sitemap. The CMS landing page (/terrassenplaner.html and its
 * language slugs) links here with a start button and a load-by-number field.
 */
export const TERRACE_TEMPLATE = siteSource("features", "terrace", "TerracePlannerTemplate.tsx");
/** The configurator CMS page's template: the CMS page with the planner's start (site/sourcing/create-pages.ts picks it by page type). */
export const TERRACE_LANDING_TEMPLATE = siteSource("features", "terrace", "LandingTemplate.tsx");

/**
 * Creates the planner page for each of `languages` (the shop languages with decking on sale)
 * and answers the planner path per language, for the landing pages to link.
 */
export function createTerracePages(shop: ShopRouting, languages: readonly string[], create: CreatePage): Map<string, string> {
  const paths = new Map<string, string>();
  for (const language of languages) {
    const pagePath = terracePlannerPath(shop, language);
    create(pagePath, TERRACE_TEMPLATE, language, {}, { robots: "noindex,nofollow", sitemap: false });
    paths.set(language, pagePath);
  }
  return paths;
}
