/**
 * The staff's view of the sample order tables (migrations/0002_commerce.sql, 0014, 0017):
 * the columns the back office reads and writes. The limit keys of 0014 (email_key,
 * address_key, client_key) and the visitor id are internal: no fragment here selects them.
 *
 * A sample quote's staff status is its fulfilment state (0017: shipped or cancelled, set
 * once by staff) when there is one, else its life-cycle state (open, finished, processed,
 * expired). "Placed" is when it was ordered, or created for a cart never ordered: the
 * order the console lists by (index sample_quotes_placed / sample_quotes_shop_placed).
 */
import type { FulfilmentState, SampleQuoteState } from "@domain/back-office/sample-orders";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { productTitle } from "./products";

/** What the staff list and detail read of a quote. */
export interface SampleOrderRow {
  id: number;
  reference_code: string;
  shop_id: string;
  state: SampleQuoteState;
  email: string | null;
  /** JSON of the sample address. */
  address: string | null;
  slot_count: number;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  processed_at: string | null;
  fulfilment_state: FulfilmentState | null;
  fulfilment_by: string | null;
  fulfilment_at: string | null;
  placed_at: string;
  item_count: number;
}

/** A sample of an order with its product's title (the SKU when the product is gone). */
export interface SampleOrderItemRow {
  sku: string;
  quantity: number;
  recommendation: number;
  title: string;
  added_at: string;
}

/** The sort key of the list (the expression the placed indexes are built on). */
export const PLACED_AT = sql`coalesce(q.finished_at, q.created_at)`;

/** The columns of SampleOrderRow from `sample_quotes q`. */
export const SAMPLE_ORDER_COLUMNS = sql`q.id, q.reference_code, q.shop_id, q.state, q.email, q.address, q.slot_count, q.created_at,
  q.expires_at, q.finished_at, q.processed_at, q.fulfilment_state, q.fulfilment_by, q.fulfilment_at, ${PLACED_AT} AS placed_at,
  (SELECT COUNT(*) FROM sample_items si WHERE si.quote_id = q.id) AS item_count`;

/** The samples of a quote with product titles in the language, in the order they were added (products no longer in the catalogue included). */
export function sampleOrderItems(quoteId: number, language: string): SqlFragment {
  return sql`SELECT si.sku, si.quantity, si.recommendation, si.added_at, coalesce(${productTitle(language)}, si.sku) AS title
    FROM sample_items si LEFT JOIN products p ON p.sku = si.sku WHERE si.quote_id = ${quoteId} ORDER BY si.added_at, si.sku`;
}

/**
 * Sets the fulfilment of an ordered quote (finished or processed) that has none yet; a
 * quote in any other state, or already shipped or cancelled, is left unchanged.
 */
export function setFulfilment(referenceCode: string, state: FulfilmentState, by: string, at: string): SqlFragment {
  return sql`UPDATE sample_quotes SET fulfilment_state = ${state}, fulfilment_by = ${by}, fulfilment_at = ${at}
    WHERE reference_code = ${referenceCode} AND state IN ('finished', 'processed') AND fulfilment_state IS NULL`;
}
