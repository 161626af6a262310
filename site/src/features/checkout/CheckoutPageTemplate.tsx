import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { legalLinks } from "./legal-links";
import type { CheckoutPage as CheckoutPageComponent } from "./CheckoutPage";
import { withShopData } from "@site/lib/with-shop-data";

/**
 * Gatsby template of the checkout page (created by site/sourcing/checkout-pages.ts). The
 * static page holds the frame; the form (react-hook-form, zod) loads after hydration.
 */
function CheckoutPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  const { t } = useTranslation("checkout");
  const [Page, setPage] = React.useState<typeof CheckoutPageComponent | null>(null);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    let live = true;
    import("./CheckoutPage").then((module) => live && setPage(() => module.CheckoutPage)).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  const legal = React.useMemo(() => legalLinks(data.cmsLinks.nodes), [data.cmsLinks.nodes]);
  return (
    <Layout chrome={data} context={pageContext}>
      {Page ? (
        <Page shop={data.shopInfo} language={pageContext.language} legal={legal} />
      ) : (
        <div className="checkout-page" data-testid="checkout-page" aria-busy={!failed}>
          <h1>{t("checkout.title")}</h1>
          <p className="muted" role={failed ? "alert" : undefined}>
            {failed ? t("checkout.loadFailed") : t("checkout.loading")}
          </p>
        </div>
      )}
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "checkout.title")} context={pageContext} chrome={data} />;
}

export default withShopData(CheckoutPageTemplate);
export const Head = withShopData(ShopHead);
