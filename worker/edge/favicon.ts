import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "./context";
import { redirectResponse } from "./redirect";

/** The shops' icon: every page links it; the build has no other. */
export const FAVICON_PATH = "/favicon.svg";

/**
 * `/favicon.ico`, which browsers ask for by themselves when a page has not (yet) named its
 * icon, answers a permanent redirect to the shops' SVG icon in every shop and language, so
 * no page ever logs a failed icon request.
 */
export function favicon(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || c.get("site").kind !== "shop") return next();
    if (new URL(c.req.url).pathname !== "/favicon.ico") return next();
    return redirectResponse(FAVICON_PATH, 301, { "cache-control": "public, max-age=86400" });
  };
}
