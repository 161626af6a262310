/**
 * Metres as the planner shows and reads them: at most `decimals` places in the page's
 * language (4,5 in German, 4.5 in English); typed with a comma or a point.
 */
import { htmlLanguage } from "../../../../domain/routes";

export function formatMetres(value: number, language: string, decimals = 2): string {
  if (!Number.isFinite(value)) return "";
  return new Intl.NumberFormat(htmlLanguage(language), { maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

/** A typed length in metres, or null when it is not a number (0 or more). */
export function parseMetres(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}
