import { CUSTOMER_SESSION_LIFETIME_DAYS } from "@domain/account";
import { isLocalEnvironment, type ShopConfig } from "@config/shop-config";
import { DAY_SECONDS, readCookie, serializeCookie } from "./cookies";
import type { Site } from "./site";

/**
 * The customer session cookie (docs/decisions/0037), the rules of the visitor's
 * token cookie (token-cookie.ts, docs/decisions/0029): host-only with the `__Host-` prefix,
 * Secure, HttpOnly, Path=/, never a Domain, so no other host of the domain receives or sets
 * it and no page script reads it; SameSite=Lax, so a customer who follows a link to the shop
 * from a mail or another site arrives signed in (every write also passes the edge's
 * same-origin check). The name is `environments.<env>.sessionCookie`; over plain http on a
 * local host (development, test) it has no prefix and no Secure, as browsers refuse both there.
 *
 * The shop API hands a new session token to the edge in the x-customer-session response
 * header and an empty value to end the session; the edge turns it into this cookie and
 * never passes the header on. On API requests the edge sends the cookie's token upstream in
 * the x-customer-session request header; a client's own header of that name never goes up.
 * The cookie lasts as long as a session can (90 days); the shop API ends sessions earlier
 * (idle, revoked) and then has the cookie deleted.
 */

export const SESSION_MAX_AGE_SECONDS = CUSTOMER_SESSION_LIFETIME_DAYS * DAY_SECONDS;
/** A session token: 32 random bytes, base64url. */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const isSecure = (site: Site, requestUrl: URL): boolean => requestUrl.protocol === "https:" || !isLocalEnvironment(site.environment);

export function sessionCookieName(config: ShopConfig, site: Site, requestUrl: URL): string {
  const name = config.environments[site.environment].sessionCookie;
  return isSecure(site, requestUrl) ? `__Host-${name}` : name;
}

/** The session token of the request's cookie when it has the shape of one. */
export function sessionTokenFromRequest(request: Request, config: ShopConfig, site: Site): string | undefined {
  const token = readCookie(request, sessionCookieName(config, site, new URL(request.url)));
  return token !== undefined && SESSION_TOKEN.test(token) ? token : undefined;
}

/**
 * The Set-Cookie for the value the shop API handed over: the session's cookie for a token, a
 * deletion for an empty value, undefined (refused) for anything else.
 */
export function sessionSetCookie(config: ShopConfig, site: Site, requestUrl: URL, handed: string): string | undefined {
  if (handed !== "" && !SESSION_TOKEN.test(handed)) return undefined;
  return serializeCookie(sessionCookieName(config, site, requestUrl), handed, {
    maxAgeSeconds: handed === "" ? 0 : SESSION_MAX_AGE_SECONDS,
    secure: isSecure(site, requestUrl),
    httpOnly: true,
    sameSite: "Lax",
  });
}
