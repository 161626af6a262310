import { money } from "@domain/money";
import type { MoneyData, ProductData as SourcedProduct } from "../../sourcing/catalogue-client";

/**
 * A product as its page's `page-data.json` carries it (docs/decisions/0055): without the
 * fields the page does not show (its family's children and configurable attributes, which
 * the page queries itself; its category ids and its parent, the page has its trail and its
 * family; its change time; of its stock, samples and manufacturer what no component reads;
 * the attributes the technical data does not list), with each price as minor units beside one
 * currency, its media without the values that follow from the item before (`PackedMedia`)
 * and its flags only when they differ from most products' (`DEFAULTS`). The page formats the
 * prices again with domain/money.ts as the GraphQL layer formats them
 * (worker/shop-api/graphql/resolvers/products.ts), so the product the components get is the sourced one
 * without what they do not read.
 */
type NotShown = "childProducts" | "configurableAttributes" | "updatedAt" | "categoryIds" | "categoryId" | "parentSku";

/** A product as the product page and its components know it. */
export type PageProduct = Omit<SourcedProduct, NotShown | "stock" | "samples" | "manufacturer"> & {
  stock: Pick<SourcedProduct["stock"], "minimumOrderQuantity">;
  samples: Pick<SourcedProduct["samples"], "active" | "longDeliveryTime">;
  manufacturer: Pick<NonNullable<SourcedProduct["manufacturer"]>, "name" | "slug"> | null;
};

type Price = NonNullable<SourcedProduct["price"]>;

export interface PackedPrice {
  currency: string;
  packagePrice: number;
  unitPrice: number;
  referencePrice: number;
  savingsPercentage: number;
  tax: Omit<Price["tax"], "amount"> & { amount: number };
}

type Media = SourcedProduct["media"][number];

/** A media item without its defaults: `kind` only when not an image, `alt` only when not the item before's (the first's before is ""), `poster` only when there is one. */
export interface PackedMedia {
  kind?: string;
  url: string;
  alt?: string;
  poster?: string;
}

type Attribute = SourcedProduct["content"]["attributes"][number];

/** What most products have; the page data has such a field only when the product's differs. */
const DEFAULTS = {
  isDecking: false,
  isExpress: false,
  isClearance: false,
  isPlusProduct: false,
  isFreeShipping: false,
  marketingLabel: null,
  topPosition: null,
  isOutOfStock: false,
  isSalable: true,
  reachedEOF: false,
} as const satisfies Partial<PageProduct>;

type Defaulted = keyof typeof DEFAULTS;

export type PackedProduct = Omit<PageProduct, "price" | "media" | "content" | Defaulted> &
  Partial<Pick<PageProduct, Defaulted>> & {
    price: PackedPrice | null;
    media: PackedMedia[];
    /** Only the visible attributes (the technical data's), without `isVisible`. */
    content: Omit<PageProduct["content"], "attributes"> & { attributes: Omit<Attribute, "isVisible">[] };
  };

function packMedia(media: Media[]): PackedMedia[] {
  return media.map(({ kind, url, alt, poster }, index) => ({
    ...(kind === "image" ? {} : { kind }),
    url,
    ...(alt === (media[index - 1]?.alt ?? "") ? {} : { alt }),
    ...(poster === null ? {} : { poster }),
  }));
}

function unpackMedia(packed: PackedMedia[]): Media[] {
  let alt = "";
  return packed.map((item) => {
    alt = item.alt ?? alt;
    return { kind: item.kind ?? "image", url: item.url, alt, poster: item.poster ?? null };
  });
}

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
  const {
    childProducts: _children,
    configurableAttributes: _configurable,
    updatedAt: _updated,
    categoryIds: _categories,
    categoryId: _category,
    parentSku: _parent,
    stock,
    samples,
    manufacturer,
    media,
    price,
    content,
    ...shown
  } = product;
  const packed: PackedProduct = {
    ...shown,
    content: {
      ...content,
      attributes: content.attributes.filter((attribute) => attribute.isVisible).map(({ isVisible: _visible, ...attribute }) => attribute),
    },
    media: packMedia(media),
    stock: { minimumOrderQuantity: stock.minimumOrderQuantity },
    samples: { active: samples.active, longDeliveryTime: samples.longDeliveryTime },
    manufacturer: manufacturer ? { name: manufacturer.name, slug: manufacturer.slug } : null,
    price: price ? packPrice(price) : null,
  };
  for (const name of Object.keys(DEFAULTS) as Defaulted[]) if (packed[name] === DEFAULTS[name]) delete packed[name];
  return packed;
}

/** The page's product again, its prices formatted in the page's language. */
export function unpackProduct(packed: PackedProduct, language: string): PageProduct {
  const { price, media: packedMedia, content, ...shown } = packed;
  const rest = {
    ...DEFAULTS,
    ...shown,
    content: { ...content, attributes: content.attributes.map((attribute) => ({ ...attribute, isVisible: true })) },
    media: unpackMedia(packedMedia),
  };
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
