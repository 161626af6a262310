import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import { headTranslate } from "../lib/head-translate";
import { cardsInOrder, type BaseContext, type ChromeData, type CardNode } from "../lib/page-data";
import { Pagination } from "../components/Pagination";
import { listPagePaths } from "../lib/listing";
import { homePath, manufacturerListPath } from "@domain/routes";
import { IMAGE_SIZES, ResponsiveImage } from "../components/ResponsiveImage";
import { withShopData } from "../lib/with-shop-data";

interface ManufacturerData extends ChromeData {
  manufacturer: { name: string; path: string; data: { description: string; shortDescription: string; logo: string | null; url: string | null } };
  products: { nodes: CardNode[] };
}

/** The page's part of the manufacturer's listed products (by name): `skus` of page `listing.page`, `totalCount` in all. */
type Context = BaseContext & { manufacturerId: string; skus: string[]; totalCount: number; listing: { page: number; pageCount: number } };

function ManufacturerPage({ data, pageContext }: PageProps<ManufacturerData, Context>) {
  const { t } = useTranslation();
  const { manufacturer } = data;
  const { language, listing } = pageContext;
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
          <h1>
            {manufacturer.name}
            {listing.page > 1 ? <span className="muted"> – {t("pagination.pageOf", { page: listing.page, count: listing.pageCount })}</span> : null}
          </h1>
          {manufacturer.data.shortDescription ? <p className="teaser">{manufacturer.data.shortDescription}</p> : null}
        </div>
      </header>
      {manufacturer.data.description ? <p>{manufacturer.data.description}</p> : null}
      <section aria-labelledby="maker-products" className="section">
        <h2 id="maker-products">{t("manufacturers.productsBy", { name: manufacturer.name })}</h2>
        <p className="muted">{t("category.productCount", { count: pageContext.totalCount })}</p>
        <ProductGrid products={cardsInOrder(pageContext.skus, data.products.nodes)} currency={data.shopInfo.currency} />
        <Pagination page={listing.page} pageLinks={listPagePaths(manufacturer.path, listing.pageCount)} />
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
  const page = pageContext.listing.page;
  return (
    <PageHead
      title={page > 1 ? `${data.manufacturer.name} – ${headTranslate(data.locales, "pagination.page")} ${page}` : data.manufacturer.name}
      description={data.manufacturer.data.shortDescription}
      context={pageContext}
      chrome={data}
      jsonLd={[breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
    />
  );
}

export const query = graphql`
  query ManufacturerPage($language: String!, $manufacturerId: String!, $skus: [String!]!) {
    manufacturer: shopManufacturer(manufacturerId: { eq: $manufacturerId }, language: { eq: $language }) {
      name
      path
      data
    }
    products: shopProducts(language: $language, skus: $skus) {
      nodes {
        card
      }
    }
  }
`;

export default withShopData(ManufacturerPage);
export const Head = withShopData(ShopHead);
