import React from "react";
import type { Campaign } from "@domain/campaign";
import { IMAGE_SIZES, ResponsiveImage, type ArtDirection } from "@site/components/ResponsiveImage";
import { CampaignLink } from "./CampaignLink";
// The banners' styles with the chrome every page loads: the navigation banner shows on every page.
import "./campaign.css";

/** A campaign's desktop picture: from this width on it replaces the mobile one. */
export const campaignWide = (src: string | null | undefined): ArtDirection => ({ media: "(min-width: 768px)", src });

/** The campaign's navigation banner above the header of every page, while navigationIsActive. */
export function CampaignNavigationBanner({ campaign }: { campaign: Campaign | null | undefined }) {
  if (!campaign?.navigationIsActive || !campaign.navigationBanner) return null;
  const banner = campaign.navigationBanner;
  return (
    <aside className="campaign-nav" data-testid="campaign-nav" aria-label={campaign.campaignName}>
      <CampaignLink to={banner.url} className="campaign-nav-link">
        <ResponsiveImage src={banner.imageMobile} wide={campaignWide(banner.imageDesktop)} alt="" width={32} height={32} sizes={IMAGE_SIZES.navIcon} eager />
        <span>{banner.text}</span>
      </CampaignLink>
    </aside>
  );
}
