import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../../components/Layout";
import { PageHead } from "../../components/PageHead";
import { headTranslate } from "../../lib/head-translate";
import type { BaseContext, ChromeData } from "../../lib/page-data";
import { CartPage } from "./CartPage";
import { withShopData } from "../../lib/with-shop-data";

/** Gatsby template of the cart page (created by site/sourcing/checkout-pages.ts). */
function CartPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("checkout");
  const worlds = data.menu.nodes.filter((node) => node.isWorld).map((node) => ({ name: node.name, path: node.path }));
  return (
    <Layout chrome={data} context={pageContext}>
      <CartPage shop={data.shopInfo} language={pageContext.language} worlds={worlds} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "cart.title")} context={pageContext} chrome={data} />;
}

export default withShopData(CartPageTemplate);
export const Head = withShopData(ShopHead);
