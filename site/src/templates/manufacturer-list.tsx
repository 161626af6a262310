import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { headTranslate } from "../lib/head-translate";
import type { ChromeData } from "../lib/page-data";
import { homePath, manufacturerListPath } from "../lib/routes";

interface ManufacturerListData extends ChromeData {
  manufacturers: { nodes: { manufacturerId: string; name: string; path: string; productCount: number }[] };
}

type Context = { language: string };

export default function ManufacturerListPage({ data, pageContext }: PageProps<ManufacturerListData, Context>) {
  const { t } = useTranslation();
  const { language } = pageContext;
  return (
    <Layout chrome={data} language={language}>
      <Breadcrumbs
        items={[
          { label: t("nav.home"), link: homePath(data.shopInfo, language) },
          { label: t("manufacturers.title"), link: manufacturerListPath(data.shopInfo, language) },
        ]}
      />
      <h1>{t("manufacturers.title")}</h1>
      <ul className="grid">
        {data.manufacturers.nodes.map((manufacturer) => (
          <li key={manufacturer.manufacturerId} className="card">
            <Link to={manufacturer.path}>{manufacturer.name}</Link>
            <p className="muted">{t("category.productCount", { count: manufacturer.productCount })}</p>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ManufacturerListData, Context>) {
  return (
    <PageHead
      title={headTranslate(data.locales, "manufacturers.title")}
      language={pageContext.language}
      path={manufacturerListPath(data.shopInfo, pageContext.language)}
      shopName={data.shopInfo.name}
    />
  );
}

export const query = graphql`
  query ManufacturerListPage($language: String!) {
    ...ShopChrome
    manufacturers: allShopManufacturer(filter: { language: { eq: $language } }, sort: { name: ASC }) {
      nodes { manufacturerId name path productCount }
    }
  }
`;
