import { hasOnlySafeSegments } from "./safe-path";
import type { MiddlewareHandler } from "hono";
import type { ShopDefinition } from "../config/shop-config";
import type { FetchBinding } from "../env";
import { staticCacheControl, HTML_CACHE } from "./cache-policy";
import { replaceResponse, type EdgeContext, type EdgeEnv } from "./context";
import { PageError } from "./error-pages";
import { locationOn, pathSegments, redirectResponse } from "./redirect";
import { withoutLanguage } from "./cookie-gates";

/**
 * Each shop's static build lives in dist/<SHOP>/ and is reached through the one
 * ASSETS binding under the prefix /<SHOP> (docs/decisions/0002). Paths are mapped
 * here, never resolved against a user-supplied base.
 */
const ASSET_ORIGIN = "https://assets.internal";
const PASSED_HEADERS = ["if-none-match", "if-modified-since", "range", "accept-encoding"];

export const NOT_FOUND_TEXT = "This page could not be found";

/** Maps a request path to the file of the shop's build: `/` and `/de/` to their index.html. */
export function assetPath(shopId: string, pathname: string): string {
  const file = pathname.endsWith("/") ? `${pathname}index.html` : pathname;
  return `/${shopId}${file}`;
}

/** False for paths no build file can have: encoded separators, dot segments, control characters. */
export function isServablePath(pathname: string): boolean {
  return pathname.startsWith("/") && !pathname.startsWith("//") && hasOnlySafeSegments(pathname);
}

export async function fetchAsset(assets: FetchBinding, path: string, request: Request): Promise<Response | null> {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  let response: Response;
  try {
    response = await assets.fetch(`${ASSET_ORIGIN}${path}`, { method: request.method === "HEAD" ? "HEAD" : "GET", headers });
  } catch {
    throw new PageError(503, "static files unavailable");
  }
  if (response.status === 404) return null;
  if (response.status >= 500) throw new PageError(503, "static files unavailable");
  return response;
}

/** True when the path looks like a page directory without its trailing slash (`/de`). */
export function wantsTrailingSlash(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return last !== "" && !last.includes(".");
}

const DEVELOPER_MODE_ROUTES = new Set(["/DeveloperMode", "/developer-mode.html"]);

/** A minimal developer-mode page for builds that have none (the route itself is gated by its cookie). */
function developerModePage(shop: ShopDefinition): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Developer mode</title></head>
<body><main><h1>Developer mode</h1><p>Shop ${shop.id}. The storefront application is disabled for this browser while the developer-mode cookie is set.</p></main></body></html>`;
}

/** Serves a file of the shop's build with its cache policy; 404 page when the build has none. */
export async function serveStatic(c: EdgeContext, shop: ShopDefinition, pathname: string): Promise<Response> {
  if (!isServablePath(pathname)) throw new PageError(404, "unservable path");
  const assets = c.env.ASSETS;
  const asset = await fetchAsset(assets, assetPath(shop.id, pathname), c.req.raw);
  if (asset) {
    const response = new Response(asset.body, asset);
    response.headers.set("cache-control", staticCacheControl(pathname));
    replaceResponse(c, response);
    return c.res;
  }
  const bare = withoutLanguage(pathname, [...shop.domainPrefixes]);
  if (DEVELOPER_MODE_ROUTES.has(bare)) {
    const prefix = pathname.slice(0, pathname.length - bare.length);
    const page = await fetchAsset(assets, assetPath(shop.id, `${prefix}/developer-mode.html`), c.req.raw);
    if (page) return new Response(page.body, { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });
    return new Response(c.req.method === "HEAD" ? null : developerModePage(shop), { headers: { "content-type": "text/html; charset=utf-8" } });
  }
  if (wantsTrailingSlash(pathname) && (await fetchAsset(assets, assetPath(shop.id, `${pathname}/`), c.req.raw))) {
    const site = c.get("site");
    const origin = site.kind === "shop" ? site.preferredOrigin : "";
    return redirectResponse(locationOn(origin, pathSegments(pathname), true, new URL(c.req.url).search), 301);
  }
  throw new PageError(404, "no such file");
}

/** The last piece: GET/HEAD of a shop's page or file, or the no-shop-found page. */
export function staticPages(noShop: (c: EdgeContext) => string): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const site = c.get("site");
    const { pathname } = new URL(c.req.url);
    if (site.kind === "no-shop") {
      if (pathname !== "/") throw new PageError(404, "no shop for this host");
      return new Response(c.req.method === "HEAD" ? null : noShop(c), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": HTML_CACHE } });
    }
    return serveStatic(c, site.shop, pathname);
  };
}
