import type { MiddlewareHandler } from "hono";
import type { ShopConfig } from "@config/shop-config";
import { markPersonal, type EdgeEnv } from "./context";
import { matchesGatePath } from "./cookie-gates";
import { withoutLanguage } from "./language-prefix";
import { PageError } from "./page-error";
import { locationOn, pathSegments, redirectResponse } from "./redirect";

/**
 * The upstream rules (docs/decisions/0008). A request is an upstream request
 * when it carries the configured header (edge.upstreamRequestHeader) with the
 * shared secret of env UPSTREAM_REQUEST_SECRET, compared in constant time; without
 * a configured secret no request is one. Upstream requests are served only for
 * the home page, the gated static pages (search, developer mode), generic `.html`
 * pages that are not legacy pages (config legacyPaths: contact and voucher pages)
 * and the files those pages load. Anything else is redirected to the shop's
 * legacyOrigin (or 404 without one, or with edge.legacyAction "not-found").
 * Direct requests are always served.
 */

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** Constant-time comparison: both sides are hashed to 32 bytes first, so neither length nor content leaks. */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([digest(a), digest(b)]);
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left[index]! ^ right[index]!;
  return difference === 0;
}

export async function isUpstreamRequest(request: Request, headerName: string, secret: string | undefined): Promise<boolean> {
  if (!secret || secret.length < 16) return false;
  const value = request.headers.get(headerName);
  if (value === null) return false;
  return constantTimeEqual(value, secret);
}

/** Whether an upstream request for this path is served here (path already without its language prefix). */
export function servedToUpstream(path: string, config: ShopConfig): boolean {
  if (path === "/") return true;
  if (config.edge.gates.some((gate) => matchesGatePath(path, gate.paths))) return true;
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (path.endsWith(".html")) return !config.legacyPaths.includes(last) || path !== `/${last}`;
  // Files the served pages load: page-data, bundles, images, fonts, sw.js ...
  return path.startsWith("/page-data/") || path.startsWith("/static/") || /\.[a-z0-9]{1,8}$/i.test(last);
}

export function upstreamRules(config: ShopConfig): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const upstream = await isUpstreamRequest(c.req.raw, config.edge.upstreamRequestHeader, c.env?.UPSTREAM_REQUEST_SECRET);
    c.set("upstreamRequest", upstream);
    if (!upstream) return next();
    const url = new URL(c.req.url);
    if (servedToUpstream(withoutLanguage(url.pathname, config.urlLanguages), config)) return next();
    // The answer depends on a request header no cache key holds: never shared.
    markPersonal(c);
    const site = c.get("site");
    if (site.kind === "shop" && site.shop.legacyOrigin && config.edge.legacyAction === "redirect") {
      const segments = pathSegments(url.pathname);
      return redirectResponse(locationOn(new URL(site.shop.legacyOrigin).origin, segments, url.pathname.endsWith("/"), url.search), 302, {
        "cache-control": "private, no-store",
      });
    }
    throw new PageError(404, "legacy page on an upstream request");
  };
}
