/** Filter keys every shop has, and the unit of a range filter (SPEC 4). */

export const BUILT_IN_FILTERS = ["category", "price", "manufacturer"] as const;

/** A range filter's unit: the currency for the price, mm/cm from the attribute code, else none. */
export function unitOfAttribute(code: string): string | null {
  const match = /_(mm|cm|m|kg|l)$/.exec(code);
  return match ? match[1]! : null;
}
