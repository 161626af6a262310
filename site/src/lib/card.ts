import type { ProductData } from "../../sourcing/catalogue-client";

/**
 * What a product card in a list shows (SPEC 3 list-card fields), sourced onto the
 * ShopProduct node as `card` so list pages carry only this in their page data, not the
 * whole product (descriptions, attributes, downloads, ...). A change to a product then
 * rewrites the list pages only when something on its card changed.
 */
export interface CardMoney {
  amount: number;
  formattedWithCurrency: string;
}

export interface CardData {
  image: string | null;
  manufacturer: string | null;
  price: { packagePrice: CardMoney; referencePrice: CardMoney; unitPrice: CardMoney; savingsPercentage: number } | null;
  unit: string;
  minDays: number;
  maxDays: number;
  express: boolean;
  sample: boolean;
  clearance: boolean;
  plus: boolean;
  outOfStock: boolean;
}

const money = (value: { amount: number; formattedWithCurrency: string }): CardMoney => ({
  amount: value.amount,
  formattedWithCurrency: value.formattedWithCurrency,
});

export function cardData(product: ProductData): CardData {
  const image = product.media.find((media) => media.kind === "image");
  return {
    image: image?.url ?? null,
    manufacturer: product.manufacturer?.name ?? null,
    price: product.price
      ? {
          packagePrice: money(product.price.packagePrice),
          referencePrice: money(product.price.referencePrice),
          unitPrice: money(product.price.unitPrice),
          savingsPercentage: product.price.savingsPercentage,
        }
      : null,
    unit: product.unit.label,
    minDays: product.delivery.minDays,
    maxDays: product.delivery.maxDays,
    express: product.delivery.express || product.isExpress,
    sample: product.samples.active,
    clearance: product.isClearance,
    plus: product.isPlusProduct,
    outOfStock: product.isOutOfStock,
  };
}
