import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../../components/Layout";
import { PageHead } from "../../components/PageHead";
import { headTranslate } from "../../lib/head-translate";
import type { BaseContext, ChromeData } from "../../lib/page-data";
import { OfferPage } from "./OfferPage";

/** Gatsby template of the offer page (`{prefix}/offer/?id=&sig=`, created by site/sourcing/inquiry-pages.ts). */
export default function OfferPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("inquiries-ui");
  return (
    <Layout chrome={data} context={pageContext}>
      <OfferPage shop={data.shopInfo} language={pageContext.language} />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "inquiryTitles.offerPage")} context={pageContext} chrome={data} />;
}

export const query = graphql`
  query OfferPage($language: String!) {
    ...ShopChrome
  }
`;
