import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { headTranslate } from "../lib/head-translate";
import type { BaseContext, ChromeData } from "../lib/page-data";
import { homePath, manufacturerListPath } from "@domain/routes";
import { IMAGE_SIZES, ResponsiveImage } from "../components/ResponsiveImage";
import { withShopData } from "../lib/with-shop-data";

interface ManufacturerListData extends ChromeData {
  manufacturers: {
    nodes: { manufacturerId: string; name: string; path: string; data: { logo: string | null; shortDescription: string } }[];
  };
}

/** productCounts: per manufacturer, the number of products its page lists (its tile shows it). */
type Context = BaseContext & { productCounts: Record<string, number> };

/** Manufacturer list (manufacturer block: title, items with link, image, alt), grouped by initial. */
function ManufacturerListPage({ data, pageContext }: PageProps<ManufacturerListData, Context>) {
  const { t } = useTranslation();
  const { language } = pageContext;
  const groups = new Map<string, ManufacturerListData["manufacturers"]["nodes"]>();
  for (const manufacturer of data.manufacturers.nodes) {
    const initial = manufacturer.name.charAt(0).toUpperCase();
    groups.set(initial, [...(groups.get(initial) ?? []), manufacturer]);
  }
  return (
    <Layout chrome={data} context={pageContext}>
      <Breadcrumbs
        items={[
          { label: t("nav.home"), link: homePath(data.shopInfo, language) },
          { label: t("manufacturers.title"), link: manufacturerListPath(data.shopInfo, language) },
        ]}
      />
      <h1>{t("manufacturers.title")}</h1>
      <p className="teaser">{t("manufacturers.intro")}</p>
      {[...groups.entries()].map(([initial, manufacturers]) => (
        <section key={initial} aria-labelledby={`initial-${initial}`} className="section">
          <h2 id={`initial-${initial}`}>{initial}</h2>
          <ul className="grid tiles">
            {manufacturers.map((manufacturer) => (
              <li key={manufacturer.manufacturerId}>
                <Link to={manufacturer.path} className="tile">
                  <ResponsiveImage src={manufacturer.data.logo} alt="" width={320} height={240} sizes={IMAGE_SIZES.tile} />
                  <span className="tile-title">{manufacturer.name}</span>
                  <span className="muted small">{t("category.productCount", { count: pageContext.productCounts[manufacturer.manufacturerId] ?? 0 })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ManufacturerListData, Context>) {
  const title = headTranslate(data.locales, "manufacturers.title");
  const crumbs = [
    { label: headTranslate(data.locales, "nav.home"), link: homePath(data.shopInfo, pageContext.language) },
    { label: title, link: manufacturerListPath(data.shopInfo, pageContext.language) },
  ];
  return (
    <PageHead
      title={title}
      description={headTranslate(data.locales, "manufacturers.intro")}
      context={pageContext}
      chrome={data}
      jsonLd={[breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
    />
  );
}

export const query = graphql`
  query ManufacturerListPage($language: String!) {
    manufacturers: allShopManufacturer(filter: { language: { eq: $language } }, sort: { name: ASC }) {
      nodes {
        manufacturerId
        name
        path
        data
      }
    }
  }
`;

export default withShopData(ManufacturerListPage);
export const Head = withShopData(ShopHead);
