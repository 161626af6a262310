import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import type { ChromeData, ProductCardData } from "../lib/page-data";
import { homePath } from "../lib/routes";
import { headTranslate } from "../lib/head-translate";

interface HomeData extends ChromeData {
  topCategories: { nodes: { categoryId: string; name: string; path: string; description: string }[] };
  products: { nodes: ProductCardData[] };
  manufacturers: { nodes: { manufacturerId: string; name: string; path: string }[] };
  seoLinks: { nodes: { position: number; label: string; url: string }[] };
}

type Context = { language: string };

export default function HomePage({ data, pageContext }: PageProps<HomeData, Context>) {
  const { t } = useTranslation();
  return (
    <Layout chrome={data} language={pageContext.language}>
      <h1>{t("home.title")}</h1>
      <p>{t("home.intro")}</p>
      <section aria-labelledby="worlds">
        <h2 id="worlds">{t("home.worlds")}</h2>
        <ul className="grid">
          {data.worlds.nodes.map((world) => (
            <li key={world.categoryId} className="card">
              <Link to={world.path}>{world.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      {data.topCategories.nodes.length > 0 ? (
        <section aria-labelledby="top-categories">
          <h2 id="top-categories">{t("home.topCategories")}</h2>
          <ul className="grid">
            {data.topCategories.nodes.map((category) => (
              <li key={category.categoryId} className="card">
                <Link to={category.path}>{category.name}</Link>
                <p className="muted">{category.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="popular">
        <h2 id="popular">{t("home.popularProducts")}</h2>
        <ProductGrid products={data.products.nodes} />
      </section>
      <section aria-labelledby="manufacturers">
        <h2 id="manufacturers">{t("home.manufacturers")}</h2>
        <ul className="grid">
          {data.manufacturers.nodes.map((manufacturer) => (
            <li key={manufacturer.manufacturerId}>
              <Link to={manufacturer.path}>{manufacturer.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      {data.seoLinks.nodes.length > 0 ? (
        <section aria-labelledby="seo-links">
          <h2 id="seo-links">{t("home.seoLinks")}</h2>
          <ul>
            {data.seoLinks.nodes.map((link) => (
              <li key={link.position}>
                <a href={link.url}>{link.label}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<HomeData, Context>) {
  const title = headTranslate(data.locales, "home.title");
  return <PageHead title={title} language={pageContext.language} path={homePath(data.shopInfo, pageContext.language)} shopName={data.shopInfo.name} />;
}

export const query = graphql`
  query HomePage($language: String!) {
    ...ShopChrome
    topCategories: allShopTopCategory(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes { categoryId name path description }
    }
    products: allShopProduct(filter: { language: { eq: $language } }, sort: { sku: ASC }, limit: 8) {
      nodes { sku path title data }
    }
    manufacturers: allShopManufacturer(filter: { language: { eq: $language } }, sort: { name: ASC }, limit: 24) {
      nodes { manufacturerId name path }
    }
    seoLinks: allShopSeoLink(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes { position label url }
    }
  }
`;
