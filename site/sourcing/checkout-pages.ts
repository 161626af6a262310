import { cartPath, checkoutPath, orderSuccessPath, type ShopRouting } from "@domain/routes";
import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The checkout's pages of every shop language: the cart page at /checkout/cart/,
 * the checkout at /checkout/ and the order success page at /checkout/success/ (and
 * /{lang}/... where the shop has language prefixes). Client-rendered from the live API, so
 * not indexed, their links not followed, not in the sitemap (robots.txt disallows /checkout/
 * as well).
 */
export const CART_TEMPLATE = siteSource("features", "checkout", "CartPageTemplate.tsx");
export const CHECKOUT_TEMPLATE = siteSource("features", "checkout", "CheckoutPageTemplate.tsx");
export const ORDER_SUCCESS_TEMPLATE = siteSource("features", "checkout", "OrderSuccessTemplate.tsx");

export interface CheckoutPage {
  path: (shop: ShopRouting, language: string) => string;
  template: string;
}

export const CHECKOUT_PAGES: readonly CheckoutPage[] = [
  { path: cartPath, template: CART_TEMPLATE },
  { path: checkoutPath, template: CHECKOUT_TEMPLATE },
  { path: orderSuccessPath, template: ORDER_SUCCESS_TEMPLATE },
];

/** Every checkout page path of the shop, in each of its languages. */
export function checkoutPagePaths(shop: ShopRouting & { languages: string[] }): string[] {
  return shop.languages.flatMap((language) => CHECKOUT_PAGES.map((page) => page.path(shop, language)));
}

export function createCheckoutPages(shop: ShopRouting & { languages: string[] }, create: CreatePage): string[] {
  return shop.languages.flatMap((language) =>
    CHECKOUT_PAGES.map((page) => {
      const pagePath = page.path(shop, language);
      create(pagePath, page.template, language, {}, { robots: "noindex,nofollow", sitemap: false });
      return pagePath;
    }),
  );
}
