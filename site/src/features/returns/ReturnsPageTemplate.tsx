import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { ReturnsPage } from "./ReturnsPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the returns and complaints page (created by site/sourcing/returns-pages.ts). */
function ReturnsPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("returns");
  return (
    <Layout chrome={data} context={pageContext}>
      <ReturnsPage shop={data.shopInfo} language={pageContext.language} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "returns.title")} context={pageContext} chrome={data} />;
}

export default withShopData(ReturnsPageTemplate);
export const Head = withShopData(ShopHead);
