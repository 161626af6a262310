import { isLocalEnvironment, type ShopConfig } from "../config/shop-config";
import { DAY_SECONDS, isCookieValue, readCookie, serializeCookie } from "./cookies";
import type { Site } from "./site";

/**
 * SPEC 4/6: the bearer token of API calls lives in a cookie, one name per
 * environment (config environments.<env>.tokenCookie; the environment comes from
 * the host). A `meta.token` in a v2 response replaces it for 30 days on the
 * shop's root domain: Secure, HttpOnly, SameSite=Lax. On the local hosts of development
 * and test (`*.localhost`) the Domain is omitted (browsers refuse Domain=localhost names)
 * and Secure is dropped when the request came over plain http.
 */

export const TOKEN_MAX_AGE_SECONDS = 30 * DAY_SECONDS;
export const MAX_TOKEN_BYTES = 4096;

/** A token the worker will store and forward: 1..4096 cookie-octets (no controls, `;`, spaces, quotes, commas, backslashes). */
export function isAcceptableToken(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && new TextEncoder().encode(token).byteLength <= MAX_TOKEN_BYTES && isCookieValue(token);
}

export function tokenCookieName(config: ShopConfig, site: Site): string {
  return config.environments[site.environment].tokenCookie;
}

/** The token from the environment's cookie, when it is one the worker would have written itself. */
export function tokenFromRequest(request: Request, config: ShopConfig, site: Site): string | undefined {
  const token = readCookie(request, tokenCookieName(config, site));
  return isAcceptableToken(token) ? token : undefined;
}

/**
 * The shop's root domain for the cookie: the configured host the request matched,
 * without port and without a leading `www.`. Undefined (host-only) for local
 * hosts and for the no-shop-found shop, whose host is not a configured one.
 */
export function cookieDomainFor(site: Site, requestUrl: URL): string | undefined {
  if (site.kind !== "shop" || isLocalEnvironment(site.environment)) return undefined;
  const hostname = requestUrl.hostname.toLowerCase();
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return undefined;
  return hostname.startsWith("www.") ? hostname.slice(4) : hostname;
}

/** The Set-Cookie value for a new token, or undefined when the token is refused. */
export function tokenSetCookie(config: ShopConfig, site: Site, requestUrl: URL, token: unknown): string | undefined {
  if (!isAcceptableToken(token)) return undefined;
  return serializeCookie(tokenCookieName(config, site), token, {
    maxAgeSeconds: TOKEN_MAX_AGE_SECONDS,
    domain: cookieDomainFor(site, requestUrl),
    secure: requestUrl.protocol === "https:" || !isLocalEnvironment(site.environment),
    httpOnly: true,
    sameSite: "Lax",
  });
}
