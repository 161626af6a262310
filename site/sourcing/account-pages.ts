import { ACCOUNT_SCREENS } from "@domain/account";
import { accountPath, projectsPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The customer account's pages in every shop language: the screens of
 * accountPath (`{prefix}/customer/account/{screen}/`) and my projects
 * (`{prefix}/customer/projects/`). Client-rendered, never indexed nor followed (they are
 * personal), not in the sitemap.
 */
export const ACCOUNT_TEMPLATE = siteSource("features", "account", "AccountPageTemplate.tsx");

const SEO = { robots: "noindex,nofollow", sitemap: false };

export function createAccountPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) => {
    const pages = ACCOUNT_SCREENS.map((screen) => [accountPath(shop, language, screen), screen] as const);
    return [...pages, [projectsPath(shop, language), "Projects"] as const].map(([pagePath, screen]) => {
      create(pagePath, ACCOUNT_TEMPLATE, language, { screen }, SEO);
      return pagePath;
    });
  });
}
