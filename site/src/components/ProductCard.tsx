import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductCardData } from "../lib/page-data";
import { imageSrc } from "../lib/media";
import { AddToCartSlot } from "./slots";

/**
 * A product in a list (SPEC 3 list-card fields): image, labels, manufacturer, title,
 * package price with the 30-day reference price and discount percent, base price per
 * unit, delivery time, express and the free-sample label.
 */
export function ProductCard({ product, headingLevel = 3, eager = false }: { product: ProductCardData; headingLevel?: 2 | 3; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const { price, manufacturer, unit, delivery, samples } = product.data;
  const image = product.data.media.find((media) => media.kind === "image");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const labels: { key: string; text: string; tone: string }[] = [];
  if (price && price.savingsPercentage > 0) labels.push({ key: "discount", text: t("card.discount", { percent: price.savingsPercentage }), tone: "sale" });
  if (product.data.isClearance) labels.push({ key: "clearance", text: t("card.clearance"), tone: "sale" });
  if (product.data.isPlusProduct) labels.push({ key: "plus", text: t("card.plus"), tone: "plus" });
  if (product.data.isOutOfStock) labels.push({ key: "stock", text: t("card.outOfStock"), tone: "muted" });
  return (
    <article className="card product-card">
      <Link to={product.path} className="card-link">
        <img src={imageSrc(image?.url)} alt="" width={400} height={300} loading={eager ? "eager" : "lazy"} decoding="async" />
        {labels.length > 0 ? (
          <ul className="labels">
            {labels.map((label) => (
              <li key={label.key} className={`label label-${label.tone}`}>
                {label.text}
              </li>
            ))}
          </ul>
        ) : null}
        {manufacturer ? <span className="card-maker">{manufacturer.name}</span> : null}
        <Heading className="card-title">{product.title}</Heading>
      </Link>
      {price ? (
        <div className="card-price">
          <p>
            {price.savingsPercentage > 0 ? <span className="visually-hidden">{t("card.nowOnly")} </span> : null}
            <span className={price.savingsPercentage > 0 ? "price price-sale" : "price"}>{price.packagePrice.formattedWithCurrency}</span>
            {price.referencePrice.amount > price.packagePrice.amount ? (
              <>
                {" "}
                <s className="price-old">{price.referencePrice.formattedWithCurrency}</s>
              </>
            ) : null}
            <span className="muted"> / {t("card.package")}</span>
          </p>
          <p className="muted">{t("product.unitPrice", { price: price.unitPrice.formattedWithCurrency, unit: unit.label })}</p>
          {price.savingsPercentage > 0 ? <p className="muted small">{t("product.referencePrice", { price: price.referencePrice.formattedWithCurrency })}</p> : null}
        </div>
      ) : null}
      <p className="card-delivery small">
        {t("product.delivery", { min: delivery.minDays, max: delivery.maxDays })}
        {delivery.express || product.data.isExpress ? <span className="express"> · {t("card.express")}</span> : null}
      </p>
      {samples.active ? <p className="sample-label small">{t("card.sample")}</p> : null}
      {product.data.isSalable && product.data.type !== "configurable" ? <AddToCartSlot sku={product.sku} product={product.data} language={i18n.language} mode="modal" /> : null}
    </article>
  );
}

export function ProductGrid({ products, headingLevel = 3, eagerCount = 0 }: { products: ProductCardData[]; headingLevel?: 2 | 3; eagerCount?: number }) {
  return (
    <ul className="grid product-grid">
      {products.map((product, index) => (
        <li key={product.sku}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
