import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { searchPath } from "@domain/routes";
import { SearchPage } from "./SearchPage";
import { withShopData } from "@site/lib/with-shop-data";

/** Gatsby template of the search page (created by site/sourcing/search-pages.ts). */
function SearchPageTemplate({ data, pageContext }: PageProps<ChromeData, BaseContext>) {
  useTranslation("search");
  return (
    <Layout chrome={data} context={pageContext}>
      <SearchPage searchPagePath={searchPath(data.shopInfo, pageContext.language)} />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "search.title")} context={pageContext} chrome={data} />;
}

export default withShopData(SearchPageTemplate);
export const Head = withShopData(ShopHead);
