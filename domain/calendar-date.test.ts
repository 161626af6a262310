import { isCalendarDate } from "./calendar-date";

test.each(["2026-11-18", "2028-02-29", "2000-02-29", "2026-12-31", "2026-01-01"])("%s is a calendar date", (text) => {
  expect(isCalendarDate(text)).toBe(true);
});

test.each([
  "2025-99-99",
  "2025-02-29",
  "2100-02-29",
  "2025-02-30",
  "2025-04-31",
  "2025-13-01",
  "2025-00-10",
  "2025-01-00",
  "0000-00-00",
  "2025-1-01",
  "25-01-01",
  " 2025-01-01",
  "2025-01-01 ",
  "2025-01-01T00:00:00Z",
  "+02025-01-01",
  "\u0662\u0660\u0662\u0665-\u0660\u0661-\u0660\u0661",
  "",
])("%j is not a calendar date", (text) => {
  expect(isCalendarDate(text)).toBe(false);
});
