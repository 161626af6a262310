/** Catalogue reads the commerce rules need: one product with its title and its price in the shop. */
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { inShop, productOf, productTitle, type PriceRow, type Product, type ProductRow } from "../tables/products";

export interface CommerceProduct extends Product {
  title: string;
  inShop: boolean;
  /** Minor units, tax included; null when the product has no price in the shop. */
  packagePrice: number | null;
}

type CommerceProductRow = ProductRow & { title: string; in_shop: number | null; package_price: PriceRow["package_price"] | null };

function commerceProductOf(row: CommerceProductRow): CommerceProduct {
  return { ...productOf(row), title: row.title, inShop: row.in_shop === 1, packagePrice: row.package_price };
}

/** Products (p) with their title in the request's language, whether the shop lists them, and their price there; add a WHERE. */
function productsOfShop(ctx: ShopContext): SqlFragment {
  return sql`SELECT p.*, ${productTitle(ctx.language)} AS title, ${inShop(ctx.shop.id)} AS in_shop, pr.package_price
    FROM products p LEFT JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${ctx.shop.id}`;
}

/** The query reading one product (run alone or in a batch; read its result with productFromResult). */
export function productQuery(ctx: ShopContext, sku: string): SqlFragment {
  return sql`${productsOfShop(ctx)} WHERE p.sku = ${sku}`;
}

export function productFromResult(result: { results: unknown[] }): CommerceProduct | null {
  const row = result.results[0] as CommerceProductRow | undefined;
  return row ? commerceProductOf(row) : null;
}

export async function findProduct(ctx: ShopContext, sku: string): Promise<CommerceProduct | null> {
  const row = await productQuery(ctx, sku).prepare(ctx.db).first<CommerceProductRow>();
  return row ? commerceProductOf(row) : null;
}

export async function childProducts(ctx: ShopContext, parentSku: string): Promise<CommerceProduct[]> {
  const { results } = await sql`${productsOfShop(ctx)} WHERE p.parent_sku = ${parentSku} ORDER BY p.sku`.prepare(ctx.db).all<CommerceProductRow>();
  return results.map(commerceProductOf);
}

/** FROM clause for checks inside a write batch: the product of `sku` (p; null columns when unknown) and its price in the shop (pr). */
export function shopProductFrom(ctx: ShopContext, sku: string): SqlFragment {
  return sql`(SELECT ${sku} AS sku) k LEFT JOIN products p ON p.sku = k.sku LEFT JOIN prices pr ON pr.sku = k.sku AND pr.shop_id = ${ctx.shop.id}`;
}

/** Sold in this shop at all (exists, active, listed in the shop); tables/products.ts listedIn says the same in SQL. */
export function isListed(product: CommerceProduct | null): product is CommerceProduct {
  return !!product && product.isActive && product.inShop;
}

/**
 * The variant of a configurable product for option `index` of its first attribute: its child
 * {sku}-{index + 1}, else its index-th child (children are listed in the order of the options).
 * The one rule of the cart add and the configurator's answer.
 */
export function variantAt(parentSku: string, children: readonly CommerceProduct[], index: number): CommerceProduct | undefined {
  if (index < 0) return undefined;
  return children.find((child) => child.sku === `${parentSku}-${index + 1}`) ?? children[index];
}
