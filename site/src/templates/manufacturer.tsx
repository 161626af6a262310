import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import type { ChromeData, ProductCardData } from "../lib/page-data";
import { homePath, manufacturerListPath } from "../lib/routes";

interface ManufacturerData extends ChromeData {
  manufacturer: { name: string; path: string; data: { description: string; shortDescription: string } };
  products: { totalCount: number; nodes: ProductCardData[] };
}

type Context = { language: string; manufacturerId: string };

export default function ManufacturerPage({ data, pageContext }: PageProps<ManufacturerData, Context>) {
  const { t } = useTranslation();
  const { manufacturer } = data;
  const { language } = pageContext;
  return (
    <Layout chrome={data} language={language}>
      <Breadcrumbs
        items={[
          { label: t("nav.home"), link: homePath(data.shopInfo, language) },
          { label: t("manufacturers.title"), link: manufacturerListPath(data.shopInfo, language) },
          { label: manufacturer.name, link: manufacturer.path },
        ]}
      />
      <h1>{manufacturer.name}</h1>
      {manufacturer.data.description ? <p>{manufacturer.data.description}</p> : null}
      <h2>{t("manufacturers.productsBy", { name: manufacturer.name })}</h2>
      <ProductGrid products={data.products.nodes} />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ManufacturerData, Context>) {
  return (
    <PageHead
      title={data.manufacturer.name}
      description={data.manufacturer.data.shortDescription}
      language={pageContext.language}
      path={data.manufacturer.path}
      shopName={data.shopInfo.name}
    />
  );
}

export const query = graphql`
  query ManufacturerPage($language: String!, $manufacturerId: String!) {
    ...ShopChrome
    manufacturer: shopManufacturer(manufacturerId: { eq: $manufacturerId }, language: { eq: $language }) { name path data }
    products: allShopProduct(filter: { language: { eq: $language }, manufacturerId: { eq: $manufacturerId } }, sort: { title: ASC }, limit: 48) {
      totalCount
      nodes { sku path title data }
    }
  }
`;
