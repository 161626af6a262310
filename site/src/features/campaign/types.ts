import type { Campaign } from "@domain/campaign";

/** The ShopCampaign node (site/sourcing/source-nodes.ts): the campaign running when the pages were built. */
export interface CampaignNode {
  identifier: string;
  carouselPath: string;
  data: Campaign;
}
