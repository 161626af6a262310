/**
 * The answers of the back office's sample order API (worker/shop-api/commerce/staff-sample-order-routes.ts),
 * as the shop API builds them and the console reads them:
 *   GET  /admin/api/sample-orders                  SampleOrderListPage
 *   GET  /admin/api/sample-orders/:code            SampleOrderDetail
 *   POST /admin/api/sample-orders/:code/fulfilment SampleOrderDetail
 */
import type { ShopChoice } from "./shop-choice";

/** A sample quote's life cycle (migrations/0002_commerce.sql): open -> finished -> processed, open -> expired. */
export type SampleQuoteState = "open" | "finished" | "processed" | "expired";

/** The step staff add to an ordered quote, once (migrations/0017_back_office.sql). */
export const FULFILMENT_STATES = ["shipped", "cancelled"] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/** The fulfilment state when staff set one, else the life-cycle state. */
export type SampleOrderStatus = SampleQuoteState | FulfilmentState;

/** What the state filter offers: `ordered` (default) is every quote that was ordered, whatever happened after. */
export const STATE_FILTERS = ["ordered", "all", "open", "finished", "processed", "expired", "shipped", "cancelled"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export interface SampleAddress {
  firstname?: string;
  lastname?: string;
  company?: string;
  street?: string;
  zip?: string;
  city?: string;
  countryCode?: string;
  phone?: string;
}

export interface SampleOrderFulfilment {
  state: FulfilmentState;
  by: string | null;
  at: string | null;
}

export interface SampleOrderSummary {
  referenceCode: string;
  shop: string;
  status: SampleOrderStatus;
  state: SampleQuoteState;
  fulfilment: SampleOrderFulfilment | null;
  email: string | null;
  name: string | null;
  city: string | null;
  countryCode: string | null;
  itemCount: number;
  placedAt: string;
  createdAt: string;
  finishedAt: string | null;
  processedAt: string | null;
}

export interface SampleOrderDetail extends SampleOrderSummary {
  address: SampleAddress | null;
  slotCount: number;
  expiresAt: string;
  /** Product names in the shop's default language. */
  items: { sku: string; name: string; quantity: number; recommendation: boolean; addedAt: string }[];
  /** The fulfilment states staff may set now (empty once one is set, or while the quote is not ordered). */
  allowedFulfilment: FulfilmentState[];
}

/** A page of orders newest first; `next` is the cursor of the following page, if there is one. */
export interface SampleOrderPage {
  orders: SampleOrderSummary[];
  next: string | null;
}

export interface SampleOrderListPage extends SampleOrderPage {
  states: readonly StateFilter[];
  shops: ShopChoice[];
}
