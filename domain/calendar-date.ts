/**
 * Calendar dates as the shop exchanges them: `YYYY-MM-DD` with ASCII digits, a day that
 * exists (`2027-02-29`, `2025-13-01` and `0000-00-00` do not). The text must come back
 * unchanged from the date it names, so nothing is rolled over into the next month.
 */
const SHAPE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

export function isCalendarDate(text: string): boolean {
  if (!SHAPE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * A calendar date as people of the language write it: 20.11.2026 (de, at), 20-11-2026 (nl),
 * 20/11/2026 (the others); table-driven, not Intl (English would come out American, 11/20/2026).
 * Text that is no calendar date comes back as it is.
 */
export function writtenDate(date: string, language: string): string {
  if (!isCalendarDate(date)) return date;
  const [year, month, day] = date.split("-");
  const separator = language === "de" || language === "at" ? "." : language === "nl" ? "-" : "/";
  return [day, month, year].join(separator);
}

/**
 * The date `months` calendar months after `date`; a day the target month lacks becomes its
 * last day (2026-11-30 + 3 months = 2027-02-28).
 */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
