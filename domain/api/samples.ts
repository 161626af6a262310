/**
 * Free samples on the wire: the visitor's sample cart (`GET /apiv2/sample/product/cart`, its
 * add, remove, contact and finish calls), the samples ordered today
 * (`GET /apiv2/sample/product/count/day`, a number) and the state of an ordered sample cart
 * (`GET /apiv2/sample/product/order/{referenceCode}`).
 */
import type { SampleQuoteState } from "../back-office/sample-orders";

/** The body of the add and remove calls: one sample of a product. */
export interface SampleItemRequest {
  sku: string;
  quantity?: 1;
  recommendation?: boolean;
  form_key?: string;
}

/** The shipping address of a sample order. */
export interface SampleAddress {
  firstname: string;
  lastname: string;
  company?: string;
  street: string;
  zip: string;
  city: string;
  countryCode: string;
  phone?: string;
}

/** The body of `POST /apiv2/sample/product/cart[?sku=]`: the contact of the order (and optionally one more sample). */
export interface SampleContactRequest {
  email: string;
  customerAddress: SampleAddress;
  form_key?: string;
  sku?: string;
}

/** A sample of the sample cart; `longDelivery`: it takes SAMPLE_LONG_DELIVERY_WEEKS (domain/samples.ts). */
export interface SampleCartItem {
  sku: string;
  name: string;
  quantity: number;
  image: string | null;
  recommendation: boolean;
  longDelivery: boolean;
}

/** The answer of every sample cart call; `processAfter` only from the finish. */
export interface SampleCart {
  cart: {
    referenceCode: string;
    expirationDate: string;
    state: SampleQuoteState;
    hasSampleProducts: boolean;
    numberOfRemainingSamples: number;
    itemCount: number;
    items: SampleCartItem[];
    sampleProducts: string[];
  } | null;
  options: {
    isSampleCartFull: boolean;
    itemSampleLimit: number;
    sample_slot_count: number;
    hidden: boolean;
    contacts: { email: string | null; customerAddress: SampleAddress | null } | null;
    /** `house_number_missing`: the street names no house number. */
    addressWarnings: "house_number_missing"[];
  };
  processAfter?: string;
}

/** The answer of `GET /apiv2/sample/product/order/{referenceCode}`. */
export interface SampleOrderState {
  referenceCode: string;
  state: SampleQuoteState;
  itemCount: number;
  finishedAt: string | null;
  processAfter: string | null;
  processedAt: string | null;
}

/** The refusals of the sample calls besides the core codes. */
export type SampleRefusalCode =
  "unknown_product" | "samples_unavailable" | "sample_cart_full" | "sample_limit_reached" | "country_not_deliverable" | "already_finished";

/** The refusals of the staff's sample order calls (domain/back-office/sample-orders.ts) besides the core codes. */
export type SampleOrderRefusalCode = "invalid_cursor" | "export_too_large" | "not_ordered" | "already_marked";
