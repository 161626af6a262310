import { contactPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The contact page of every shop language (`/kontakt.html` and its variants
 * contactez, contatto, contact; `{prefix}/...` where the shop has language prefixes): service
 * hours, phone and the contact form for direct visitors. A page of content, indexed and in
 * the sitemap. The edge serves it to direct requests only: an upstream request for a contact
 * page goes to the legacy shop as before (worker/edge/upstream-rules.ts, config legacyPaths).
 */
export const CONTACT_TEMPLATE = siteSource("features", "contact", "ContactPageTemplate.tsx");

/** Every contact page path of the shop, one per language. */
export function contactPagePaths(shop: ShopRouting & { languages: string[] }): string[] {
  return shop.languages.map((language) => contactPath(shop, language));
}

export function createContactPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.map((language) => {
    const pagePath = contactPath(shop, language);
    create(pagePath, CONTACT_TEMPLATE, language, {}, {});
    return pagePath;
  });
}
