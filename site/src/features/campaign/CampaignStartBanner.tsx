import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { Campaign } from "@domain/campaign";
import { IMAGE_SIZES, ResponsiveImage, type ArtDirection } from "@site/components/ResponsiveImage";
import { CampaignLink } from "./CampaignSlider";
import "./campaign.css";

/** A campaign's desktop picture: from this width on it replaces the mobile one. */
export const campaignWide = (src: string | null | undefined): ArtDirection => ({ media: "(min-width: 768px)", src });

/** The campaign's start section on the home page (its start: isActive, url, imageDesktop, imageMobile). */
export function CampaignStartBanner({ campaign }: { campaign: Campaign | null | undefined }) {
  const { t } = useTranslation("home-blocks");
  if (!campaign?.start.isActive) return null;
  const { start } = campaign;
  return (
    <section className="section campaign-start" aria-label={campaign.campaignName} data-testid="campaign-start">
      <CampaignLink to={start.url} className="campaign-start-link">
        {/* The home page's largest paint when it shows (preloaded by the home page's head). */}
        <ResponsiveImage src={start.imageMobile} wide={campaignWide(start.imageDesktop)} alt="" width={600} height={300} sizes={IMAGE_SIZES.banner} priority />
        <span className="campaign-start-text">
          <strong>{campaign.campaignName}</strong>
          <span>{t("campaign.startCta")}</span>
        </span>
      </CampaignLink>
    </section>
  );
}

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
