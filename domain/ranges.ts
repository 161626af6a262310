/**
 * The bounds of range filters are whole numbers unless the unit is mm (two
 * decimals there). The shop API rounds the bounds it offers and accepts outward (down
 * for min, up for max); the pages round what a person typed to the nearest.
 */
export function roundRange(value: number, unit: string | null, direction: "down" | "up" | "nearest" = "nearest"): number {
  if (unit === "mm") return Math.round(value * 100) / 100;
  if (direction === "down") return Math.floor(value);
  if (direction === "up") return Math.ceil(value);
  return Math.round(value);
}

/** A range filter's unit for an attribute: mm/cm/m/kg/l from the attribute code's suffix, else none (the price's unit is the currency). */
export function unitOfAttribute(code: string): string | null {
  const match = /_(mm|cm|m|kg|l)$/.exec(code);
  return match ? match[1]! : null;
}
