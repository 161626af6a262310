/**
 * How the console writes dates, times, numbers and money: in the page's language
 * (texts.ts) and the staff member's browser time zone. Money uses the shops' own formats
 * (domain/money.ts) in that language, whatever the language of the order it belongs to.
 */
import { formatMoney, type MoneyValue } from "@domain/money";
import { INTL_LOCALES, language } from "./texts";

const LOCALE = INTL_LOCALES[language];
const NONE = "–";

const validTime = (iso: string): Date | null => {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? null : time;
};

/** A moment (ISO) with date and time (`18 Nov 2026, 09:00`, `18. Nov. 2026, 09:00`); a dash for none, the text itself when it is no time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const time = validTime(iso);
  return time ? time.toLocaleString(LOCALE, { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }) : iso;
}

/** A calendar date (YYYY-MM-DD) as `20 Nov 2026`; with `short`, without the year. A dash for none. */
export function formatDay(day: string | null | undefined, { short = false } = {}): string {
  if (!day) return NONE;
  const time = validTime(`${day}T12:00:00Z`);
  if (!time) return day;
  return time.toLocaleDateString(LOCALE, { day: "numeric", month: "short", ...(short ? {} : { year: "numeric" }), timeZone: "UTC" });
}

/** The time of day (`14:05`). */
export function formatClock(time: Date): string {
  return time.toLocaleTimeString(LOCALE, { hour: "2-digit", minute: "2-digit" });
}

/** A number with the language's separators and at most `fractionDigits` decimals. */
export function formatNumber(value: number, fractionDigits = 0): string {
  return value.toLocaleString(LOCALE, { maximumFractionDigits: fractionDigits });
}

/** Minor units of a currency with its symbol (`1.234,50 €`, `€1,234.50`). */
export function formatMinor(minor: number, currency: string): string {
  return formatMoney(minor, currency, language);
}

/** An amount of the staff API (an order's, an offer's) in the page's language. */
export function formatMoneyValue(value: MoneyValue): string {
  return formatMinor(value.amount, value.currency);
}
