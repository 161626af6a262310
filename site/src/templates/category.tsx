import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import { trailCrumbs, type TrailNode } from "../lib/breadcrumbs";
import type { ChromeData, ProductCardData } from "../lib/page-data";

interface CategoryData extends ChromeData {
  category: { name: string; path: string; data: { description: string; teaser: string; metaTitle: string | null; metaDescription: string | null } };
  trailNodes: { nodes: TrailNode[] };
  children: { nodes: { categoryId: string; name: string; path: string; productCount: number }[] };
  products: { totalCount: number; nodes: ProductCardData[] };
}

type Context = { language: string; categoryId: string; trail: string[] };

export default function CategoryPage({ data, pageContext }: PageProps<CategoryData, Context>) {
  const { t } = useTranslation();
  const { category } = data;
  return (
    <Layout chrome={data} language={pageContext.language}>
      <Breadcrumbs items={trailCrumbs(data.shopInfo, pageContext.language, t("nav.home"), pageContext.trail, data.trailNodes.nodes)} />
      <h1>{category.name}</h1>
      {category.data.teaser ? <p>{category.data.teaser}</p> : null}
      {data.children.nodes.length > 0 ? (
        <section aria-labelledby="subcategories">
          <h2 id="subcategories">{t("category.subcategories")}</h2>
          <ul className="grid">
            {data.children.nodes.map((child) => (
              <li key={child.categoryId} className="card">
                <Link to={child.path}>{child.name}</Link>
                <p className="muted">{t("category.productCount", { count: child.productCount })}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="muted">{t("category.productCount", { count: data.products.totalCount })}</p>
      {data.products.totalCount > 0 ? <ProductGrid products={data.products.nodes} /> : <p>{t("category.empty")}</p>}
      {category.data.description ? <div dangerouslySetInnerHTML={{ __html: category.data.description }} /> : null}
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<CategoryData, Context>) {
  const { category } = data;
  return (
    <PageHead
      title={category.data.metaTitle ?? category.name}
      description={category.data.metaDescription ?? category.data.teaser}
      language={pageContext.language}
      path={category.path}
      shopName={data.shopInfo.name}
    />
  );
}

export const query = graphql`
  query CategoryPage($language: String!, $categoryId: String!, $trail: [String!]!) {
    ...ShopChrome
    category: shopCategory(categoryId: { eq: $categoryId }, language: { eq: $language }) { name path data }
    trailNodes: allShopCategory(filter: { language: { eq: $language }, categoryId: { in: $trail } }) {
      nodes { categoryId name path }
    }
    children: allShopCategory(filter: { language: { eq: $language }, parentId: { eq: $categoryId } }, sort: { position: ASC }) {
      nodes { categoryId name path productCount }
    }
    products: allShopProduct(filter: { language: { eq: $language }, categoryTrailIds: { eq: $categoryId } }, sort: { title: ASC }, limit: 48) {
      totalCount
      nodes { sku path title data }
    }
  }
`;
