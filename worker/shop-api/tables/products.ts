/**
 * The product table family (migrations/0001_catalogue.sql): `products` (one row per SKU),
 * `product_content` (texts per language), `prices` and `price_history` (per shop), `media`,
 * `downloads`, `tutorials`, `product_categories` (further categories) and `product_shops`
 * (which shops sell a product).
 *
 * `ProductRow` is the one declaration of a `products` row; search and GraphQL take it from
 * here instead of declaring their own (GraphQL's row adds the joined content slug:
 * `ProductRow & { slug: string }`). `Product` is its mapped form with the columns the
 * modules read so far: add a field here when a module needs one. The SQL fragments expect
 * the products table under the alias `p` (`mainImage` can be pointed at another).
 */
import type { CatalogueLabel } from "@domain/catalogue-label";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";

export type ProductType = "simple" | "configurable" | "variant";
export type ShippingGroup = "parcel" | "freight";

export interface ProductRow {
  sku: string;
  /** Set on variants (child products). */
  parent_sku: string | null;
  type: ProductType;
  manufacturer_id: string | null;
  /** The primary category (breadcrumbs). */
  category_id: string;
  ean: string | null;
  /** Measurement unit code (domain/units.ts), e.g. SQM. */
  unit: string;
  /** Amount of the unit in one package. */
  package_content: number;
  blend_percent: number;
  shipping_group: ShippingGroup;
  is_decking: number;
  is_express: number;
  is_clearance: number;
  is_plus: number;
  /** Standard shipping at home is free for a cart of only such products (core/delivery-rules.ts). */
  is_free_shipping: number;
  /** Place among the merchandiser's top products (TopProducts); null: not one. */
  top_position: number | null;
  is_active: number;
  reached_eol: number;
  /** Working days. */
  delivery_days_min: number;
  delivery_days_max: number;
  /** Packages in stock. */
  stock_qty: number;
  /** In the product's unit. */
  min_order_qty: number;
  notification_qty: number;
  sample_active: number;
  sample_express: number;
  sample_long_delivery: number;
  sample_free: number;
  sample_max: number;
  /** JSON [{code, label, options: [{value, label}]}]. */
  configurable_attributes: string;
  updated_at: string;
}

/** A `prices` row: minor units, tax included. */
export interface PriceRow {
  sku: string;
  shop_id: string;
  currency: string;
  package_price: number;
  unit_price: number;
  tax_rate: number;
  updated_at: string;
}

/** A `product_content` row: a product's texts in one language. */
export interface ProductContentRow {
  sku: string;
  language: string;
  /** URL path without language prefix and without .html. */
  slug: string;
  title: string;
  subtitle: string;
  short_description: string;
  description: string;
  low_stock_message: string;
  measurement: string;
  /** JSON array of strings. */
  features: string;
  /** JSON array of {code, label, type, value, isVisible}. */
  attributes: string;
  meta_title: string | null;
  meta_description: string | null;
  /** A short label shown by the title (e.g. "Bestseller"); empty for none. */
  marketing_label: string;
  /** The Plus tab's text (sanitised rich text); empty: the tab's general text. */
  plus_content: string;
  /** What the top products list says of the product; empty for none. */
  top_description: string;
}

/** A `price_history` row: a package price (minor units) a product had in a shop from `valid_from` on. */
export interface PriceHistoryRow {
  sku: string;
  shop_id: string;
  package_price: number;
  valid_from: string;
}

export interface MediaRow {
  sku: string;
  position: number;
  kind: "image" | "video";
  url: string;
  alt: string;
  /** A video's poster image under /images/videos/ (migrations/0029); null for images. */
  poster: string | null;
}

export interface DownloadRow {
  sku: string;
  language: string;
  position: number;
  title: string;
  url: string;
}

export interface TutorialRow {
  sku: string;
  language: string;
  position: number;
  title: string;
  content: string;
  type: "video" | "text" | "pdf";
  url: string | null;
  /** A video tutorial's poster image under /images/videos/ (migrations/0029); null otherwise. */
  poster: string | null;
}

/** A further category of a product (the primary one is `products.category_id`). */
/** A `product_sets` row: a product sold in a set with `sku`, in the merchandiser's order (migrations/0036). */
export interface ProductSetRow {
  sku: string;
  position: number;
  member_sku: string;
}

export interface ProductCategoryRow {
  sku: string;
  category_id: string;
  position: number;
}

export interface ConfigurableAttribute {
  code: string;
  /** One text, or one per language (domain/catalogue-label.ts). */
  label: CatalogueLabel;
  /** The configurator shows the options as images. */
  useImage?: boolean;
  options: { value: string; label: CatalogueLabel; image?: string }[];
}

export interface Product {
  sku: string;
  type: ProductType;
  shippingGroup: ShippingGroup;
  isDecking: boolean;
  isFreeShipping: boolean;
  isExpress: boolean;
  isActive: boolean;
  reachedEol: boolean;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  /** Broken JSON in the column reads as no attributes. */
  configurableAttributes: ConfigurableAttribute[];
}

export function productOf(row: ProductRow): Product {
  return {
    sku: row.sku,
    type: row.type,
    shippingGroup: row.shipping_group,
    isDecking: row.is_decking === 1,
    isFreeShipping: row.is_free_shipping === 1,
    isExpress: row.is_express === 1,
    isActive: row.is_active === 1,
    reachedEol: row.reached_eol === 1,
    deliveryDaysMin: row.delivery_days_min,
    deliveryDaysMax: row.delivery_days_max,
    configurableAttributes: parseJsonOr<ConfigurableAttribute[]>(row.configurable_attributes, []),
  };
}

/** The title of product `p` in the language, falling back to German, then to any language, then to the SKU. */
export function productTitle(language: string): SqlFragment {
  return sql`COALESCE(
    (SELECT title FROM product_content WHERE sku = p.sku AND language = ${language}),
    (SELECT title FROM product_content WHERE sku = p.sku AND language = 'de'),
    (SELECT title FROM product_content WHERE sku = p.sku LIMIT 1), p.sku)`;
}

/**
 * The URL of the first image of a product, or NULL: by default of product `p`; `sku` names
 * the product's SKU column where the products table has another alias (e.g. sql`pr.sku`).
 */
export function mainImage(sku: SqlFragment = sql`p.sku`): SqlFragment {
  return sql`(SELECT url FROM media m WHERE m.sku = ${sku} AND m.kind = 'image' ORDER BY m.position LIMIT 1)`;
}

/** 1 when product `p` is listed in the shop, else NULL. */
export function inShop(shopId: string): SqlFragment {
  return sql`(SELECT 1 FROM product_shops ps WHERE ps.sku = p.sku AND ps.shop_id = ${shopId})`;
}

/** Product `p` is sold in the shop at all: active and listed there (false when `p` is an unmatched outer join). */
export function listedIn(shopId: string): SqlFragment {
  return sql`(COALESCE(p.is_active, 0) = 1 AND ${inShop(shopId)} IS NOT NULL)`;
}
