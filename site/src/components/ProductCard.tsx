import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductCardData } from "../lib/page-data";
import { IMAGE_SIZES, ResponsiveImage } from "./ResponsiveImage";
import { priceDisplay } from "../lib/price";
import { ListAddToCartSlot } from "./slots";
import { formatMoney } from "@domain/money";

/**
 * A product in a list : image, labels, manufacturer, title,
 * package price with the struck-through reference price and discount percent when the
 * price was lowered (lib/price.ts), base price per unit, delivery time, express and the
 * free-sample label. Reads only the node's `card` fields (lib/card.ts); prices are formatted
 * with the shop's currency and the page's language.
 */
export function ProductCard({
  product,
  currency,
  headingLevel = 3,
  eager = false,
  priority = false,
}: {
  product: ProductCardData;
  currency: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
  /** The page's largest paint (ResponsiveImage). */
  priority?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { card } = product;
  const { price } = card;
  const { reduced, percent } = priceDisplay(price);
  const format = (minor: number) => formatMoney(minor, currency, i18n.language);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const labels: { key: string; text: string; tone: string }[] = [];
  if (percent > 0) labels.push({ key: "discount", text: t("card.discount", { percent }), tone: "sale" });
  if (card.clearance) labels.push({ key: "clearance", text: t("card.clearance"), tone: "sale" });
  if (card.plus) labels.push({ key: "plus", text: t("card.plus"), tone: "plus" });
  if (card.outOfStock) labels.push({ key: "stock", text: t("card.outOfStock"), tone: "muted" });
  return (
    <article className="card product-card">
      <Link to={product.path} className="card-link">
        <ResponsiveImage src={card.image} alt="" width={400} height={300} sizes={IMAGE_SIZES.card} eager={eager} priority={priority} />
        {labels.length > 0 ? (
          <ul className="labels">
            {labels.map((label) => (
              <li key={label.key} className={`label label-${label.tone}`}>
                {label.text}
              </li>
            ))}
          </ul>
        ) : null}
        {card.manufacturer ? <span className="card-maker">{card.manufacturer}</span> : null}
        <Heading className="card-title">{product.title}</Heading>
      </Link>
      {price ? (
        <div className="card-price">
          <p>
            {reduced ? <span className="visually-hidden">{t("card.nowOnly")} </span> : null}
            <span className={reduced ? "price price-sale" : "price"}>{format(price.packagePrice)}</span>
            {reduced ? (
              <>
                {" "}
                <span className="visually-hidden">{t("product.referencePriceLabel")} </span>
                <s className="price-old" data-testid="card-reference-price">
                  {format(price.referencePrice)}
                </s>
              </>
            ) : null}
            <span className="muted"> / {t("card.package")}</span>
          </p>
          <p className="muted">{t("product.unitPrice", { price: format(price.unitPrice), unit: card.unit })}</p>
        </div>
      ) : null}
      {/* Out of stock: its label says so, and no delivery time is promised (as on its page and in the search's list). */}
      {card.outOfStock ? null : (
        <p className="card-delivery small">
          {t("product.delivery", { min: card.minDays, max: card.maxDays })}
          {card.express ? <span className="express"> · {t("card.express")}</span> : null}
        </p>
      )}
      {card.sample ? <p className="sample-label small">{t("card.sample")}</p> : null}
      <ListAddToCartSlot sku={product.sku} title={product.title} salable={!card.outOfStock && price !== null} language={i18n.language} />
    </article>
  );
}

export function ProductGrid({
  products,
  currency,
  headingLevel = 3,
  eagerCount = 0,
}: {
  products: ProductCardData[];
  currency: string;
  headingLevel?: 2 | 3;
  /** Cards in the first screen: eager, the first with high priority (the largest paint). */
  eagerCount?: number;
}) {
  return (
    <ul className="grid product-grid">
      {products.map((product, index) => (
        <li key={product.sku}>
          <ProductCard product={product} currency={currency} headingLevel={headingLevel} eager={index < eagerCount} priority={index === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  );
}
