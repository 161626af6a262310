import type { MiddlewareHandler } from "hono";
import { isCampaignCarouselPath } from "@domain/campaign";
import { mutableResponse, type EdgeEnv } from "./context";

/**
 * Caching (docs/decisions/0006): static HTML and page-data are cacheable at the CDN
 * with a short max-age and stale-while-revalidate; hashed JS/CSS and /static/ are
 * immutable; API responses, anything that sets a cookie and anything whose answer
 * depended on a cookie are `private, no-store` (the latter also `Vary: Cookie`).
 */

export const PRIVATE_NO_STORE = "private, no-store";
export const HTML_CACHE = "public, max-age=60, s-maxage=300, stale-while-revalidate=86400";
export const PAGE_DATA_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=3600";
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
export const ASSET_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

/** Content-hashed bundles Gatsby writes: app-<hash>.js, component---...-<hash>.js, styles.<hash>.css. */
export const HASHED_BUNDLE = /[-.][0-9a-f]{16,}\.(js|css|mjs)(\.map)?$/;

/** The Cache-Control of a static file by its request path. */
export function staticCacheControl(pathname: string): string {
  if (pathname === "/sw.js") return "no-cache";
  // The campaign carousel route is a page under /static/, not one of the build's hashed files.
  if (isCampaignCarouselPath(pathname)) return HTML_CACHE;
  if (pathname.startsWith("/static/") || HASHED_BUNDLE.test(pathname)) return IMMUTABLE_CACHE;
  if (pathname.startsWith("/page-data/") || pathname.endsWith("/page-data.json") || pathname.endsWith("app-data.json")) return PAGE_DATA_CACHE;
  if (pathname.endsWith("/") || pathname.endsWith(".html")) return HTML_CACHE;
  return ASSET_CACHE;
}

function mergeVary(existing: string | null, add: string[]): string {
  const names = (existing ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of add) if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(", ");
}

export function cachePolicy(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    c.set("personal", false);
    c.set("varyOn", []);
    await next();
    const response = mutableResponse(c);
    const vary = [...(c.get("varyOn") ?? [])];
    if (c.get("personal")) {
      vary.unshift("Cookie");
      response.headers.set("cache-control", PRIVATE_NO_STORE);
    }
    if (response.headers.has("set-cookie")) response.headers.set("cache-control", PRIVATE_NO_STORE);
    if (vary.length > 0) response.headers.set("vary", mergeVary(response.headers.get("vary"), vary));
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  };
}
