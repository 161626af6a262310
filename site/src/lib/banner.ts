/**
 * Header info and warning banners (SPEC 3 "Notifications"): a banner the visitor closed
 * stays hidden while the hide cookie holds the hash of the content it showed; when the
 * merchandiser changes the content the hash differs and the banner shows again.
 */
export type BannerKind = "info" | "warn";

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

export function isBannerHidden(cookies: string, kind: BannerKind, hash: string): boolean {
  return readCookie(cookies, bannerCookieName(kind)) === hash;
}

/** The cookie that hides the banner with this content hash (one year, whole site). */
export function hideBannerCookie(kind: BannerKind, hash: string, secure: boolean): string {
  return `${bannerCookieName(kind)}=${hash}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
