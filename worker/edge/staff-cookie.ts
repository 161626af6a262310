import { STAFF_SESSION_LIFETIME_SECONDS } from "@domain/staff-session";
import { isLocalEnvironment, type Environment } from "@config/shop-config";
import { readCookie, serializeCookie } from "./cookies";

/**
 * The back office's staff session cookie (docs/decisions/0033), the same rules as the
 * visitor's token cookie (0029): host-only with the `__Host-` prefix, Secure, HttpOnly,
 * SameSite=Strict, Path=/, never a Domain, so only the back-office host ever receives or
 * sets it, and no page script can read it. Over plain http on a local host (development,
 * test), where browsers refuse `__Host-` and Secure, the configured name without prefix.
 * The shop API hands a new session token to the edge in the x-staff-session response
 * header and an empty one to end it; the edge sends the cookie's token upstream in the
 * x-staff-session request header (the Cookie header never goes upstream).
 */

const STAFF_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const isSecure = (environment: Environment, requestUrl: URL): boolean => requestUrl.protocol === "https:" || !isLocalEnvironment(environment);

export function staffCookieName(configured: string, environment: Environment, requestUrl: URL): string {
  return isSecure(environment, requestUrl) ? `__Host-${configured}` : configured;
}

/** The session token of the request's staff cookie when it has the shape of one (32 random bytes, base64url). */
export function staffTokenFromRequest(request: Request, configured: string, environment: Environment): string | undefined {
  const token = readCookie(request, staffCookieName(configured, environment, new URL(request.url)));
  return token !== undefined && STAFF_TOKEN.test(token) ? token : undefined;
}

/**
 * The Set-Cookie for the token the shop API handed over: the session's cookie for a token, a
 * deletion for an empty value, undefined (refused) for anything else.
 */
export function staffSetCookie(configured: string, environment: Environment, requestUrl: URL, handed: string): string | undefined {
  if (handed !== "" && !STAFF_TOKEN.test(handed)) return undefined;
  return serializeCookie(staffCookieName(configured, environment, requestUrl), handed, {
    maxAgeSeconds: handed === "" ? 0 : STAFF_SESSION_LIFETIME_SECONDS,
    secure: isSecure(environment, requestUrl),
    httpOnly: true,
    sameSite: "Strict",
  });
}
