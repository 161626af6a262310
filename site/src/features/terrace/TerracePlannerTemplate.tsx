import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { TerracePlannerPage } from "./TerracePlannerPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the terrace planner (created by site/sourcing/terrace-pages.ts). */
function TerracePlannerTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("terrace-ui");
  return (
    <Layout chrome={data} context={pageContext}>
      <TerracePlannerPage shop={data.shopInfo} language={pageContext.language} currency={data.shopInfo.currency} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "planner.title")} context={pageContext} chrome={data} />;
}

export default withShopData(TerracePlannerTemplate);
export const Head = withShopData(ShopHead);
