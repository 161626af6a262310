import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { Campaign } from "@domain/campaign";
import { IMAGE_SIZES, ResponsiveImage } from "@site/components/ResponsiveImage";
import { CampaignLink } from "./CampaignLink";
import { campaignWide } from "./CampaignNavigationBanner";

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
