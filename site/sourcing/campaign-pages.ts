import type { CreatePage } from "./create-page";
import { siteSource } from "./site-source";

/**
 * The campaign carousel route (`/static/{black-week}/layouts/BlackWeekCarousel/`,
 * with the language prefix where the shop has one) for every language whose campaign runs when
 * the pages are built (the ShopCampaign nodes, site/sourcing/source-nodes.ts; docs/decisions/0048).
 * Not indexed (the SALES page is the campaign's indexed page), not in the sitemap.
 */
export const CAMPAIGN_CAROUSEL_TEMPLATE = siteSource("features", "campaign", "CarouselTemplate.tsx");

export interface CampaignPageNode {
  language: string;
  carouselPath: string;
}

/** Creates the carousel page of each running campaign; answers the paths. */
export function createCampaignPages(campaigns: readonly CampaignPageNode[], languages: readonly string[], create: CreatePage): string[] {
  return campaigns
    .filter((campaign) => languages.includes(campaign.language))
    .map((campaign) => {
      create(campaign.carouselPath, CAMPAIGN_CAROUSEL_TEMPLATE, campaign.language, {}, { robots: "noindex,follow", sitemap: false });
      return campaign.carouselPath;
    });
}
