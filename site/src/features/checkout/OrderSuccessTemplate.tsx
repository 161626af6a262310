import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { OrderSuccessPage } from "./OrderSuccessPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the order success page (created by site/sourcing/checkout-pages.ts). The head reads two-level keys only (lib/head-translate.ts). */
function OrderSuccessTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("checkout");
  return (
    <Layout chrome={data} context={pageContext}>
      <OrderSuccessPage shop={data.shopInfo} language={pageContext.language} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "checkout.successTitle")} context={pageContext} chrome={data} />;
}

export default withShopData(OrderSuccessTemplate);
export const Head = withShopData(ShopHead);
