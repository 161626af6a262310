import { writtenDate } from "./calendar-date";
import { deliveryWindow } from "./delivery-window";

test.each([
  ["de", "08.12.", "15.12.2026"],
  ["at", "08.12.", "15.12.2026"],
  ["en", "08/12", "15/12/2026"],
  ["fr", "08/12", "15/12/2026"],
  ["it", "08/12", "15/12/2026"],
  ["nl", "08-12", "15-12-2026"],
])("a window within one year in %s: the first day without its year", (language, from, to) => {
  expect(deliveryWindow("2026-12-08", "2026-12-15", language)).toEqual({ kind: "between", params: { from, to } });
});

test("a window across the year end carries both years", () => {
  expect(deliveryWindow("2026-12-29", "2027-01-05", "de")).toEqual({ kind: "between", params: { from: "29.12.2026", to: "05.01.2027" } });
  expect(deliveryWindow("2026-12-29", "2027-01-05", "fr")).toEqual({ kind: "between", params: { from: "29/12/2026", to: "05/01/2027" } });
});

test("one day is the written date", () => {
  expect(deliveryWindow("2026-12-08", "2026-12-08", "de")).toEqual({ kind: "on", params: { date: "08.12.2026" } });
  expect(deliveryWindow("2026-12-08", null, "nl")).toEqual({ kind: "on", params: { date: "08-12-2026" } });
  expect(deliveryWindow("2026-12-08", undefined, "en")).toEqual({ kind: "on", params: { date: "08/12/2026" } });
});

test("a latest day before the first, or one that is no calendar date, counts as the first day alone", () => {
  for (const latest of ["2026-12-01", "2026-02-30", "15.12.2026", "", "2026-12-15T00:00:00Z", "<b>x</b>"])
    expect(deliveryWindow("2026-12-08", latest, "de")).toEqual({ kind: "on", params: { date: "08.12.2026" } });
});

test("written dates: each language's way, never Intl's American order; text that is no date comes back as it is", () => {
  expect(writtenDate("2026-11-20", "de")).toBe("20.11.2026");
  expect(writtenDate("2026-11-20", "en")).toBe("20/11/2026");
  expect(writtenDate("2026-11-20", "nl")).toBe("20-11-2026");
  for (const text of ["not a date", "2026-02-30", ""]) expect(writtenDate(text, "de")).toBe(text);
});
