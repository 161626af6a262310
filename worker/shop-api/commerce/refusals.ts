/**
 * Why a write batch refused (core/guarded-batch.ts): the checks of the cart and the sample
 * cart answer with a refusal code; this turns it into the spec's error.
 */
import type { SampleRefusalCode } from "@domain/api/samples";
import { formatQuantity } from "@domain/money";
import { unitLabel } from "@worker/lib/labels";
import type { ShopContext } from "../core/context";
import { fail, invalid, MESSAGES, type ApiFailure } from "../core/envelope";

export type RefusalCode =
  | "unknown_product"
  | "configuration_unavailable"
  | "end_of_life"
  | "out_of_stock"
  | "minimum_order_quantity"
  | "quantity_unavailable"
  | "samples_unavailable"
  | "offer_line_fixed";

/** A line accepted from an offer keeps the offered quantity (remove it instead). */
export const OFFER_LINE_FIXED = "This line comes from an offer: its quantity cannot be changed.";

export interface Refusal {
  refusal: RefusalCode;
  /** minimum_order_quantity: the product's minimum order quantity in its unit. */
  min_order_qty?: number | null;
  unit?: string | null;
  /** quantity_unavailable: how many more packages the stock allows. */
  available?: number | null;
}

/** A check's row: a refusal, or `refusal: null` when the check passes. */
export type CheckRow = Refusal | { refusal: null };

const MESSAGE_OF: Record<Exclude<RefusalCode, "minimum_order_quantity" | "quantity_unavailable" | "offer_line_fixed">, string> = {
  unknown_product: MESSAGES.unknownProduct,
  configuration_unavailable: MESSAGES.configurationUnavailable,
  end_of_life: MESSAGES.endOfLife,
  out_of_stock: MESSAGES.outOfStock,
  samples_unavailable: MESSAGES.samplesUnavailable,
};

/** The 422 answer to a refusal of the product in `field` (409 for a line of an offer). */
export function refusalFailure(ctx: ShopContext, field: string, refusal: Refusal): ApiFailure {
  switch (refusal.refusal) {
    case "offer_line_fixed":
      return fail(409, OFFER_LINE_FIXED, refusal.refusal, { field });
    case "minimum_order_quantity": {
      const params = { value: formatQuantity(refusal.min_order_qty ?? 0, ctx.language), unit: unitLabel(refusal.unit ?? "", ctx.language) };
      return invalid(field, MESSAGES.minimumOrderQuantity.replace("{value}", params.value).replace("{unit}", params.unit), refusal.refusal, params);
    }
    case "quantity_unavailable":
      return invalid("quantity", MESSAGES.quantityUnavailable, refusal.refusal, { available: refusal.available ?? 0 });
    default:
      return invalid(field, MESSAGE_OF[refusal.refusal], refusal.refusal);
  }
}

/** 422 for a sample that found no free slot (the sample cart or the cart's samples are full). */
export const sampleCartFull = (): ApiFailure => fail(422, MESSAGES.sampleCartFull, "sample_cart_full" satisfies SampleRefusalCode, { field: "sku" });
