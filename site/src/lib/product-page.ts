import { money } from "../../../domain/money";
import type { MoneyData, ProductData as SourcedProduct } from "../../sourcing/catalogue-client";

/**
 * A product as its page's `page-data.json` carries it (docs/decisions/0055): without the
 * fields the page does not show (its family's children and configurable attributes, which
 * the page queries itself; its category ids, the page has its trail; its change time), and
 * with each price as minor units beside one currency. The page formats the prices again with
 * domain/money.ts as the GraphQL layer formats them (graphql/resolvers/products.ts), so the
 * product the components get is the same as the sourced one.
 */
type NotShown = "childProducts" | "configurableAttributes" | "updatedAt" | "categoryIds";

/** A product as the product page and its components know it. */
export type PageProduct = Omit<SourcedProduct, NotShown>;

type Price = NonNullable<SourcedProduct["price"]>;

export interface PackedPrice {
  currency: string;
  packagePrice: number;
  unitPrice: number;
  referencePrice: number;
  savingsPercentage: number;
  tax: Omit<Price["tax"], "amount"> & { amount: number };
}

export type PackedProduct = Omit<PageProduct, "price"> & { price: PackedPrice | null };

function packPrice(price: Price): PackedPrice {
  return {
    currency: price.packagePrice.currency,
    packagePrice: price.packagePrice.amount,
    unitPrice: price.unitPrice.amount,
    referencePrice: price.referencePrice.amount,
    savingsPercentage: price.savingsPercentage,
    tax: { ...price.tax, amount: price.tax.amount.amount },
  };
}

/** What the build writes into the product page's data (the `page` field of a product node, gatsby-node.ts). */
export function packProduct(product: SourcedProduct): PackedProduct {
  const { childProducts: _children, configurableAttributes: _configurable, updatedAt: _updated, categoryIds: _categories, price, ...shown } = product;
  return { ...shown, price: price ? packPrice(price) : null };
}

/** The page's product again, its prices formatted in the page's language. */
export function unpackProduct(packed: PackedProduct, language: string): PageProduct {
  const { price, ...rest } = packed;
  if (!price) return { ...rest, price: null };
  const m = (minor: number): MoneyData => money(minor, price.currency, language);
  return {
    ...rest,
    price: {
      packagePrice: m(price.packagePrice),
      unitPrice: m(price.unitPrice),
      referencePrice: m(price.referencePrice),
      savingsPercentage: price.savingsPercentage,
      tax: { ...price.tax, amount: m(price.tax.amount) },
    },
  };
}
