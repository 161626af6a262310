import type { MiddlewareHandler } from "hono";
import { fetchAsset } from "./build-assets";
import { replaceResponse, type EdgeEnv } from "./context";
import { PageError } from "./page-error";
import { isServablePath } from "./static-pages";

/**
 * The media store (docs/decisions/0046): `/images/...` on every shop host is one folder
 * shared by all shops, `_media/` beside the shops' builds in ASSETS (named as
 * domain/media.ts says: a JPEG at the catalogue's path and AVIF/WebP variants per width).
 * A path the store lacks is the shop's 404 page, never a shop build's file.
 */
export const MEDIA_PREFIX = "/images/";
export const MEDIA_ASSET_ROOT = "/_media";
/** The files keep their names when the catalogue changes a picture (a new picture gets a new path in the demo); a day, then revalidated. */
export const MEDIA_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

const TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", svg: "image/svg+xml" };

export function media(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const { pathname } = new URL(c.req.url);
    if (!pathname.startsWith(MEDIA_PREFIX) || c.get("site").kind !== "shop") return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const type = TYPES[pathname.slice(pathname.lastIndexOf(".") + 1).toLowerCase()];
    if (!type || !isServablePath(pathname)) throw new PageError(404, "no such image");
    const asset = await fetchAsset(c.env.ASSETS, `${MEDIA_ASSET_ROOT}${pathname}`, c.req.raw);
    if (!asset) throw new PageError(404, "no such image");
    const response = new Response(asset.body, asset);
    response.headers.set("content-type", type);
    response.headers.set("cache-control", MEDIA_CACHE);
    replaceResponse(c, response);
    return c.res;
  };
}
