/**
 * Metres as the planner shows and reads them: at most `decimals` places, with the decimal
 * separator the page's language writes numbers with (domain/money.ts quantityDecimal: 4,5 in
 * German, also in the Swiss shop, 4.5 in English), no grouping (a shown value is typed back);
 * typed with a comma or a point.
 */
import { quantityDecimal } from "@domain/money";

export function formatMetres(value: number, language: string, decimals = 2): string {
  if (!Number.isFinite(value)) return "";
  return String(Number(value.toFixed(decimals))).replace(".", quantityDecimal(language));
}

/** A typed length in metres, or null when it is not a number (0 or more). */
export function parseMetres(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
