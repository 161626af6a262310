import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { WithdrawPage } from "./ReturnsPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the withdrawal page (created by site/sourcing/returns-pages.ts). */
function WithdrawPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("returns");
  return (
    <Layout chrome={data} context={pageContext}>
      <WithdrawPage shop={data.shopInfo} language={pageContext.language} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "returns.withdrawTitle")} context={pageContext} chrome={data} />;
}

export default withShopData(WithdrawPageTemplate);
export const Head = withShopData(ShopHead);
