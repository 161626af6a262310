/**
 * The sample order tables (migrations/0002_commerce.sql): `sample_quotes` (the sample cart;
 * states open -> finished -> processed, open -> expired; at most one open quote per
 * visitor and shop) and `sample_items` (one row per sample SKU of a quote).
 */
import type { SampleQuoteState } from "@domain/back-office/sample-orders";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { mainImage, productTitle } from "./products";

export type { SampleQuoteState };

export interface SampleQuoteRow {
  id: number;
  reference_code: string;
  visitor_id: string;
  shop_id: string;
  state: SampleQuoteState;
  slot_count: number;
  email: string | null;
  /** JSON of the sample address. */
  address: string | null;
  created_at: string;
  expires_at: string;
  finished_at: string | null;
  processed_at: string | null;
}

export interface SampleItemRow {
  quote_id: number;
  sku: string;
  quantity: number;
  recommendation: number;
  added_at: string;
}

/** A sample of a quote with its product's title and image (sampleItems); `long_delivery` 1: the sample takes 2-3 weeks. */
export type SampleItemLineRow = Pick<SampleItemRow, "sku" | "quantity" | "recommendation"> & { title: string; image: string | null; long_delivery: number };

/** The id of the visitor's open quote in the shop (a subquery; NULL when there is none). */
export function openQuoteId(visitorId: string, shopId: string): SqlFragment {
  return sql`(SELECT id FROM sample_quotes WHERE visitor_id = ${visitorId} AND shop_id = ${shopId} AND state = 'open')`;
}

/** The samples of a quote (its id, or a subquery giving it) in the order they were added, with titles in the language. */
export function sampleItems(quoteId: number | SqlFragment, language: string): SqlFragment {
  return sql`SELECT si.sku, si.quantity, si.recommendation, ${productTitle(language)} AS title, ${mainImage()} AS image, p.sample_long_delivery AS long_delivery
    FROM sample_items si JOIN products p ON p.sku = si.sku WHERE si.quote_id = ${quoteId} ORDER BY si.added_at, si.sku`;
}

/** The number of samples in a quote, as `n`. */
export function sampleItemCount(quoteId: number): SqlFragment {
  return sql`SELECT COUNT(*) AS n FROM sample_items WHERE quote_id = ${quoteId}`;
}
