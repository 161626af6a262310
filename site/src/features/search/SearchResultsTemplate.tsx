import React from "react";
import { type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "@site/components/Layout";
import { PageHead } from "@site/components/PageHead";
import { headTranslate } from "@site/lib/head-translate";
import type { BaseContext, ChromeData } from "@site/lib/page-data";
import { SearchResultsListing } from "./SearchResultsListing";
import "./search.css";
import { withShopData } from "@site/lib/with-shop-data";

/** The slot the edge fills with the results of `?q=` (worker/edge/search-results.ts). */
export const SEARCH_RESULTS_SLOT = "search-results-static";

/**
 * The search results page that works without JavaScript (created by
 * site/sourcing/search-pages.ts): the header's search form sends `?q=` here, the edge
 * renders the results into the slot. The page leaves the slot's content as the edge wrote
 * it (the build's HTML has it empty; hydration does not touch inner HTML it did not write).
 * Once the page runs, SearchResultsListing adds the filters and sort orders around it.
 */
function SearchResultsTemplate({ data, pageContext, location }: PageProps<ChromeData, BaseContext>) {
  const { t } = useTranslation("search");
  return (
    <Layout chrome={data} context={pageContext}>
      <header className="page-head">
        <h1>{t("search.title")}</h1>
      </header>
      <SearchResultsListing
        pathname={location.pathname}
        search={location.search}
        slot={
          <section
            className="section search-results-static"
            data-slot={SEARCH_RESULTS_SLOT}
            dangerouslySetInnerHTML={{ __html: "" }}
            suppressHydrationWarning
          />
        }
      />
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ChromeData, BaseContext>) {
  return <PageHead title={headTranslate(data.locales, "search.title")} context={pageContext} chrome={data} />;
}

export default withShopData(SearchResultsTemplate);
export const Head = withShopData(ShopHead);
