/**
 * Calendar arithmetic in the shop's business time zone (Europe/Berlin): the 10:00
 * order cut-off, working days (Monday to Friday; public holidays are not modelled)
 * and the bounds of "today". Calendar dates are plain `YYYY-MM-DD` strings.
 */
export const BUSINESS_TIME_ZONE = "Europe/Berlin";

const HOUR_MS = 3_600_000;

/** ICU's formatter of the zone, made when first asked (a module that only imports this file pays nothing). */
let formatter: Intl.DateTimeFormat | undefined;

/**
 * The zone's offset from UTC (ms) during one UTC hour. Berlin changes its offset at 01:00 UTC (to and from summer
 * time), so every UTC hour has one offset: ICU is asked once an hour instead of once an instant, and its
 * formatToParts is the costly part of a request's local time. A request asks for several hours (now, and the
 * midnights that bound today and the delivery days), so the offsets of the last OFFSETS_KEPT hours asked for are kept.
 */
const OFFSETS_KEPT = 64;
const hourOffsets = new Map<number, number>();

function offsetAt(at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  const kept = hourOffsets.get(hour);
  if (kept !== undefined) return kept;
  formatter ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: BUSINESS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const start = hour * HOUR_MS;
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(start))) parts[part.type] = part.value;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second));
  const offset = wall - start;
  // The oldest hour asked for goes first (a Map keeps its insertion order).
  if (hourOffsets.size >= OFFSETS_KEPT) hourOffsets.delete(hourOffsets.keys().next().value!);
  hourOffsets.set(hour, offset);
  return offset;
}

export interface LocalTime {
  date: string; // YYYY-MM-DD
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

/** The last instant asked for and its wall-clock time: a request asks for its own `now` several times (pricing, each line's check, delivery dates, the voucher). */
let last: { at: number; local: Readonly<LocalTime> } | null = null;

export function berlinTime(instant: Date): Readonly<LocalTime> {
  const at = instant.getTime();
  if (last?.at === at) return last.local;
  const wall = new Date(at + offsetAt(at));
  const local = Object.freeze({
    date: wall.toISOString().slice(0, 10),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    weekday: wall.getUTCDay(),
  });
  last = { at, local };
  return local;
}

function utcOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function weekdayOf(date: string): number {
  return utcOf(date).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const d = utcOf(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isWorkingDay(date: string): boolean {
  const day = weekdayOf(date);
  return day !== 0 && day !== 6;
}

export function nextWorkingDay(date: string): string {
  let next = addDays(date, 1);
  while (!isWorkingDay(next)) next = addDays(next, 1);
  return next;
}

export function addWorkingDays(date: string, days: number): string {
  let result = date;
  for (let i = 0; i < days; i++) result = nextWorkingDay(result);
  return result;
}

/** The UTC instant of a Berlin wall-clock time on a date. */
export function berlinInstant(date: string, hour: number, minute = 0): Date {
  const guess = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour, minute);
  const local = berlinTime(new Date(guess));
  const asUtc = Date.UTC(Number(local.date.slice(0, 4)), Number(local.date.slice(5, 7)) - 1, Number(local.date.slice(8, 10)), local.hour, local.minute);
  const offset = asUtc - guess;
  return new Date(guess - offset);
}

/** Start (inclusive) and end (exclusive) of the Berlin calendar day of an instant, as UTC instants. */
export function berlinDayBounds(instant: Date): { start: Date; end: Date } {
  const { date } = berlinTime(instant);
  return { start: berlinInstant(date, 0), end: berlinInstant(addDays(date, 1), 0) };
}
