import path from "node:path";
import { newsletterConfirmPath, newsletterUnsubscribePath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The newsletter's pages of every shop language: the confirmation of a sign-up at
 * /newsletter/confirm/ and the unsubscription at /newsletter/unsubscribe/ (and /{lang}/... where
 * the shop has language prefixes), each opened from a mail's link with its token in the query
 * and acting only by its one button. Client-rendered, so not indexed, their links not
 * followed, not in the sitemap.
 */
const FEATURE = siteSource("features", "newsletter");
export const NEWSLETTER_CONFIRM_TEMPLATE = path.join(FEATURE, "ConfirmPageTemplate.tsx");
export const NEWSLETTER_UNSUBSCRIBE_TEMPLATE = path.join(FEATURE, "UnsubscribePageTemplate.tsx");

export interface NewsletterPage {
  path: (shop: ShopRouting, language: string) => string;
  template: string;
}

export const NEWSLETTER_PAGES: readonly NewsletterPage[] = [
  { path: newsletterConfirmPath, template: NEWSLETTER_CONFIRM_TEMPLATE },
  { path: newsletterUnsubscribePath, template: NEWSLETTER_UNSUBSCRIBE_TEMPLATE },
];

/** Every newsletter page path of the shop, in each of its languages. */
export function newsletterPagePaths(shop: ShopRouting & { languages: string[] }): string[] {
  return shop.languages.flatMap((language) => NEWSLETTER_PAGES.map((page) => page.path(shop, language)));
}

export function createNewsletterPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) =>
    NEWSLETTER_PAGES.map((page) => {
      const pagePath = page.path(shop, language);
      create(pagePath, page.template, language, {}, { robots: "noindex,nofollow", sitemap: false });
      return pagePath;
    }),
  );
}
