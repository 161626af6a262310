import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { priceDisplay } from "@site/lib/price";
import { formatQuantity } from "@domain/money";

/** Package price, reduction, unit price, tax and package content. */
export function PriceBox({
  product,
  language,
}: {
  product: ProductData;
  /** The page's language writes the package content (domain/money.ts formatQuantity); the prices come formatted. */
  language: string;
}) {
  const { t } = useTranslation();
  const { price, unit } = product;
  if (!price) return <p className="notice">{t("product.noPrice")}</p>;
  const { reduced, percent } = priceDisplay({
    packagePrice: price.packagePrice.amount,
    referencePrice: price.referencePrice.amount,
    savingsPercentage: price.savingsPercentage,
  });
  return (
    <div className="price-lines">
      <p className="price-row">
        {reduced ? <span className="visually-hidden">{t("card.nowOnly")} </span> : null}
        <span className={reduced ? "price big price-sale" : "price big"} data-testid="package-price">
          {price.packagePrice.formattedWithCurrency}
        </span>{" "}
        <span className="muted">/ {t("card.package")}</span>
        {percent > 0 ? (
          <span className="label label-sale" data-testid="discount-percent">
            {t("card.discount", { percent })}
          </span>
        ) : null}
      </p>
      {reduced ? (
        <p className="muted small">
          {t("product.referencePriceLabel")} <s data-testid="reference-price">{price.referencePrice.formattedWithCurrency}</s>
        </p>
      ) : null}
      <p data-testid="unit-price">{t("product.unitPrice", { price: price.unitPrice.formattedWithCurrency, unit: unit.label })}</p>
      <p className="muted small">
        {price.tax.label}, {t("product.plusShipping")}
      </p>
      <p className="muted small" data-testid="package-content">
        {t("product.packageContent", { amount: formatQuantity(product.packageContent, language), unit: unit.label })}
      </p>
    </div>
  );
}
