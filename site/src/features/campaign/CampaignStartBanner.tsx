import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { Campaign } from "../../../../domain/campaign";
import { imageSrc } from "../../lib/media";
import { CampaignLink } from "./CampaignSlider";
import "./campaign.css";

/** The campaign's start section on the home page (its start: isActive, url, imageDesktop, imageMobile). */
export function CampaignStartBanner({ campaign }: { campaign: Campaign | null | undefined }) {
  const { t } = useTranslation("home-blocks");
  if (!campaign?.start.isActive) return null;
  const { start } = campaign;
  return (
    <section className="section campaign-start" aria-label={campaign.campaignName} data-testid="campaign-start">
      <CampaignLink to={start.url} className="campaign-start-link">
        <picture>
          <source media="(min-width: 768px)" srcSet={imageSrc(start.imageDesktop)} />
          <img src={imageSrc(start.imageMobile)} alt="" width={600} height={300} />
        </picture>
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
        <picture>
          <source media="(min-width: 768px)" srcSet={imageSrc(banner.imageDesktop)} />
          <img src={imageSrc(banner.imageMobile)} alt="" width={32} height={32} />
        </picture>
        <span>{banner.text}</span>
      </CampaignLink>
    </aside>
  );
}
