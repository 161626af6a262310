import { BANNER_PLATFORMS, type BannerPlatform } from "@domain/environment-banners";

/**
 * Header info and warning banners: a banner the visitor closed
 * stays hidden while the hide cookie holds the hash of the content it showed; when the
 * merchandiser changes the content the hash differs and the banner shows again.
 * Each page carries the hash of its banners on <html> (PageHead); the inline script in
 * <head> (site/gatsby-ssr.tsx) compares it with the hide cookie and marks <html> before
 * the first paint, and the stylesheet hides the banner under that mark.
 */
export type BannerKind = "info" | "warn";

/** The CMS blocks shown as banners, in the order they show. */
export const BANNER_BLOCKS: readonly { identifier: string; kind: BannerKind }[] = [
  { identifier: "header-warning", kind: "warn" },
  { identifier: "header-info", kind: "info" },
];

/**
 * The platforms a header notice has content for: its block (`header-info`) shows on every
 * platform, `header-info-desktop` / `header-info-mobile` on one and replace it there
 * (BANNER_PLATFORMS of domain/environment-banners.ts; the stylesheet's `platform-*` classes).
 */
export type NoticePlatform = "all" | BannerPlatform;

export interface BannerBlock {
  identifier: string;
  hash: string;
}

/** One header notice of a page: its kind, the hash of all it shows, and the block shown per platform. */
export interface PageBanner<Block extends BannerBlock> {
  kind: BannerKind;
  hash: string;
  variants: { platform: NoticePlatform; block: Block }[];
}

/** The page's banners, each with its block per platform (a general block only where no platform has its own). */
export function pageBanners<Block extends BannerBlock>(blocks: readonly Block[]): PageBanner<Block>[] {
  const byIdentifier = new Map(blocks.map((block) => [block.identifier, block]));
  return BANNER_BLOCKS.flatMap(({ identifier, kind }) => {
    const specific = BANNER_PLATFORMS.flatMap((platform) => {
      const block = byIdentifier.get(`${identifier}-${platform}`);
      return block ? [{ platform, block }] : [];
    });
    const general = byIdentifier.get(identifier);
    const variants: PageBanner<Block>["variants"] =
      general && specific.length < BANNER_PLATFORMS.length
        ? [
            {
              platform: specific.length === 0 ? "all" : BANNER_PLATFORMS.find((platform) => !specific.some((own) => own.platform === platform))!,
              block: general,
            },
            ...specific,
          ]
        : specific;
    if (variants.length === 0) return [];
    const hash = variants.length === 1 ? variants[0]!.block.hash : contentHash(variants.map(({ block }) => block.hash).join(" "));
    return [{ kind, hash, variants }];
  });
}

/** The attribute on <html> that holds the content hash of the page's banner of this kind. */
export function bannerHashAttribute(kind: BannerKind): string {
  return `data-${kind}-banner`;
}

/** The mark on <html> under which the stylesheet hides the banner of this kind. */
export function bannerHiddenAttribute(kind: BannerKind): string {
  return `data-${kind}-banner-hidden`;
}

/** The <html> attributes of a page with these blocks: each banner's content hash. */
export function bannerHashAttributes(blocks: readonly BannerBlock[]): Record<string, string> {
  return Object.fromEntries(pageBanners(blocks).map(({ kind, hash }) => [bannerHashAttribute(kind), hash]));
}

/** FNV-1a (32 bit) of the content, as 8 hex digits: stable, tiny, no crypto needed. */
export function contentHash(content: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < content.length; index += 1) {
    hash ^= content.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export function bannerCookieName(kind: BannerKind): string {
  return `bh_hide_${kind}_banner`;
}

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/**
 * The part of the inline <head> script that marks the banners whose hide cookie holds the
 * hash on <html>: isBannerHidden before the page's JavaScript (banner.test.ts compares them).
 */
export const MARK_HIDDEN_BANNERS_SCRIPT = `${JSON.stringify(
  BANNER_BLOCKS.map(({ kind }) => [bannerCookieName(kind), bannerHashAttribute(kind), bannerHiddenAttribute(kind)]),
)}.forEach(function(b){var h=document.documentElement,m=document.cookie.match(new RegExp("(?:^|;\\\\s*)"+b[0]+"=([^;]*)"));if(m&&m[1]===h.getAttribute(b[1]))h.setAttribute(b[2],"")})`;

export function isBannerHidden(cookies: string, kind: BannerKind, hash: string): boolean {
  return readCookie(cookies, bannerCookieName(kind)) === hash;
}

/** The cookie that hides the banner with this content hash (one year, whole site). */
export function hideBannerCookie(kind: BannerKind, hash: string, secure: boolean): string {
  return `${bannerCookieName(kind)}=${hash}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
