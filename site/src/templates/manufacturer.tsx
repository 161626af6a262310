import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import { headTranslate } from "../lib/head-translate";
import type { BaseContext, ChromeData, CardNode } from "../lib/page-data";
import { unpackCard } from "../lib/card";
import { homePath, manufacturerListPath } from "../../../domain/routes";
import { IMAGE_SIZES, ResponsiveImage } from "../components/ResponsiveImage";
import { withShopData } from "../lib/with-shop-data";

interface ManufacturerData extends ChromeData {
  manufacturer: { name: string; path: string; data: { description: string; shortDescription: string; logo: string | null; url: string | null } };
  products: { totalCount: number; nodes: CardNode[] };
}

type Context = BaseContext & { manufacturerId: string };

function ManufacturerPage({ data, pageContext }: PageProps<ManufacturerData, Context>) {
  const { t } = useTranslation();
  const { manufacturer } = data;
  const { language } = pageContext;
  return (
    <Layout chrome={data} context={pageContext}>
      <Breadcrumbs
        items={[
          { label: t("nav.home"), link: homePath(data.shopInfo, language) },
          { label: t("manufacturers.title"), link: manufacturerListPath(data.shopInfo, language) },
          { label: manufacturer.name, link: manufacturer.path },
        ]}
      />
      <header className="page-head manufacturer-head">
        <ResponsiveImage
          src={manufacturer.data.logo}
          alt={t("manufacturers.logo", { name: manufacturer.name })}
          width={160}
          height={120}
          sizes={IMAGE_SIZES.thumb}
          eager
        />
        <div>
          <h1>{manufacturer.name}</h1>
          {manufacturer.data.shortDescription ? <p className="teaser">{manufacturer.data.shortDescription}</p> : null}
        </div>
      </header>
      {manufacturer.data.description ? <p>{manufacturer.data.description}</p> : null}
      <section aria-labelledby="maker-products" className="section">
        <h2 id="maker-products">{t("manufacturers.productsBy", { name: manufacturer.name })}</h2>
        <ProductGrid products={data.products.nodes.map((node) => unpackCard(node.card))} currency={data.shopInfo.currency} />
      </section>
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<ManufacturerData, Context>) {
  const crumbs = [
    { label: headTranslate(data.locales, "nav.home"), link: homePath(data.shopInfo, pageContext.language) },
    { label: headTranslate(data.locales, "manufacturers.title"), link: manufacturerListPath(data.shopInfo, pageContext.language) },
    { label: data.manufacturer.name, link: data.manufacturer.path },
  ];
  return (
    <PageHead
      title={data.manufacturer.name}
      description={data.manufacturer.data.shortDescription}
      context={pageContext}
      chrome={data}
      jsonLd={[breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
    />
  );
}

export const query = graphql`
  query ManufacturerPage($language: String!, $manufacturerId: String!) {
    manufacturer: shopManufacturer(manufacturerId: { eq: $manufacturerId }, language: { eq: $language }) {
      name
      path
      data
    }
    products: allShopProduct(
      filter: { language: { eq: $language }, manufacturerId: { eq: $manufacturerId }, parentSku: { eq: null } }
      sort: { title: ASC }
      limit: 48
    ) {
      totalCount
      nodes {
        card
      }
    }
  }
`;

export default withShopData(ManufacturerPage);
export const Head = withShopData(ShopHead);
