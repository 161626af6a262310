import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { withShopData } from "@site/lib/with-shop-data";

/**
 * The cart's code (its lines, delivery, voucher and summary, and swr for the quote) is not in
 * the page's first load: the static page holds the cart's frame, and React starts loading the
 * code as it hydrates the page, keeping that frame until it is there (docs/decisions/0011).
 */
const CartPage = React.lazy(() => import("./CartPage").then((module) => ({ default: module.CartPage })));

/** Gatsby template of the cart page (created by site/sourcing/checkout-pages.ts). */
function CartPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("checkout");
  // Kept across renders: new props before the cart's code is there would replace the static frame.
  const worlds = React.useMemo(() => data.menu.nodes.filter((node) => node.isWorld).map((node) => ({ name: node.name, path: node.path })), [data.menu.nodes]);
  return (
    <Layout chrome={data} context={pageContext} bannerLocation="cart">
      <React.Suspense fallback={null}>
        <CartPage shop={data.shopInfo} language={pageContext.language} worlds={worlds} />
      </React.Suspense>
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "cart.title")} context={pageContext} chrome={data} />;
}

export default withShopData(CartPageTemplate);
export const Head = withShopData(ShopHead);
