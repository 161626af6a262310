import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "@site/lib/page-data";
import { mediaHref } from "@site/lib/media";
import { formatQuantity } from "@domain/money";

/** The visible attributes with SKU and EAN, and the product's PDF downloads. */
/**
 * An attribute's value as the page shows it: a boolean as yes or no in the page's language (the
 * import allows only "true" and "false"), a number written as the page's language writes numbers
 * (domain/money.ts formatQuantity: 6,5 in de, 6.5 in en); any other value as the catalogue gives it.
 */
export function attributeValue(attribute: { type: string; value: string }, t: (key: string) => string, language: string): string {
  if (attribute.type === "number") return /^-?\d+(\.\d+)?$/.test(attribute.value) ? formatQuantity(Number(attribute.value), language) : attribute.value;
  if (attribute.type !== "boolean") return attribute.value;
  return attribute.value === "true" ? t("product.yes") : attribute.value === "false" ? t("product.no") : attribute.value;
}

export function TechnicalData({ product, language }: { product: ProductData; language: string }) {
  const { t } = useTranslation();
  const attributes = product.content.attributes.filter((attribute) => attribute.isVisible);
  return (
    <>
      {attributes.length > 0 ? (
        <table className="attributes">
          <caption className="visually-hidden">{t("product.technicalData")}</caption>
          <tbody>
            <tr>
              <th scope="row">{t("product.sku")}</th>
              <td>{product.sku}</td>
            </tr>
            {product.ean ? (
              <tr>
                <th scope="row">{t("product.ean")}</th>
                <td>{product.ean}</td>
              </tr>
            ) : null}
            {attributes.map((attribute) => (
              <tr key={attribute.code}>
                <th scope="row">{attribute.label}</th>
                <td>{attributeValue(attribute, t, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {product.downloads.length > 0 ? (
        <>
          <h3>{t("product.downloads")}</h3>
          <ul className="downloads">
            {product.downloads.map((download) => (
              <li key={download.url}>
                <a href={mediaHref(download.url)} type="application/pdf" rel="noopener">
                  {download.title} <span className="muted">(PDF)</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
