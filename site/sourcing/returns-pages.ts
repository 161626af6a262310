import path from "node:path";
import { returnsPath, withdrawPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The returns pages of every shop language: the returns and complaints flow at
 * /returns/ and the withdrawal from the contract at /returns/withdraw/ (and
 * /{lang}/returns/... where the shop has language prefixes). Client-rendered from the live
 * API for one order, so not indexed, their links not followed, not in the sitemap.
 */
const FEATURE = siteSource("features", "returns");
export const RETURNS_TEMPLATE = path.join(FEATURE, "ReturnsPageTemplate.tsx");
export const WITHDRAW_TEMPLATE = path.join(FEATURE, "WithdrawPageTemplate.tsx");

export interface ReturnsPage {
  path: (shop: ShopRouting, language: string) => string;
  template: string;
}

export const RETURNS_PAGES: readonly ReturnsPage[] = [
  { path: returnsPath, template: RETURNS_TEMPLATE },
  { path: withdrawPath, template: WITHDRAW_TEMPLATE },
];

/** Every returns page path of the shop, in each of its languages. */
export function returnsPagePaths(shop: ShopRouting & { languages: string[] }): string[] {
  return shop.languages.flatMap((language) => RETURNS_PAGES.map((page) => page.path(shop, language)));
}

export function createReturnsPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) =>
    RETURNS_PAGES.map((page) => {
      const pagePath = page.path(shop, language);
      create(pagePath, page.template, language, {}, { robots: "noindex,nofollow", sitemap: false });
      return pagePath;
    }),
  );
}
