/**
 * The sales campaign (campaignName, campaignDescription,
 * campaignCoupon, navigation banner, isActive, isArchived, navigationIsActive, filterIsActive,
 * start, hub with two sliders), as the shop API stores it per shop and language
 * (migrations/0027_campaigns.sql) and the storefront shows it, with its dates
 * (docs/decisions/0048-home-blocks-and-campaigns.md). Shared by the worker (the rebuild
 * pipeline's campaign clock) and the site (the build decides what a page shows).
 */
import { languagePrefix, type ShopRouting } from "./routes";

export interface CampaignSlide {
  title: string;
  url: string;
  image: string;
}

export interface CampaignNavigationBanner {
  url: string;
  imageDesktop: string;
  imageMobile: string;
  /** The banner's words (also the images' alternative text). */
  text: string;
}

export interface CampaignStart {
  isActive: boolean;
  url: string;
  imageDesktop: string;
  imageMobile: string;
}

export interface CampaignHub {
  isActive: boolean;
  /** The identifier of the shop's SALES page the hub is shown on. */
  identifier: string;
  bigImage: { top: string; url: string; textLeft: string; textRight: string };
  firstSlider: CampaignSlide[];
  secondSlider: CampaignSlide[];
}

export interface Campaign {
  identifier: string;
  campaignName: string;
  campaignDescription: string;
  /** A voucher code of the shop (the cart's voucher field takes it), or null: the reduced prices need no code. */
  campaignCoupon: string | null;
  /** ISO 8601, UTC: the campaign runs from startsAt (inclusive) to endsAt (exclusive). */
  startsAt: string;
  endsAt: string;
  isActive: boolean;
  isArchived: boolean;
  navigationIsActive: boolean;
  filterIsActive: boolean;
  navigationBanner: CampaignNavigationBanner | null;
  start: CampaignStart;
  hub: CampaignHub;
}

export const CAMPAIGN_STATES = ["upcoming", "running", "ended", "off"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/**
 * Where a campaign stands at `now`: off (switched off or archived), upcoming (before its
 * start), running (from its start to its end) or ended. Only a running campaign shows.
 */
export function campaignState(campaign: Pick<Campaign, "isActive" | "isArchived" | "startsAt" | "endsAt">, now: Date): CampaignState {
  if (!campaign.isActive || campaign.isArchived) return "off";
  const at = now.getTime();
  const start = Date.parse(campaign.startsAt);
  const end = Date.parse(campaign.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) return "off";
  if (at < start) return "upcoming";
  return at < end ? "running" : "ended";
}

/**
 * The campaign the shop shows at `now`: the running one that started last (identifier as the
 * tie-break, so two builds choose the same), or null.
 */
export function currentCampaign<C extends Pick<Campaign, "identifier" | "isActive" | "isArchived" | "startsAt" | "endsAt">>(
  campaigns: readonly C[],
  now: Date,
): C | null {
  const running = campaigns.filter((campaign) => campaignState(campaign, now) === "running");
  running.sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt) || a.identifier.localeCompare(b.identifier));
  return running[0] ?? null;
}

/** The last segment of the campaign carousel route. */
export const CAMPAIGN_CAROUSEL_LAYOUT = "BlackWeekCarousel";

/** The campaign carousel route `/static/{black-week}/layouts/BlackWeekCarousel`, with the language prefix where the shop has one (a page: trailing slash). */
export function campaignCarouselPath(shop: ShopRouting, language: string, identifier: string): string {
  return `${languagePrefix(shop, language)}/static/${identifier}/layouts/${CAMPAIGN_CAROUSEL_LAYOUT}/`;
}

const CAROUSEL_PATH = new RegExp(`^(?:/[a-z]{2})?/static/[a-z0-9]+(?:-[a-z0-9]+)*/layouts/${CAMPAIGN_CAROUSEL_LAYOUT}/?$`);

/** True for a campaign carousel route (a page, not one of the build's immutable files under /static/). */
export function isCampaignCarouselPath(pathname: string): boolean {
  return CAROUSEL_PATH.test(pathname);
}
