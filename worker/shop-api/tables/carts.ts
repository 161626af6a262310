/**
 * The cart tables (migrations/0002_commerce.sql): `carts` (one per visitor and shop) and
 * `cart_items` (one line per product, kind and chosen options; quantities are packages).
 * A line accepted from an offer (migrations/0023_inquiries_offers.sql) carries the offer and
 * its package price: that price applies while the offer is accepted and valid (offerPriceApplies).
 */
import type { StoredOfferState } from "@domain/offers";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { listedIn, mainImage, productTitle, type PriceRow, type ProductRow } from "./products";

export type CartItemKind = "product" | "sample";

export interface CartItemRow {
  id: number;
  cart_id: number;
  sku: string;
  /** 'sample': a free sample put into the regular cart. */
  kind: CartItemKind;
  /** JSON of the chosen configurable options, keys sorted (optionsKey). */
  options: string;
  quantity: number;
  /** JSON {type, month, date} when given. */
  desired_date: string | null;
  added_at: string;
  /** The offer the line was accepted from (its quantity is the offered one), and its offered package price. */
  offer_id: string | null;
  offer_price: number | null;
  /** The product's pack content when the visitor added the line or last set its quantity (migrations/0031), null for older lines. */
  package_content: number | null;
}

/** A line of a visitor's cart with what the cart shows of its product and the product's price in the shop (cartLines). */
export type CartLineRow = Pick<CartItemRow, "id" | "sku" | "kind" | "options" | "quantity" | "desired_date" | "offer_id" | "offer_price"> &
  Pick<
    ProductRow,
    | "unit"
    | "package_content"
    | "is_express"
    | "is_decking"
    | "is_free_shipping"
    | "shipping_group"
    | "delivery_days_min"
    | "delivery_days_max"
    | "stock_qty"
    | "min_order_qty"
    | "reached_eol"
  > & {
    title: string;
    /** The product page's slug in the language, null when the product has no text there. */
    slug: string | null;
    /** 1 when the product is sold in the shop (active and listed there), else 0. */
    listed: number;
    /** Null when the product has no price in the shop. */
    package_price: PriceRow["package_price"] | null;
    unit_price: PriceRow["unit_price"] | null;
    tax_rate: PriceRow["tax_rate"] | null;
    image: string | null;
    /** The pack content the line's packages were chosen with (CartItemRow.package_content); `package_content` is the product's now. */
    chosen_package_content: number | null;
    /** The line's offer as it is now (null without one, or when it was deleted). */
    offer_state: StoredOfferState | null;
    offer_valid_until: string | null;
  };

/** The offered price applies to the line on `today` (Berlin): its offer is accepted and not past its last day. */
export function offerPriceApplies(row: Pick<CartLineRow, "offer_id" | "offer_price" | "offer_state" | "offer_valid_until">, today: string): boolean {
  return (
    row.offer_id !== null && row.offer_price !== null && row.offer_state === "accepted" && row.offer_valid_until !== null && row.offer_valid_until >= today
  );
}

/**
 * The pack content the visitor chose the line's packages with, when the product's has changed
 * since (the catalogue changed it); null when it has not or is not known. The cart, the quote and
 * the order always use the current one; the cart page says that it changed.
 */
export function packageContentBefore(row: Pick<CartLineRow, "package_content" | "chosen_package_content">): number | null {
  const before = row.chosen_package_content;
  return before !== null && Math.abs(before - row.package_content) > 1e-9 ? before : null;
}

/** The product's current pack content, as a line stores what its packages were chosen with (CartItemRow.package_content). */
export const currentPackageContent = (sku: string): SqlFragment => sql`(SELECT package_content FROM products WHERE sku = ${sku})`;

/** The chosen options as stored: JSON with sorted keys, so one choice is one line however the keys came. */
export function optionsKey(options: Readonly<Record<string, string>>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(options).sort(([a], [b]) => a.localeCompare(b))));
}

/** The lines of the visitor's cart in the shop, in the order they were added, with titles in the language. */
export function cartLines(visitorId: string, shopId: string, language: string): SqlFragment {
  return sql`SELECT ci.id, ci.sku, ci.kind, ci.options, ci.quantity, ci.desired_date, ci.offer_id, ci.offer_price, ci.package_content AS chosen_package_content, o.state AS offer_state,
      o.valid_until AS offer_valid_until, ${productTitle(language)} AS title, p.unit, p.package_content,
      p.is_express, p.is_decking, p.is_free_shipping, p.shipping_group, p.delivery_days_min, p.delivery_days_max, p.stock_qty, p.min_order_qty, p.reached_eol,
      (SELECT slug FROM product_content WHERE sku = p.sku AND language = ${language}) AS slug, CASE WHEN ${listedIn(shopId)} THEN 1 ELSE 0 END AS listed,
      pr.package_price, pr.unit_price, pr.tax_rate, ${mainImage()} AS image
    FROM carts c JOIN cart_items ci ON ci.cart_id = c.id JOIN products p ON p.sku = ci.sku
    LEFT JOIN prices pr ON pr.sku = ci.sku AND pr.shop_id = c.shop_id LEFT JOIN offers o ON o.id = ci.offer_id
    WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shopId} ORDER BY ci.id`;
}

/** Creates the visitor's cart in the shop unless it exists; only when `holds` (a write guard). */
export function ensureCart(visitorId: string, shopId: string, now: Date, holds: SqlFragment): SqlFragment {
  return sql`INSERT OR IGNORE INTO carts (visitor_id, shop_id, created_at) SELECT ${visitorId}, ${shopId}, ${now.toISOString()} WHERE ${holds}`;
}

/** Line `itemId` of the visitor's cart in the shop: the only lines a visitor can change (another visitor's id matches nothing). */
export function ownCartItem(visitorId: string, shopId: string, itemId: number): SqlFragment {
  return sql`id = ${itemId} AND cart_id = (SELECT id FROM carts WHERE visitor_id = ${visitorId} AND shop_id = ${shopId})`;
}

/** Sets the quantity (packages) of the visitor's line, chosen with the product's current pack content; only when `holds` (a write guard). */
export function setCartItemQuantity(visitorId: string, shopId: string, itemId: number, quantity: number, holds: SqlFragment): SqlFragment {
  return sql`UPDATE cart_items SET quantity = ${quantity}, package_content = (SELECT package_content FROM products WHERE sku = cart_items.sku)
    WHERE ${ownCartItem(visitorId, shopId, itemId)} AND ${holds}`;
}

/** Removes the visitor's line; only when `holds` (a write guard). */
export function deleteCartItem(visitorId: string, shopId: string, itemId: number, holds: SqlFragment): SqlFragment {
  return sql`DELETE FROM cart_items WHERE ${ownCartItem(visitorId, shopId, itemId)} AND ${holds}`;
}
