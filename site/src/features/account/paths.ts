/**
 * Where the account screens live in a shop language (domain/routes.ts accountPath and
 * projectsPath): one object the screens and the header pass around.
 */
import { accountPath, projectsPath, returnsPath, withdrawPath, type ShopRouting } from "@domain/routes";

export interface AccountPaths {
  register: string;
  login: string;
  passwordReset: string;
  verify: string;
  orders: string;
  offers: string;
  projects: string;
  profile: string;
  address: string;
  password: string;
  order: (number: string) => string;
  /** The returns page for an order of the account (`?order=NUMBER`). */
  startReturn: (number: string) => string;
  /** The withdrawal from the contract for an order (`?order=NUMBER`); the page says when it is not offered. */
  withdraw: (number: string) => string;
}

export function accountPaths(shop: ShopRouting, language: string): AccountPaths {
  const orderPath = accountPath(shop, language, "Order");
  return {
    register: accountPath(shop, language, "CreateAccount"),
    login: accountPath(shop, language, "Login"),
    passwordReset: accountPath(shop, language, "PasswordReset"),
    verify: accountPath(shop, language, "Verify"),
    orders: accountPath(shop, language, "OrderOverview"),
    offers: accountPath(shop, language, "Offers"),
    projects: projectsPath(shop, language),
    profile: accountPath(shop, language, "Profile"),
    address: accountPath(shop, language, "Address"),
    password: accountPath(shop, language, "Password"),
    order: (number) => `${orderPath}?number=${encodeURIComponent(number)}`,
    startReturn: (number) => `${returnsPath(shop, language)}?order=${encodeURIComponent(number)}`,
    withdraw: (number) => `${withdrawPath(shop, language)}?order=${encodeURIComponent(number)}`,
  };
}

/**
 * The routing of the page the header is on, from the page's i18n context: a routed shop
 * (CH) puts every language first, as site/sourcing/create-pages.ts creates its pages.
 */
export function routingOf(i18n: { routed: boolean; language: string }): ShopRouting {
  return { domainPrefixes: i18n.routed ? [i18n.language] : [] };
}
