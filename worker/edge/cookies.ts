/**
 * Reading and writing the worker's own cookies. Values are read raw (never
 * URL-decoded, so `%0d%0a` stays inert) and only cookie-octets (RFC 6265) are
 * ever written, so no value can break out of its Set-Cookie header.
 */

const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;
const COOKIE_NAME = /^[A-Za-z0-9_!#$%&'*+.^`|~-]+$/;

/** The raw value of the first cookie called `name`, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    let value = part.slice(index + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

export function hasCookie(request: Request, name: string): boolean {
  return readCookie(request, name) !== undefined;
}

export function isCookieValue(value: string): boolean {
  return COOKIE_OCTETS.test(value);
}

export interface CookieAttributes {
  maxAgeSeconds: number;
  /** Omitted: a host-only cookie. */
  domain?: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: "Lax" | "Strict";
}

/** Builds a Set-Cookie value; throws on a name or value that is not safe to write. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  if (!COOKIE_NAME.test(name)) throw new Error("unsafe cookie name");
  if (!isCookieValue(value)) throw new Error("unsafe cookie value");
  if (attributes.domain !== undefined && !/^[a-z0-9.-]+$/.test(attributes.domain)) throw new Error("unsafe cookie domain");
  const parts = [`${name}=${value}`, `Max-Age=${Math.floor(attributes.maxAgeSeconds)}`, "Path=/"];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.secure) parts.push("Secure");
  if (attributes.httpOnly) parts.push("HttpOnly");
  parts.push(`SameSite=${attributes.sameSite}`);
  return parts.join("; ");
}

export const DAY_SECONDS = 24 * 60 * 60;
