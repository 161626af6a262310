import type { SqlFragment } from "@worker/lib/sql";
import type { Shop } from "../core/shop";
import type { PriceRow, ProductContentRow, ProductRow } from "../tables/products";

/**
 * What the resolvers hand to the fields of the types whose values are computed field by field
 * (codegen.ts maps these schema types to them; every other type is returned as the schema has it).
 */

/** A product visible in the shop and language, with its content slug in the language. */
export type VisibleProductRow = ProductRow & { slug: ProductContentRow["slug"] };

/** What a Product field resolver receives: the row plus the shop and language it was asked for. */
export interface ProductSource {
  row: VisibleProductRow;
  shop: Shop;
  language: string;
}

/** A product's price in a shop as the Product.price field reads it. */
export type ProductPriceRow = Pick<PriceRow, "sku" | "currency" | "package_price" | "unit_price" | "tax_rate">;

/** What a ProductPrice field resolver receives: the product and its price row. */
export interface ProductPriceSource {
  product: ProductSource;
  price: ProductPriceRow;
}

/** A page of products(): its products, where the next page starts, and what it selects (for the total count). */
export interface ProductConnectionSource {
  shop: Shop;
  language: string;
  /** The changed-products filter of the request (empty without one). */
  changed: SqlFragment;
  nodes: ProductSource[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
