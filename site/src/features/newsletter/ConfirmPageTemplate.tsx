import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { NewsletterTokenPage } from "./TokenPage";
import "./newsletter.css";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the newsletter's confirm page (created by site/sourcing/newsletter-pages.ts). */
function NewsletterConfirmTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  return (
    <Layout chrome={data} context={pageContext}>
      <NewsletterTokenPage action="confirm" />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "newsletter.confirmTitle")} context={pageContext} chrome={data} />;
}

export default withShopData(NewsletterConfirmTemplate);
export const Head = withShopData(ShopHead);
