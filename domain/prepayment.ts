/** Prepayment earns a discount of 2 percent on the goods value. */
export const PREPAYMENT_DISCOUNT_PERCENT = 2;

/** The prepayment discount on a goods value, both in minor units, rounded to a whole minor unit. */
export function prepaymentDiscount(goodsMinor: number): number {
  return Math.round((goodsMinor * PREPAYMENT_DISCOUNT_PERCENT) / 100);
}
