/**
 * URL rules of the static pages: pages end in .html; a shop with domain
 * prefixes puts the language first (/fr/...), a shop without prefixes has none.
 * Used by page creation, links, sitemaps and tests alike.
 */
import type { AccountScreen } from "./account";

export interface ShopRouting {
  domainPrefixes: readonly string[];
}

/** Localised first segment of manufacturer pages. */
const MANUFACTURER_SEGMENT: Record<string, string> = {
  de: "hersteller",
  at: "hersteller",
  en: "manufacturers",
  fr: "fabricants",
  it: "produttori",
  nl: "fabrikanten",
};

export function languagePrefix(shop: ShopRouting, language: string): string {
  return shop.domainPrefixes.includes(language) ? `/${language}` : "";
}

export function homePath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/`;
}

/** Categories, products and CMS pages: `{prefix}/{slug}.html`. */
export function slugPath(shop: ShopRouting, language: string, slug: string): string {
  return `${languagePrefix(shop, language)}/${slug}.html`;
}

export function manufacturerListPath(shop: ShopRouting, language: string): string {
  return slugPath(shop, language, manufacturerSegment(language));
}

export function manufacturerPath(shop: ShopRouting, language: string, slug: string): string {
  return slugPath(shop, language, `${manufacturerSegment(language)}/${slug}`);
}

function manufacturerSegment(language: string): string {
  return MANUFACTURER_SEGMENT[language] ?? MANUFACTURER_SEGMENT.de!;
}

/** The `lang` attribute for a shop language (`at` is Austrian German). */
export function htmlLanguage(language: string): string {
  return language === "at" ? "de-AT" : language;
}

/** The customer account's screens: `{prefix}/customer/account/{screen}/`; client-rendered, not indexed. */
export function accountPath(shop: ShopRouting, language: string, screen: AccountScreen): string {
  return `${languagePrefix(shop, language)}/customer/account/${screen}/`;
}

/** The customer's projects: `{prefix}/customer/projects/`. */
export function projectsPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/customer/projects/`;
}

/**
 * Further pages of a paged list: a category in its default order (docs/decisions/0054; other
 * orders are `?sort=` on the first page) or a CMS list (video library). The first page is the
 * list's own URL, then `{slug}/page-2.html`.
 */
export function pagedSlugPath(shop: ShopRouting, language: string, slug: string, page: number): string {
  return page > 1 ? slugPath(shop, language, `${slug}/page-${page}`) : slugPath(shop, language, slug);
}

/** The search page of the search issue; a plain GET form posts here. */
export function searchPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/search/`;
}

/**
 * The search results page that works without JavaScript: the header's search
 * form sends `?q=` here; the edge fills the page's result slot from the search API.
 */
export function searchResultsPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/search-results/`;
}

/** The cart page: `{prefix}/checkout/cart/`; the mini cart links here. Client-rendered, not indexed. */
export function cartPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/checkout/cart/`;
}

/** The checkout page: `{prefix}/checkout/`. */
export function checkoutPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/checkout/`;
}

/** The page after a placed order: `{prefix}/checkout/success/`; the order number goes in the query (`?order=DE-100001`). */
export function orderSuccessPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/checkout/success/`;
}

/**
 * The returns and complaints page: `{prefix}/returns/`. The order confirmation
 * mail links here with `?order=NUMBER&sig=...`, the account's order with `?order=NUMBER`.
 * Client-rendered, not indexed.
 */
export function returnsPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/returns/`;
}

/** The withdrawal from the contract (EU shops, consumers): `{prefix}/returns/withdraw/`, the order in the query (`?order=`). */
export function withdrawPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/returns/withdraw/`;
}

/**
 * The offer page: `{prefix}/offer/`, the offer in the query (`?id=O-...&sig=...`, the
 * signed link of the offer mail). Client-rendered, not indexed.
 */
export function offerPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/offer/`;
}

/**
 * The terrace planner: `{prefix}/terrace-planner/`, a saved plan in the query
 * (`?number=...`). Client-rendered, not indexed; the CMS landing page links here.
 */
export function terracePlannerPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/terrace-planner/`;
}

/** The inquiry pages' first segment (`/{inquiry}/{sku}`): the product question and the bulk-buyer inquiry. */
export const INQUIRY_PAGE_SEGMENTS = { product: "fragen-zum-produkt", bulk: "grossabnehmeranfrage" } as const;

/**
 * The inquiry page of a product: `{prefix}/fragen-zum-produkt/{sku}` or
 * `{prefix}/grossabnehmeranfrage/{sku}`, the sku URL-encoded (any path remainder is a sku).
 */
export function inquiryPath(shop: ShopRouting, language: string, type: keyof typeof INQUIRY_PAGE_SEGMENTS, sku: string): string {
  return `${languagePrefix(shop, language)}/${INQUIRY_PAGE_SEGMENTS[type]}/${encodeURIComponent(sku)}`;
}

/**
 * The newsletter's confirmation page: `{prefix}/newsletter/confirm/`, the mail's
 * token in the query (`?token=...`). One button posts the token, so a mail scanner that opens
 * the link confirms nothing. Client-rendered, not indexed.
 */
export function newsletterConfirmPath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/newsletter/confirm/`;
}

/** The newsletter's unsubscribe page: `{prefix}/newsletter/unsubscribe/?token=...` (every newsletter mail links here). */
export function newsletterUnsubscribePath(shop: ShopRouting, language: string): string {
  return `${languagePrefix(shop, language)}/newsletter/unsubscribe/`;
}

/**
 * The CMS identifier of the voucher thank-you page per language (the catalogue's `voucher-thanks`
 * page; the storefront recognises the page by these identifiers too, site/src/lib/shop-content.ts).
 */
export const VOUCHER_THANKS_SLUG: Readonly<Record<string, string>> = {
  de: "gutschein-danke",
  at: "gutschein-danke",
  en: "voucher-thank-you",
  fr: "bon-dachat-merci",
  it: "buono-grazie",
  nl: "tegoedbon-bedankt",
};

/** The voucher thank-you page a confirmed newsletter sign-up lands on: `{prefix}/gutschein-danke.html` (in the language's slug). */
export function voucherThanksPath(shop: ShopRouting, language: string): string {
  return slugPath(shop, language, VOUCHER_THANKS_SLUG[language] ?? VOUCHER_THANKS_SLUG.de!);
}

/**
 * The contact page's slug per language (`/kontakt.html` and its variants contactez,
 * contatto, contact; the upstream rules name the same files in config `legacyPaths`, and the
 * edge's error pages link here through locales/<lang>/errors.json `page.contactPath`).
 */
export const CONTACT_SLUGS: Readonly<Record<string, string>> = {
  de: "kontakt",
  at: "kontakt",
  en: "contact",
  fr: "contactez",
  it: "contatto",
  nl: "contact",
};

/** The contact page: `{prefix}/kontakt.html` (in the language's slug). */
export function contactPath(shop: ShopRouting, language: string): string {
  return slugPath(shop, language, CONTACT_SLUGS[language] ?? CONTACT_SLUGS.de!);
}
