import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { Campaign } from "@domain/campaign";
import { htmlLanguage } from "@domain/routes";
import { IMAGE_SIZES, ResponsiveImage } from "@site/components/ResponsiveImage";
import { CampaignLink } from "./CampaignLink";
import { CampaignSlider } from "./CampaignSlider";
import "./campaign.css";

/**
 * The campaign's hub: name, description, how the campaign prices
 * are had (the coupon, a voucher of the shop, goes into the cart's voucher field; without one
 * the reduced prices need no code), the big image with its texts left and right, and the two
 * sliders. Shown on the SALES page the hub names and on the campaign carousel route.
 */
export function CampaignHub({ campaign, headingLevel = 2 }: { campaign: Campaign; headingLevel?: 1 | 2 }) {
  const { t, i18n } = useTranslation("home-blocks");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { hub } = campaign;
  // The last moment of the campaign (endsAt is exclusive), as a day in the shop's calendar.
  const lastDay = new Intl.DateTimeFormat(htmlLanguage(i18n.language), { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(
    new Date(Date.parse(campaign.endsAt) - 1),
  );
  return (
    <div className="campaign-hub" data-testid="campaign-hub" data-campaign={campaign.identifier}>
      <div className="campaign-banner">
        <Heading className="campaign-name">{campaign.campaignName}</Heading>
        {campaign.campaignDescription ? <div dangerouslySetInnerHTML={{ __html: campaign.campaignDescription }} /> : null}
        <p className="campaign-until" data-testid="campaign-until">
          {t("campaign.until", { date: lastDay })}
        </p>
        <p className="campaign-redeem" data-testid="campaign-redeem">
          {campaign.campaignCoupon ? (
            <>
              {t("campaign.couponLabel")} <code className="campaign-coupon">{campaign.campaignCoupon}</code> {t("campaign.couponHow")}
            </>
          ) : (
            t("campaign.noCoupon")
          )}
        </p>
      </div>
      {hub.isActive ? (
        <>
          <CampaignLink to={hub.bigImage.url} className="campaign-big" testId="campaign-big-image">
            <ResponsiveImage src={hub.bigImage.top} alt="" width={1200} height={400} sizes={IMAGE_SIZES.hubBanner} eager />
            <span className="campaign-big-left">{hub.bigImage.textLeft}</span>
            <span className="campaign-big-right">{hub.bigImage.textRight}</span>
          </CampaignLink>
          <CampaignSlider id="campaign-first-slider" title={t("campaign.firstSlider")} slides={hub.firstSlider} />
          <CampaignSlider id="campaign-second-slider" title={t("campaign.secondSlider")} slides={hub.secondSlider} />
        </>
      ) : null}
    </div>
  );
}
