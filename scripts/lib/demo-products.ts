/**
 * Products of the demo catalogue as the GraphQL layer lists them, for the benchmarks and
 * browser tests that need a product to act on, and the rule for one a visitor can put into
 * the cart as it is (not configurable, salable, in stock, priced, its minimum order
 * quantity within one package).
 */
import { loadShopConfig } from "./shops";

export interface ProductNode {
  sku: string;
  type: string;
  slug: string;
  isSalable: boolean;
  isOutOfStock: boolean;
  reachedEOF: boolean;
  packageContent: number;
  stock: { quantity: number; minimumOrderQuantity: number };
  samples: { active: boolean };
  price: { packagePrice: { amount: number } } | null;
  content: { title: string };
}

/** The GraphQL query for the first 200 products of a shop, with every field of ProductNode, in one of its languages (default: the shop's default language). */
export function productsQuery(shop: string, language = loadShopConfig().shops.find((candidate) => candidate.id === shop)?.defaultLanguage ?? "de"): string {
  return `{ products(shop: "${shop}", language: "${language}", first: 200) { nodes { sku type slug isSalable isOutOfStock reachedEOF packageContent
    stock { quantity minimumOrderQuantity } samples { active } price { packagePrice { amount } } content { title } } } }`;
}

export function isOrderable(product: ProductNode): boolean {
  return (
    product.type !== "configurable" &&
    product.isSalable &&
    !product.isOutOfStock &&
    !product.reachedEOF &&
    product.price !== null &&
    product.stock.minimumOrderQuantity <= product.packageContent
  );
}
