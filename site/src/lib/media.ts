import { isRasterMedia, MEDIA_WIDTHS, VARIANT_FORMATS, variantPath, type VariantFormat } from "@domain/media";

/**
 * Product, category and manufacturer media live in the media store (docs/decisions/0046, 0068):
 * the worker serves it at /images/*, /downloads/* and /videos/* on every shop host; GATSBY_MEDIA_ORIGIN names another
 * host that serves the same names (an R2 bucket's public host in production). Only an
 * image the data does not name at all is drawn as a small inline placeholder.
 */
const MEDIA_ORIGIN = process.env.GATSBY_MEDIA_ORIGIN ?? "";

const PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#d8c3a5"/></svg>')}`;

/** Image source for a media path: in the media store (or on the media host), or a neutral placeholder when there is none. */
export function imageSrc(url: string | null | undefined): string {
  if (url && /^https?:\/\//.test(url)) return url;
  if (url && url.startsWith("/") && !url.startsWith("//")) return `${MEDIA_ORIGIN}${url}`;
  return PLACEHOLDER;
}

/** The `srcset` of a raster image of the store in one format (null for anything else: SVG, other hosts, no image). */
export function imageSrcSet(url: string | null | undefined, format: VariantFormat): string | null {
  if (!url || !isRasterMedia(url)) return null;
  return MEDIA_WIDTHS.map((width) => `${MEDIA_ORIGIN}${variantPath(url, width, format)} ${width}w`).join(", ");
}

export { VARIANT_FORMATS };

/** Link to a download (/downloads/...) or video file (/videos/...) in the media store, or the absolute URL the catalogue gives. */
export function mediaHref(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${MEDIA_ORIGIN}${url}`;
}
