import path from "node:path";
import { inquiryPath, offerPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The inquiry pages of every shop language (`/{inquiry}/{sku}`, "Product
 * inquiry page"): the product question at `{prefix}/fragen-zum-produkt/{sku}` and the bulk-buyer
 * inquiry at `{prefix}/grossabnehmeranfrage/{sku}`, where the sku is any path remainder. One page
 * per language and type, never one per product (catalogues reach 50,000 products): the page is
 * built at `{prefix}/fragen-zum-produkt/` with a match path for everything below it, the edge
 * serves its file for any remainder (worker/edge/inquiry-pages.ts) and the browser reads the sku
 * from the address and loads the product from the shop API.
 *
 * And the offer page at `{prefix}/offer/` (`?id=O-...&sig=...`, the signed link of the offer mail).
 *
 * All client-rendered from the live API: not indexed, their links not followed, not in the sitemap.
 */
const FEATURE = siteSource("features", "inquiries");
export const INQUIRY_TEMPLATE = path.join(FEATURE, "InquiryPageTemplate.tsx");
export const OFFER_TEMPLATE = path.join(FEATURE, "OfferPageTemplate.tsx");

/** The inquiry types that have a page of their own (an offer request is asked from the product page's modal). */
export const INQUIRY_PAGE_TYPES = ["product", "bulk"] as const;
export type InquiryPageType = (typeof INQUIRY_PAGE_TYPES)[number];

/** Where the inquiry page of `type` is built: the path without a sku (`{prefix}/fragen-zum-produkt/`). */
export function inquiryPageBase(shop: ShopRouting, language: string, type: InquiryPageType): string {
  return inquiryPath(shop, language, type, "");
}

const NOT_INDEXED = { robots: "noindex,nofollow", sitemap: false };

/** Every page path of the inquiry pages (and the offer page) of the shop, in each of its languages. */
export function inquiryPagePaths(shop: ShopRouting & { languages: string[] }): string[] {
  return shop.languages.flatMap((language) => [...INQUIRY_PAGE_TYPES.map((type) => inquiryPageBase(shop, language, type)), offerPath(shop, language)]);
}

export function createInquiryPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) => {
    const inquiryPages = INQUIRY_PAGE_TYPES.map((type) => {
      const pagePath = inquiryPageBase(shop, language, type);
      create(pagePath, INQUIRY_TEMPLATE, language, { inquiryType: type }, NOT_INDEXED, { matchPath: `${pagePath}*` });
      return pagePath;
    });
    const offer = offerPath(shop, language);
    create(offer, OFFER_TEMPLATE, language, {}, NOT_INDEXED);
    return [...inquiryPages, offer];
  });
}
