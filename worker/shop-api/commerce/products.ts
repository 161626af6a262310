/** Catalogue reads the commerce rules need: one product with its price in the shop. */
import { sql, type SqlFragment } from "../../lib/sql";
import type { Ctx } from "./context";
import { TITLE_SQL } from "./context";

export interface ConfigurableAttribute {
  code: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface CommerceProduct {
  sku: string;
  type: "simple" | "configurable" | "variant";
  parentSku: string | null;
  title: string;
  unit: string;
  packageContent: number;
  shippingGroup: "parcel" | "freight";
  isDecking: boolean;
  isExpress: boolean;
  isActive: boolean;
  reachedEol: boolean;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  stockQty: number;
  minOrderQty: number;
  sampleActive: boolean;
  configurableAttributes: ConfigurableAttribute[];
  inShop: boolean;
  /** Minor units, tax included; null when the product has no price in the shop. */
  packagePrice: number | null;
  unitPrice: number | null;
  taxRate: number | null;
  image: string | null;
}

interface Row {
  sku: string;
  type: CommerceProduct["type"];
  parent_sku: string | null;
  title: string;
  unit: string;
  package_content: number;
  shipping_group: "parcel" | "freight";
  is_decking: number;
  is_express: number;
  is_active: number;
  reached_eol: number;
  delivery_days_min: number;
  delivery_days_max: number;
  stock_qty: number;
  min_order_qty: number;
  sample_active: number;
  configurable_attributes: string;
  in_shop: number | null;
  package_price: number | null;
  unit_price: number | null;
  tax_rate: number | null;
  image: string | null;
}

export const PRODUCT_SQL = `SELECT p.sku, p.type, p.parent_sku, ${TITLE_SQL} AS title, p.unit, p.package_content, p.shipping_group, p.is_decking,
  p.is_express, p.is_active, p.reached_eol, p.delivery_days_min, p.delivery_days_max, p.stock_qty, p.min_order_qty, p.sample_active,
  p.configurable_attributes,
  (SELECT 1 FROM product_shops ps WHERE ps.sku = p.sku AND ps.shop_id = ?) AS in_shop,
  pr.package_price, pr.unit_price, pr.tax_rate,
  (SELECT url FROM media m WHERE m.sku = p.sku AND m.kind = 'image' ORDER BY position LIMIT 1) AS image
FROM products p LEFT JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ?`;

export function toProduct(row: Row): CommerceProduct {
  return {
    sku: row.sku,
    type: row.type,
    parentSku: row.parent_sku,
    title: row.title,
    unit: row.unit,
    packageContent: row.package_content,
    shippingGroup: row.shipping_group,
    isDecking: row.is_decking === 1,
    isExpress: row.is_express === 1,
    isActive: row.is_active === 1,
    reachedEol: row.reached_eol === 1,
    deliveryDaysMin: row.delivery_days_min,
    deliveryDaysMax: row.delivery_days_max,
    stockQty: row.stock_qty,
    minOrderQty: row.min_order_qty,
    sampleActive: row.sample_active === 1,
    configurableAttributes: safeJson<ConfigurableAttribute[]>(row.configurable_attributes, []),
    inShop: row.in_shop === 1,
    packagePrice: row.package_price,
    unitPrice: row.unit_price,
    taxRate: row.tax_rate,
    image: row.image,
  };
}

export function productStatement(ctx: Ctx, sku: string) {
  return ctx.db.prepare(`${PRODUCT_SQL} WHERE p.sku = ?`).bind(ctx.language, ctx.shop.id, ctx.shop.id, sku);
}

export function productFromResult(result: { results: unknown[] }): CommerceProduct | null {
  const row = result.results[0] as Row | undefined;
  return row ? toProduct(row) : null;
}

export async function findProduct(ctx: Ctx, sku: string): Promise<CommerceProduct | null> {
  const row = await productStatement(ctx, sku).first<Row>();
  return row ? toProduct(row) : null;
}

export async function childProducts(ctx: Ctx, parentSku: string): Promise<CommerceProduct[]> {
  const { results } = await ctx.db.prepare(`${PRODUCT_SQL} WHERE p.parent_sku = ? ORDER BY p.sku`).bind(ctx.language, ctx.shop.id, ctx.shop.id, parentSku).all<Row>();
  return results.map(toProduct);
}

/** FROM clause for checks inside a write batch: the product of `sku` (p; null columns when unknown) and its price in the shop (pr). */
export function shopProductFrom(ctx: Ctx, sku: string): SqlFragment {
  return sql`(SELECT ${sku} AS sku) k LEFT JOIN products p ON p.sku = k.sku LEFT JOIN prices pr ON pr.sku = k.sku AND pr.shop_id = ${ctx.shop.id}`;
}

/** isListed in SQL, over p of shopProductFrom. */
export function listedSql(ctx: Ctx): SqlFragment {
  return sql`(COALESCE(p.is_active, 0) = 1 AND EXISTS (SELECT 1 FROM product_shops ps WHERE ps.sku = p.sku AND ps.shop_id = ${ctx.shop.id}))`;
}

/** Sold in this shop at all (exists, active, listed in the shop). */
export function isListed(product: CommerceProduct | null): product is CommerceProduct {
  return !!product && product.isActive && product.inShop;
}

export function safeJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
