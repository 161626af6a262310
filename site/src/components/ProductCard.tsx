import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductCardData } from "../lib/page-data";

/** A product in a list: manufacturer, title, package price (old price when reduced), unit price, delivery time. */
export function ProductCard({ product }: { product: ProductCardData }) {
  const { t } = useTranslation();
  const { price, manufacturer, unit, delivery } = product.data;
  return (
    <div className="card">
      <Link to={product.path}>
        {manufacturer ? <span className="muted">{manufacturer.name}</span> : null}
        <h3>{product.title}</h3>
      </Link>
      {price ? (
        <p>
          {price.referencePrice.amount > price.packagePrice.amount ? <span className="price-old">{price.referencePrice.formattedWithCurrency}</span> : null}
          <span className="price">{price.packagePrice.formattedWithCurrency}</span>
          <br />
          <span className="muted">{t("product.unitPrice", { price: price.unitPrice.formattedWithCurrency, unit: unit.label })}</span>
        </p>
      ) : null}
      <p className="muted">{t("product.delivery", { min: delivery.minDays, max: delivery.maxDays })}</p>
    </div>
  );
}

export function ProductGrid({ products }: { products: ProductCardData[] }) {
  return (
    <ul className="grid">
      {products.map((product) => (
        <li key={product.sku}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
