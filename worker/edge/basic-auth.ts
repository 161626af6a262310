import type { MiddlewareHandler } from "hono";
import type { ShopConfig } from "@config/shop-config";
import { base64Bytes } from "@worker/lib/base64";
import { matchApiPath } from "./api-proxy";
import type { EdgeEnv } from "./context";
import { constantTimeEqual } from "./upstream-rules";

/**
 * Basic authentication of the shops' non-API calls in the environments whose config sets
 * `basicAuth` (config/shops.json `environments`, e.g. integration: a shop nobody may see before its
 * release): pages, build files and media need the credentials of the worker secret
 * BASIC_AUTH_CREDENTIALS (`user:password`), compared in constant time. API calls keep their bearer
 * token (a page's own calls are same-origin and come from a page that was let in); the back office
 * has Cloudflare Access. An environment that asks for it without the secret lets nobody in.
 */
export const BASIC_AUTH_REALM = "Bodenhaus";

/** The `user:password` of an Authorization header's Basic credentials, or null when it has none (or they are not base64 of UTF-8). */
export function basicCredentials(header: string | null): string | null {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header ?? "");
  if (!match) return null;
  try {
    const bytes = base64Bytes(match[1]!);
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

export function basicAuth(config: ShopConfig): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const site = c.get("site");
    if (site.kind === "back-office" || !config.environments[site.environment].basicAuth) return next();
    if (matchApiPath(new URL(c.req.url).pathname, site, config)) return next();
    const secret = c.env?.BASIC_AUTH_CREDENTIALS ?? "";
    const given = basicCredentials(c.req.header("authorization") ?? null);
    if (secret.includes(":") && given !== null && (await constantTimeEqual(given, secret))) return next();
    return new Response("401 Unauthorized", {
      status: 401,
      headers: {
        "www-authenticate": `Basic realm="${BASIC_AUTH_REALM}", charset="UTF-8"`,
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "private, no-store",
      },
    });
  };
}
