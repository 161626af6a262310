/** The `visitors` table: one row per bearer token (its SHA-256), written on a visitor's first write. */
import { sql, type SqlFragment } from "../../lib/sql";

export interface VisitorRow {
  id: string;
  customer_type: "private" | "business";
  has_account: number;
  is_internal: number;
  shipping_country: string | null;
}

export interface Visitor {
  id: string;
  customerType: "private" | "business";
  hasAccount: boolean;
  isInternal: boolean;
  shippingCountry: string | null;
}

export function visitorOf(row: VisitorRow): Visitor {
  return { id: row.id, customerType: row.customer_type, hasAccount: row.has_account === 1, isInternal: row.is_internal === 1, shippingCountry: row.shipping_country };
}

/** A visitor as its row is first written: a private guest without account. */
export function newVisitor(id: string): Visitor {
  return { id, customerType: "private", hasAccount: false, isInternal: false, shippingCountry: null };
}

export const selectVisitor = (id: string): SqlFragment => sql`SELECT id, customer_type, has_account, is_internal, shipping_country FROM visitors WHERE id = ${id}`;

/** Writes a new visitor's row; only when `when` holds (a write guard), by default always. */
export const insertVisitor = (id: string, shopId: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`INSERT INTO visitors (id, shop_id, created_at) SELECT ${id}, ${shopId}, ${now.toISOString()} WHERE ${when}`;

/** Sets the visitor's chosen shipping country (lower-case ISO code). */
export const setShippingCountry = (id: string, country: string): SqlFragment => sql`UPDATE visitors SET shipping_country = ${country} WHERE id = ${id}`;
