/**
 * The terrace planner's landing page: the configurator CMS page (/terrassenplaner.html
 * and its language slugs) as every CMS page shows it, with the planner's steps, a start button
 * and a field that opens a saved plan by its number. A template of its own, so no other CMS
 * page's JavaScript carries it; plain links and a GET form to the planner page, so this page
 * loads none of the planner's code.
 */
import React from "react";
import { graphql, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CmsPageView, Head as CmsHead, type CmsPageData, type Context } from "@site/templates/cms-page";
import { withShopData } from "@site/lib/with-shop-data";

function TerraceLandingTemplate({ data, pageContext }: PageProps<CmsPageData, Context>) {
  return <CmsPageView data={data} pageContext={pageContext} body={<ConfiguratorLanding plannerPath={pageContext.plannerPath ?? null} />} />;
}

export function ConfiguratorLanding({ plannerPath }: { plannerPath: string | null }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation("terrace-ui");
  return (
    <section aria-labelledby="configurator-steps" className="section">
      <h2 id="configurator-steps">{t("configurator.stepsTitle")}</h2>
      <ol className="steps">
        {[1, 2, 3].map((step) => (
          <li key={step}>
            <strong>{t(`configurator.step${step}Title`)}</strong>
            <span>{t(`configurator.step${step}Text`)}</span>
          </li>
        ))}
      </ol>
      <p className="notice-info">{t("configurator.minWidth")}</p>
      {plannerPath ? (
        <div className="planner-start">
          <a className="button" href={plannerPath} data-testid="planner-start">
            {tp("landing.start")}
          </a>
          <form method="get" action={plannerPath} className="planner-load" data-testid="planner-load">
            <label htmlFor="planner-number">{tp("landing.numberLabel")}</label>
            <input id="planner-number" name="number" type="text" required maxLength={32} autoComplete="off" spellCheck={false} />
            <button type="submit" className="button secondary">
              {tp("landing.load")}
            </button>
          </form>
        </div>
      ) : null}
    </section>
  );
}

export const query = graphql`
  query TerraceLanding($language: String!, $identifier: String!, $offerSkus: [String!]!) {
    page: shopCmsPage(identifier: { eq: $identifier }, language: { eq: $language }) {
      title
      path
      data
    }
    offers: shopProducts(language: $language, skus: $offerSkus) {
      nodes {
        sku
        path
        title
        card
      }
    }
  }
`;

export default withShopData(TerraceLandingTemplate);
// The CMS page's Head, which gets the shop data itself.
export const Head = CmsHead;
