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
