import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { trailCrumbs, type TrailNode } from "../lib/breadcrumbs";
import type { ChromeData, ProductCardData } from "../lib/page-data";
import { manufacturerPath } from "../lib/routes";

interface ProductPageData extends ChromeData {
  product: ProductCardData;
  trailNodes: { nodes: TrailNode[] };
}

type Context = { language: string; sku: string; trail: string[] };

export default function ProductPage({ data, pageContext }: PageProps<ProductPageData, Context>) {
  const { t } = useTranslation();
  const { product } = data;
  const { content, price, unit, stock, delivery, manufacturer } = product.data;
  const crumbs = trailCrumbs(data.shopInfo, pageContext.language, t("nav.home"), pageContext.trail, data.trailNodes.nodes);
  crumbs.push({ label: product.title, link: product.path });
  const visibleAttributes = content.attributes.filter((attribute) => attribute.isVisible);
  return (
    <Layout chrome={data} language={pageContext.language}>
      <Breadcrumbs items={crumbs} />
      <div className="product-layout">
        <div>
          <h1>{product.title}</h1>
          {content.subTitle ? <p>{content.subTitle}</p> : null}
          {manufacturer ? (
            <p>
              {t("product.manufacturer")}: <Link to={manufacturerPath(data.shopInfo, pageContext.language, manufacturer.slug)}>{manufacturer.name}</Link>
            </p>
          ) : null}
          <section aria-labelledby="description">
            <h2 id="description">{t("product.description")}</h2>
            <div dangerouslySetInnerHTML={{ __html: content.description }} />
            {content.features.length > 0 ? (
              <ul>
                {content.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            ) : null}
          </section>
          {visibleAttributes.length > 0 ? (
            <section aria-labelledby="technical-data">
              <h2 id="technical-data">{t("product.technicalData")}</h2>
              <table className="attributes">
                <tbody>
                  {visibleAttributes.map((attribute) => (
                    <tr key={attribute.code}>
                      <th scope="row">{attribute.label}</th>
                      <td>{attribute.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {product.data.childProducts.length > 0 ? (
            <section aria-labelledby="variants">
              <h2 id="variants">{t("product.variants")}</h2>
              <ul>
                {product.data.childProducts.map((child) => (
                  <li key={child.sku}>{child.content.title}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className="price-box" aria-label={t("product.packagePrice")}>
          {price ? (
            <>
              {price.referencePrice.amount > price.packagePrice.amount ? (
                <p className="muted">
                  <span className="price-old">{price.referencePrice.formattedWithCurrency}</span>
                </p>
              ) : null}
              <p>
                <span className="price" data-testid="package-price">
                  {price.packagePrice.formattedWithCurrency}
                </span>{" "}
                <span className="muted">{t("product.packagePrice")}</span>
              </p>
              <p>{t("product.unitPrice", { price: price.unitPrice.formattedWithCurrency, unit: unit.label })}</p>
              <p className="muted">{t("product.referencePrice", { price: price.referencePrice.formattedWithCurrency })}</p>
              <p className="muted">{price.tax.label}</p>
            </>
          ) : null}
          <p>{t("product.packageContent", { amount: product.data.packageContent, unit: unit.label })}</p>
          <p>{t("product.delivery", { min: delivery.minDays, max: delivery.maxDays })}</p>
          {delivery.express ? <p>{t("product.express")}</p> : null}
          {stock.minimumOrderQuantity > 1 ? <p>{t("product.minimumOrder", { quantity: stock.minimumOrderQuantity, unit: unit.label })}</p> : null}
          {product.data.reachedEOF ? <p className="notice">{t("product.endOfLife")}</p> : product.data.isOutOfStock ? <p className="notice">{t("product.outOfStock")}</p> : null}
          <p className="muted">
            {t("product.sku")}: {product.sku}
          </p>
          <button type="button" className="button" disabled={!product.data.isSalable}>
            {t("product.addToCart")}
          </button>{" "}
          {product.data.samples.active ? (
            <button type="button" className="button secondary">
              {t("product.orderSample")}
            </button>
          ) : null}
        </aside>
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<ProductPageData, Context>) {
  const { product } = data;
  return (
    <PageHead
      title={product.data.content.metaTitle ?? product.title}
      description={product.data.content.metaDescription ?? product.data.content.shortDescription}
      language={pageContext.language}
      path={product.path}
      shopName={data.shopInfo.name}
    />
  );
}

export const query = graphql`
  query ProductPage($language: String!, $sku: String!, $trail: [String!]!) {
    ...ShopChrome
    product: shopProduct(sku: { eq: $sku }, language: { eq: $language }) { sku path title data }
    trailNodes: allShopCategory(filter: { language: { eq: $language }, categoryId: { in: $trail } }) {
      nodes { categoryId name path }
    }
  }
`;
