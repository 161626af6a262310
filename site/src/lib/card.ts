import type { ProductData } from "../../sourcing/catalogue-client";
import type { PriceLike } from "./price";

/**
 * What a product card in a list shows, sourced onto the
 * ShopProduct node as `card` so list pages carry only this in their page data, not the
 * whole product (descriptions, attributes, downloads, ...). A change to a product then
 * rewrites the list pages only when something on its card changed.
 *
 * Cards are in the page data of every list and product page, so they are kept small
 * (docs/decisions/0055): the page data has a card with its product's SKU, path and title as
 * one array of values (`PackedCard`, no field names), prices as minor units, the flags as
 * one number, the reference price and the saving only when the price was lowered.
 * `unpackCard` gives the product card back as the components read it; they format the
 * prices with the shop's currency and the page's language (domain/money.ts, as the GraphQL
 * layer formats them).
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

/** A card's flags as bits of one number, in this order (express 1, sample 2, clearance 4, plus 8, out of stock 16). */
const FLAGS: readonly (keyof CardFlags)[] = ["express", "sample", "clearance", "plus", "outOfStock"];

/** A product in a list as the components show it. */
export interface ProductCardData {
  sku: string;
  path: string;
  title: string;
  card: CardData;
}

type PackedPrice =
  [] | [packagePrice: number, unitPrice: number] | [packagePrice: number, unitPrice: number, referencePrice: number, savingsPercentage: number];

/** A product card as the page data carries it; no price is an empty tail, an unlowered price has no reference price and saving. */
export type PackedCard = [
  sku: string,
  path: string,
  title: string,
  image: string | null,
  manufacturer: string | null,
  unit: string,
  minDays: number,
  maxDays: number,
  flags: number,
  ...price: PackedPrice,
];

function packPrice(price: CardPrice | null): PackedPrice {
  if (!price) return [];
  const lowered = price.referencePrice !== price.packagePrice || price.savingsPercentage !== 0;
  return lowered ? [price.packagePrice, price.unitPrice, price.referencePrice, price.savingsPercentage] : [price.packagePrice, price.unitPrice];
}

export function packCard({ sku, path, title, card }: ProductCardData): PackedCard {
  const flags = FLAGS.reduce((bits, name, index) => (card[name] ? bits | (1 << index) : bits), 0);
  return [sku, path, title, card.image, card.manufacturer, card.unit, card.minDays, card.maxDays, flags, ...packPrice(card.price)];
}

export function unpackCard(packed: PackedCard): ProductCardData {
  const [sku, path, title, image, manufacturer, unit, minDays, maxDays, flags, packagePrice, unitPrice, referencePrice, savingsPercentage] = packed;
  const card: CardData = {
    image,
    manufacturer,
    price:
      packagePrice === undefined || unitPrice === undefined
        ? null
        : { packagePrice, unitPrice, referencePrice: referencePrice ?? packagePrice, savingsPercentage: savingsPercentage ?? 0 },
    unit,
    minDays,
    maxDays,
  };
  FLAGS.forEach((name, index) => {
    if (flags & (1 << index)) card[name] = true;
  });
  return { sku, path, title, card };
}

export function cardData(product: ProductData): CardData {
  const image = product.media.find((media) => media.kind === "image");
  const flags: Record<keyof CardFlags, boolean> = {
    express: product.delivery.express || product.isExpress,
    sample: product.samples.active,
    clearance: product.isClearance,
    plus: product.isPlusProduct,
    outOfStock: product.isOutOfStock,
  };
  const card: CardData = {
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
  };
  for (const name of FLAGS) if (flags[name]) card[name] = true;
  return card;
}
