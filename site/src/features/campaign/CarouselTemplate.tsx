/**
 * The campaign carousel route, `/static/{black-week}/layouts/BlackWeekCarousel` (with the
 * language prefix where the shop has one): the running campaign's hub with its two sliders. Built
 * only while the campaign runs (site/sourcing/campaign-pages.ts); not indexed (the SALES page is
 * the campaign's indexed page), its links followed.
 */
import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { CampaignHub } from "./CampaignHub";
import type { CampaignNode } from "./types";
import { withShopData } from "@site/lib/with-shop-data";

interface CarouselData extends ChromeData {
  carousel: CampaignNode | null;
}

function CampaignCarouselTemplate({ data, pageContext }: PageProps<CarouselData, BaseContext>) {
  return (
    <Layout chrome={data} context={pageContext}>
      {data.carousel ? <CampaignHub campaign={data.carousel.data} headingLevel={1} /> : null}
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<CarouselData, BaseContext>) {
  const campaign = data.carousel?.data;
  return <PageHead title={campaign?.campaignName ?? data.shopInfo.name} description={null} context={pageContext} chrome={data} />;
}

export const query = graphql`
  query CampaignCarousel($language: String!) {
    carousel: shopCampaign(language: { eq: $language }) {
      identifier
      carouselPath
      data
    }
  }
`;

export default withShopData(CampaignCarouselTemplate);
export const Head = withShopData(ShopHead);
