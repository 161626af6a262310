/**
 * What the price box and the list cards show (the price box's "struck-through
 * reference price"): the reference price (the lowest price of
 * the 30 days before the current price took effect, worker/shop-api/graphql/resolvers/products.ts) is
 * struck through, with the discount percent, only when it is above the current price.
 */
/** The amounts compared, in minor units (a list card's price, lib/card.ts; the product's, PriceBox). */
export interface PriceLike {
  packagePrice: number;
  referencePrice: number;
  savingsPercentage: number;
}

export interface PriceDisplay {
  /** Strike the reference price through. */
  reduced: boolean;
  /** Discount percent to label, 0 for none. */
  percent: number;
}

export function priceDisplay(price: PriceLike | null | undefined): PriceDisplay {
  if (!price || price.referencePrice <= price.packagePrice) return { reduced: false, percent: 0 };
  return { reduced: true, percent: Math.max(0, price.savingsPercentage) };
}
