/**
 * The days a delivery is expected, as the shopper reads them on the cart, checkout and
 * success pages and in the order confirmation mail: one rule for all of them, so the mail
 * can never name another window than the page did.
 *
 * - One day: the written date, "08.12.2026" (de, at), "08/12/2026" (en, fr, it), "08-12-2026" (nl).
 * - Several days: `from` and `to`; the first day without its year when both fall in the same
 *   year ("zwischen 08.12. und 15.12.2026", "entre le 07/12 et le 11/12/2026"), with it across a
 *   year end ("29.12.2026" and "05.01.2027").
 *
 * `kind` names the text that words it, `params` are that text's: `on` with `date`, `between` with `from` and `to`.
 */
import { isCalendarDate, writtenDate } from "./calendar-date";

export type WrittenWindow = { kind: "on"; params: { date: string } } | { kind: "between"; params: { from: string; to: string } };

/** A calendar date without its year, as the language writes it: "08.12." (de, at), "08-12" (nl), "08/12" (others). */
function writtenDay(date: string, language: string): string {
  const [, month, day] = date.split("-");
  if (language === "de" || language === "at") return `${day}.${month}.`;
  return [day, month].join(language === "nl" ? "-" : "/");
}

/**
 * The window from `date` to `latestDate` (calendar dates, YYYY-MM-DD) in `language`. A missing,
 * malformed or earlier latest date counts as the one day `date`.
 */
export function deliveryWindow(date: string, latestDate: string | null | undefined, language: string): WrittenWindow {
  if (!latestDate || !isCalendarDate(latestDate) || latestDate <= date) return { kind: "on", params: { date: writtenDate(date, language) } };
  const from = date.slice(0, 4) === latestDate.slice(0, 4) ? writtenDay(date, language) : writtenDate(date, language);
  return { kind: "between", params: { from, to: writtenDate(latestDate, language) } };
}
