import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { OfferPage } from "./OfferPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the offer page (`{prefix}/offer/?id=&sig=`, created by site/sourcing/inquiry-pages.ts). */
function OfferPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("inquiries-ui");
  return (
    <Layout chrome={data} context={pageContext} bannerLocation="offer">
      <OfferPage shop={data.shopInfo} language={pageContext.language} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "inquiryTitles.offerPage")} context={pageContext} chrome={data} />;
}

export default withShopData(OfferPageTemplate);
export const Head = withShopData(ShopHead);
