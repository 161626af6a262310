import { contentHash } from "./banner";

/**
 * Product, category and manufacturer media live on the media host, not in the static
 * build. GATSBY_MEDIA_ORIGIN names it; without one (the demo catalogue has no image
 * files) images are drawn as small inline placeholders so pages stay complete and
 * valid, and download/video links point at the default media host.
 */
const MEDIA_ORIGIN = process.env.GATSBY_MEDIA_ORIGIN ?? "";
const LINK_ORIGIN = MEDIA_ORIGIN || "https://media.bodenhaus.example";

const TONES = ["#c9a27e", "#a77b52", "#d8c3a5", "#8c6a4f", "#b5b1a8", "#7d8b74", "#c2b59b", "#9c8f80"];

/** Image source for a media path: on the media host, or a placeholder tinted per path. */
export function imageSrc(url: string | null | undefined): string {
  if (url && /^https?:\/\//.test(url)) return url;
  if (url && MEDIA_ORIGIN) return `${MEDIA_ORIGIN}${url}`;
  const tone = TONES[parseInt(contentHash(url ?? ""), 16) % TONES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="${tone}"/><path d="M0 .75h4M0 1.5h4M0 2.25h4M1.3 0v.75M2.6.75v.75M.9 1.5v.75M3 2.25V3" stroke="#0000001f" stroke-width=".03"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Link to a download or video file on the media host. */
export function mediaHref(url: string): string {
  return /^https?:\/\//.test(url) ? url : `${LINK_ORIGIN}${url}`;
}
