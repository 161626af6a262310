/**
 * A decimal number typed by a shopper (an area, a quantity): empty is none (null); a comma or
 * a point is the decimal separator; spaces, apostrophes (the Swiss group separator) and a thousands separator of the
 * other kind are ignored (1.234,5 and 1,234.5 are both 1234.5); anything else (a sign, an exponent, a radix
 * prefix, a unit, a second decimal separator, Infinity) is NaN, so the rule using it can say
 * what it wants.
 */
export function parseDecimalText(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f'\u2019]/g, "");
  if (compact === "") return null;
  let normal = compact;
  if (compact.includes(",") && compact.includes(".")) {
    // The last one is the decimal separator: 1.234,5 or 1,234.5.
    normal = compact.lastIndexOf(",") > compact.lastIndexOf(".") ? compact.replace(/\./g, "").replace(",", ".") : compact.replace(/,/g, "");
  } else normal = compact.replace(",", ".");
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}
