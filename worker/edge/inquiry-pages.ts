import { inquiryPath } from "@domain/routes";

/**
 * `/{inquiry}/{sku}`: the inquiry page of a product, where the sku is any path
 * remainder. The build has one page per shop language and type, at the path without a sku
 * (`/fragen-zum-produkt/`, `/de/grossabnehmeranfrage/`; site/sourcing/inquiry-pages.ts), and the
 * browser reads the sku from the address. This names that page's file for any path below it, so
 * static-pages.ts serves it (with its CSP and HTML caching) however many products there are.
 */
const INQUIRY_TYPES = ["product", "bulk"] as const;

export interface InquiryRouting {
  languages: readonly string[];
  domainPrefixes: readonly string[];
}

/**
 * The build file of the inquiry page `pathname` is below (`/fr/fragen-zum-produkt/index.html`),
 * or null when it is no inquiry path with a sku. The language prefix must be one of the shop's,
 * as the language rules have checked before.
 */
export function inquiryPageFile(shop: InquiryRouting, pathname: string): string | null {
  for (const language of shop.languages) {
    for (const type of INQUIRY_TYPES) {
      const base = inquiryPath(shop, language, type, "");
      if (pathname.length > base.length && pathname.startsWith(base)) return `${base}index.html`;
    }
  }
  return null;
}
