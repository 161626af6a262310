/** Filter keys every shop has and the rounding rule of range filters (SPEC 4). */

export const BUILT_IN_FILTERS = ["category", "price", "manufacturer"] as const;

/** A range filter's unit: the currency for the price, mm/cm from the attribute code, else none. */
export function unitOfAttribute(code: string): string | null {
  const match = /_(mm|cm|m|kg|l)$/.exec(code);
  return match ? match[1]! : null;
}

/** SPEC 4: range values are whole numbers unless the unit is mm. */
export function roundRange(value: number, unit: string | null, direction: "down" | "up" | "nearest" = "nearest"): number {
  if (unit === "mm") return Math.round(value * 100) / 100;
  if (direction === "down") return Math.floor(value);
  if (direction === "up") return Math.ceil(value);
  return Math.round(value);
}

