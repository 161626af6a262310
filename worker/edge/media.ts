import type { MiddlewareHandler } from "hono";
import { mediaContentType, mediaFolder } from "@domain/media";
import { contentRange, parseByteRange, sliceStream } from "../lib/byte-range";
import { fetchAsset } from "./build-assets";
import { replaceResponse, type EdgeEnv } from "./context";
import { PageError } from "./page-error";
import { isServablePath } from "./static-pages";

/**
 * The media store (docs/decisions/0046, 0068): `/images/...` (pictures), `/downloads/...`
 * (datasheets and laying guides as PDF) and `/videos/...` (MP4, WebM) on every shop host are one
 * folder shared by all shops, `_media/` beside the shops' builds in ASSETS (named and typed
 * as domain/media.ts says). Every file answers byte ranges (206, for a player's seeking) and HEAD.
 * A path the store lacks, a type its folder does not hold or a path that climbs out is the
 * shop's 404 page, never a shop build's file.
 */
export const MEDIA_ASSET_ROOT = "/_media";
/** The files keep their names when the catalogue changes a picture (a new picture gets a new path in the demo); a day, then revalidated. */
export const MEDIA_CACHE = "public, max-age=86400, stale-while-revalidate=604800";

/** The request as ASSETS gets it: the whole file as it is stored (the edge cuts the range itself, from the file's own bytes). */
function wholeFileRequest(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("range");
  headers.delete("accept-encoding");
  return new Request(request.url, { method: "GET", headers });
}

/** The file's answer: the whole file, one part of it (206) or 416, with the type, cache policy and Accept-Ranges. */
async function rangedResponse(asset: Response, request: Request, type: string): Promise<Response> {
  const headers = new Headers(asset.headers);
  headers.set("content-type", type);
  headers.set("cache-control", MEDIA_CACHE);
  headers.set("accept-ranges", "bytes");
  if (asset.status !== 200 || !asset.body) return new Response(request.method === "HEAD" ? null : asset.body, { status: asset.status, headers });
  const length = Number(asset.headers.get("content-length") ?? Number.NaN);
  let body: ReadableStream<Uint8Array> | ArrayBuffer = asset.body;
  let size = length;
  if (!Number.isSafeInteger(length)) {
    body = await asset.arrayBuffer();
    size = body.byteLength;
  }
  // If-Range with another validator than the file's asks for the whole (changed) file.
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== asset.headers.get("etag") ? { kind: "whole" as const } : parseByteRange(request.headers.get("range"), size);
  const head = request.method === "HEAD";
  if (range.kind === "unsatisfiable") {
    if (body instanceof ReadableStream) await body.cancel();
    headers.set("content-range", contentRange(range, size)!);
    headers.set("content-length", "0");
    return new Response(null, { status: 416, headers });
  }
  if (range.kind === "whole") {
    headers.set("content-length", String(size));
    if (head && body instanceof ReadableStream) await body.cancel();
    return new Response(head ? null : body, { status: 200, headers });
  }
  headers.set("content-range", contentRange(range, size)!);
  headers.set("content-length", String(range.end - range.start + 1));
  if (head) {
    if (body instanceof ReadableStream) await body.cancel();
    return new Response(null, { status: 206, headers });
  }
  const part = body instanceof ReadableStream ? sliceStream(body, range.start, range.end) : body.slice(range.start, range.end + 1);
  return new Response(part, { status: 206, headers });
}

export function media(): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const { pathname } = new URL(c.req.url);
    if (!mediaFolder(pathname) || c.get("site").kind !== "shop") return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const type = mediaContentType(pathname);
    if (!type || !isServablePath(pathname)) throw new PageError(404, "no such media file");
    const asset = await fetchAsset(c.env.ASSETS, `${MEDIA_ASSET_ROOT}${pathname}`, wholeFileRequest(c.req.raw));
    if (!asset) throw new PageError(404, "no such media file");
    replaceResponse(c, await rangedResponse(asset, c.req.raw, type));
    return c.res;
  };
}
