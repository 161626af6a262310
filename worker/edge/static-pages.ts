import { hasFilterParams } from "@domain/category-listing";
import { hasOnlySafeSegments } from "./safe-path";
import type { MiddlewareHandler } from "hono";
import type { ShopDefinition } from "@config/shop-config";
import { buildFile } from "./build-assets";
import { staticCacheControl, HTML_CACHE } from "./cache-policy";
import { replaceResponse, type EdgeContext, type EdgeEnv } from "./context";
import { CSP_MANIFEST_FILE } from "./csp-manifest";
import { inquiryPageFile } from "./inquiry-pages";
import { PageError } from "./page-error";
import { locationOn, pathSegments, redirectResponse } from "./redirect";
import { siteStore } from "./site-store";

/** False for paths no build file can have: encoded separators, dot segments, control characters. */
export function isServablePath(pathname: string): boolean {
  return pathname.startsWith("/") && !pathname.startsWith("//") && hasOnlySafeSegments(pathname);
}

/** True when the path looks like a page directory without its trailing slash (`/de`). */
export function wantsTrailingSlash(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return last !== "" && !last.includes(".");
}

/** The request without its cache validators (If-None-Match, If-Modified-Since): the answer is the whole file. */
function withoutValidators(request: Request): Request {
  if (!request.headers.has("if-none-match") && !request.headers.has("if-modified-since")) return request;
  const headers = new Headers(request.headers);
  headers.delete("if-none-match");
  headers.delete("if-modified-since");
  return new Request(request.url, { method: request.method, headers });
}

/** The build's CSP manifest is for the edge only, however its name is spelled (ASSETS decodes each segment). */
const isCspManifest = (file: string) => decodeURIComponent(file).replace(/\/+/g, "/") === CSP_MANIFEST_FILE;

/**
 * Serves a file of the shop's build with its cache policy, its body streamed as the shop's
 * store (site-store.ts: static assets or R2) gives it; 404 page when the build has none.
 */
export async function serveStatic(c: EdgeContext, shop: ShopDefinition, pathname: string): Promise<Response> {
  if (!isServablePath(pathname)) throw new PageError(404, "unservable path");
  // An inquiry page stands for every sku below it (`/{inquiry}/{sku}`; inquiry-pages.ts).
  const inquiryPage = inquiryPageFile(shop, pathname);
  const file = inquiryPage ?? buildFile(pathname);
  if (isCspManifest(file)) throw new PageError(404, "build manifest");
  const store = siteStore(c, shop);
  if (!store) throw new PageError(503, "static files unavailable");
  // Developer mode: never a 304 for a page a browser may have kept with its scripts allowed (developer-mode.ts).
  const request = c.get("developerMode") ? withoutValidators(c.req.raw) : c.req.raw;
  const asset = await store.file(shop.id, file, request);
  if (asset) {
    const response = new Response(asset.body, asset);
    response.headers.set("cache-control", inquiryPage ? HTML_CACHE : staticCacheControl(pathname));
    // A category page with filters in its query (domain/category-listing.ts) shows a
    // filtered list once it runs: not indexed, whatever the static file says.
    if (file.endsWith(".html") && hasFilterParams(new URL(c.req.url).searchParams)) response.headers.set("x-robots-tag", "noindex");
    c.set("buildPage", { shopId: shop.id, file });
    replaceResponse(c, response);
    return c.res;
  }
  if (wantsTrailingSlash(pathname) && (await store.file(shop.id, buildFile(`${pathname}/`), new Request(c.req.url, { method: "HEAD" })))) {
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
    if (site.kind === "back-office") throw new PageError(404, "the back office serves its own files (back-office.ts)");
    if (site.kind === "no-shop") {
      if (pathname !== "/") throw new PageError(404, "no shop for this host");
      return new Response(c.req.method === "HEAD" ? null : noShop(c), { headers: { "content-type": "text/html; charset=utf-8", "cache-control": HTML_CACHE } });
    }
    return serveStatic(c, site.shop, pathname);
  };
}
