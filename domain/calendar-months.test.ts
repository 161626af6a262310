import { addMonths, writtenDate } from "./calendar-date";

test.each([
  ["2026-11-18", 3, "2027-02-18"],
  ["2026-11-30", 3, "2027-02-28"],
  ["2027-11-30", 3, "2028-02-29"],
  ["2026-01-31", 1, "2026-02-28"],
  ["2026-12-15", 1, "2027-01-15"],
  ["2026-05-31", 24, "2028-05-31"],
  ["2026-03-31", -1, "2026-02-28"],
])("%s + %i months = %s", (date, months, expected) => {
  expect(addMonths(date, months)).toBe(expected);
});

test("written dates per language", () => {
  expect(writtenDate("2027-02-17", "de")).toBe("17.02.2027");
  expect(writtenDate("2027-02-17", "at")).toBe("17.02.2027");
  expect(writtenDate("2027-02-17", "nl")).toBe("17-02-2027");
  expect(writtenDate("2027-02-17", "fr")).toBe("17/02/2027");
});
