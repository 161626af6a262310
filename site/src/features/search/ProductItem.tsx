/** A product of a result list (search results, filtered category lists). */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductResult } from "./types";

export function ProductItem({ item }: { item: ProductResult }) {
  const { t } = useTranslation("search");
  return (
    <li className="search-product" data-testid="search-product" data-sku={item.sku}>
      <a href={item.link}>
        {item.image && <img src={item.image.url} alt={item.image.alt} loading="lazy" width={96} height={96} />}
        <span className="search-product-name">{item.name}</span>
      </a>
      {item.manufacturer && <span className="search-product-brand">{item.manufacturer}</span>}
      <span className="search-product-sku">{t("search.sku", { sku: item.sku })}</span>
      {item.price && <span className="search-product-price">{item.price.formattedWithCurrency}</span>}
      {item.unitPrice && (
        <span className="search-product-unit-price">
          {t("search.unitPrice", { price: item.unitPrice.formattedWithCurrency, unit: item.unitPrice.unitLabel })}
        </span>
      )}
      <span className="search-product-delivery">
        {item.inStock ? t("search.deliveryTime", { min: item.deliveryTime.min, max: item.deliveryTime.max }) : t("search.outOfStock")}
      </span>
      {item.sellingOutSoon && <span className="search-product-badge">{t("search.sellingOutSoon")}</span>}
    </li>
  );
}
