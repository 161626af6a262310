import { isLocalEnvironment, type ShopConfig } from "@config/shop-config";
import { TOKEN_LIFETIME_DAYS } from "@domain/visitor-token";
import { DAY_SECONDS, isCookieValue, readCookie, serializeCookie } from "./cookies";
import type { Site } from "./site";

/**
 * The bearer token of API calls lives in a cookie, one name per environment
 * (config environments.<env>.tokenCookie; the environment comes from the host). The shop
 * API hands a new or renewed token to the edge in the x-visitor-token response header;
 * the edge stores it for 30 days (docs/decisions/0029) in a host-only cookie: the
 * `__Host-` prefix, Secure, Path=/, no Domain, HttpOnly, SameSite=Strict, so no other
 * host of the domain (staging, integration, media) ever receives or sets it. Browsers
 * refuse `__Host-` and Secure cookies over plain http, so a local host (development, test) over http
 * (`*.localhost`) keeps the configured name without prefix and without Secure.
 */

export const TOKEN_MAX_AGE_SECONDS = TOKEN_LIFETIME_DAYS * DAY_SECONDS;
export const MAX_TOKEN_BYTES = 4096;

/** A token the worker will store and forward: 1..4096 cookie-octets (no controls, `;`, spaces, quotes, commas, backslashes). */
export function isAcceptableToken(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && new TextEncoder().encode(token).byteLength <= MAX_TOKEN_BYTES && isCookieValue(token);
}

/** True when the cookie can be Secure: the request came over https, or the environment is not a local one (development, test: always https elsewhere). */
function isSecure(site: Site, requestUrl: URL): boolean {
  return requestUrl.protocol === "https:" || !isLocalEnvironment(site.environment);
}

/** The environment's cookie name as configured (the name of the cookie before it became host-only). */
function configuredName(config: ShopConfig, site: Site): string {
  return config.environments[site.environment].tokenCookie;
}

export function tokenCookieName(config: ShopConfig, site: Site, requestUrl: URL): string {
  const name = configuredName(config, site);
  return isSecure(site, requestUrl) ? `__Host-${name}` : name;
}

/** The token from the environment's cookie, when it is one the worker would have written itself. */
export function tokenFromRequest(request: Request, config: ShopConfig, site: Site): string | undefined {
  const token = readCookie(request, tokenCookieName(config, site, new URL(request.url)));
  return isAcceptableToken(token) ? token : undefined;
}

/** The Set-Cookie value for a new or renewed token, or undefined when the token is refused. */
export function tokenSetCookie(config: ShopConfig, site: Site, requestUrl: URL, token: string): string | undefined {
  if (!isAcceptableToken(token)) return undefined;
  const secure = isSecure(site, requestUrl);
  return serializeCookie(tokenCookieName(config, site, requestUrl), token, {
    maxAgeSeconds: TOKEN_MAX_AGE_SECONDS,
    secure,
    httpOnly: true,
    sameSite: "Strict",
  });
}

/**
 * The token cookie used to go out under the configured name on the shop's root domain
 * (`Domain=bodenhaus.example`), so every subdomain received it and could set it.
 * Such a cookie is never read any more (a subdomain could have planted it); a request
 * that still carries one gets a Set-Cookie that deletes it. Undefined when there is none
 * or it cannot be one (development over http, the no-shop-found host).
 */
export function legacyTokenCookieDeletion(request: Request, config: ShopConfig, site: Site): string | undefined {
  const url = new URL(request.url);
  if (site.kind !== "shop" || url.protocol !== "https:" || isLocalEnvironment(site.environment)) return undefined;
  const name = configuredName(config, site);
  if (readCookie(request, name) === undefined) return undefined;
  const hostname = url.hostname.toLowerCase();
  const domain = hostname.startsWith("www.") ? hostname.slice(4) : hostname;
  return serializeCookie(name, "", { maxAgeSeconds: 0, domain, secure: true, httpOnly: true, sameSite: "Lax" });
}
