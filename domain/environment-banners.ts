/**
 * The environment's banners (Environment.banners: platform mobile or desktop, content,
 * location homepage, pdp, offer, cart or category) are the CMS blocks named
 * `banner-{location}-{platform}` (e.g. banner-homepage-desktop). GET /apiv2/environment answers
 * them live; the build shows them at the top of their page (the home page's HeadBanner block, the
 * product page, the category page, the cart and the offer page: site/src/components/EnvironmentBanners.tsx).
 */
export const BANNER_LOCATIONS = ["homepage", "pdp", "offer", "cart", "category"] as const;
export const BANNER_PLATFORMS = ["desktop", "mobile"] as const;
export type BannerLocation = (typeof BANNER_LOCATIONS)[number];
export type BannerPlatform = (typeof BANNER_PLATFORMS)[number];

/** Location and platform of a banner block, or null when the identifier names no known location and platform. */
export function environmentBanner(identifier: string): { location: BannerLocation; platform: BannerPlatform } | null {
  const match = /^banner-([a-z]+)-([a-z]+)$/.exec(identifier);
  if (!match) return null;
  const location = BANNER_LOCATIONS.find((known) => known === match[1]);
  const platform = BANNER_PLATFORMS.find((known) => known === match[2]);
  return location && platform ? { location, platform } : null;
}
