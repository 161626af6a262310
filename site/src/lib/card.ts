import type { ProductData } from "../../sourcing/catalogue-client";
import type { PriceLike } from "./price";

/**
 * What a product card in a list shows (SPEC 3 list-card fields), sourced onto the
 * ShopProduct node as `card` so list pages carry only this in their page data, not the
 * whole product (descriptions, attributes, downloads, ...). A change to a product then
 * rewrites the list pages only when something on its card changed.
 *
 * Cards are in the page data of every list and product page, so they are kept small
 * (docs/decisions/0055): prices as minor units, formatted where the card is shown with the
 * shop's currency and the page's language (domain/money.ts, as the GraphQL layer formats
 * them); a flag only when it is set.
 */
export interface CardPrice extends PriceLike {
  unitPrice: number;
}

export interface CardFlags {
  express?: true;
  sample?: true;
  clearance?: true;
  plus?: true;
  outOfStock?: true;
}

export interface CardData extends CardFlags {
  image: string | null;
  manufacturer: string | null;
  price: CardPrice | null;
  unit: string;
  minDays: number;
  maxDays: number;
}

/** The set flags of a card; unset ones are left out. */
function flags(values: Record<keyof CardFlags, boolean>): CardFlags {
  const set: CardFlags = {};
  for (const [name, value] of Object.entries(values) as [keyof CardFlags, boolean][]) if (value) set[name] = true;
  return set;
}

export function cardData(product: ProductData): CardData {
  const image = product.media.find((media) => media.kind === "image");
  return {
    image: image?.url ?? null,
    manufacturer: product.manufacturer?.name ?? null,
    price: product.price
      ? {
          packagePrice: product.price.packagePrice.amount,
          referencePrice: product.price.referencePrice.amount,
          unitPrice: product.price.unitPrice.amount,
          savingsPercentage: product.price.savingsPercentage,
        }
      : null,
    unit: product.unit.label,
    minDays: product.delivery.minDays,
    maxDays: product.delivery.maxDays,
    ...flags({
      express: product.delivery.express || product.isExpress,
      sample: product.samples.active,
      clearance: product.isClearance,
      plus: product.isPlusProduct,
      outOfStock: product.isOutOfStock,
    }),
  };
}
