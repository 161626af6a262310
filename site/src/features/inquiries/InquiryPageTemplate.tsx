import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { InquiryPage } from "./InquiryPage";
import { withShopData } from "@site/lib/with-shop-data";

type Context = BaseContext & { inquiryType: "product" | "bulk" };

/**
 * Gatsby template of the inquiry pages (created by site/sourcing/inquiry-pages.ts): one page per
 * shop language and type, served by the edge for every sku below it.
 */
function InquiryPageTemplate({ data, pageContext }: PageProps<ChromeData, Context>) {
  useTranslation("inquiries-ui");
  return (
    <Layout chrome={data} context={pageContext}>
      <InquiryPage shop={data.shopInfo} language={pageContext.language} type={pageContext.inquiryType} countries={data.shopInfo.deliveryCountries} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, Context>) {
  return <PageHead title={headTranslate(data.locales, `inquiryTitles.${pageContext.inquiryType}`)} context={pageContext} chrome={data} />;
}

export default withShopData(InquiryPageTemplate);
export const Head = withShopData(ShopHead);
