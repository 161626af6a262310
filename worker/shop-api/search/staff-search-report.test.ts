import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { logQuery } from "./query-log";
import { daysBetween, searchReportOverTime } from "./staff-search-report";

let database: TestDatabase;
const now = new Date("2026-11-18T12:00:00Z");

/** Logs searches the way the search handler does: `times` searches for `query` on a day, finding `total` products. */
async function searched(query: string, day: string, times: number, total: number, shop = "DE", language = "de") {
  for (let i = 0; i < times; i++) await logQuery(database.db, { shop, language, query, total, now: new Date(`${day}T10:00:00Z`) });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await searched("Parkett", "2026-11-18", 5, 12);
  await searched("parkett ", "2026-11-17", 2, 12); // normalised into the same query
  await searched("vinyl", "2026-11-16", 3, 4);
  await searched("vinyl", "2026-11-18", 1, 4);
  await searched("holzfliese", "2026-11-17", 2, 0);
  await searched("holzfliese", "2026-11-18", 1, 0);
  await searched("klinker", "2026-11-12", 4, 0); // outside a 7-day range
  await searched("parkett", "2026-11-18", 9, 12, "CH"); // another shop
  await searched("parquet", "2026-11-18", 2, 3, "CH", "fr");
});
afterAll(() => database.dispose());

test("the days of a range, both ends included, across a month", () => {
  expect(daysBetween("2026-10-30", "2026-11-02")).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02"]);
  expect(daysBetween("2026-11-18", "2026-11-18")).toEqual(["2026-11-18"]);
});

test("per day: searches and searches without result, every day of the range", async () => {
  const report = await searchReportOverTime(database.db, "DE", 7, now);
  expect(report).toMatchObject({ shop: "DE", from: "2026-11-12", to: "2026-11-18", days: 7 });
  expect(report.daily).toEqual([
    { day: "2026-11-12", searches: 4, noResults: 4 },
    { day: "2026-11-13", searches: 0, noResults: 0 },
    { day: "2026-11-14", searches: 0, noResults: 0 },
    { day: "2026-11-15", searches: 0, noResults: 0 },
    { day: "2026-11-16", searches: 3, noResults: 0 },
    { day: "2026-11-17", searches: 4, noResults: 2 },
    { day: "2026-11-18", searches: 7, noResults: 1 },
  ]);
  // the lists are query-log.ts's report
  expect(report.topQueries).toEqual([
    { query: "parkett", searches: 7, noResults: 0 },
    { query: "klinker", searches: 4, noResults: 4 },
    { query: "vinyl", searches: 4, noResults: 0 },
    { query: "holzfliese", searches: 3, noResults: 3 },
  ]);
  expect(report.noResultQueries).toEqual([
    { query: "klinker", searches: 4 },
    { query: "holzfliese", searches: 3 },
  ]);
  // and their lines per day
  expect(report.topTrends).toEqual([
    { query: "parkett", counts: [0, 0, 0, 0, 0, 2, 5] },
    { query: "klinker", counts: [4, 0, 0, 0, 0, 0, 0] },
    { query: "vinyl", counts: [0, 0, 0, 0, 3, 0, 1] },
    { query: "holzfliese", counts: [0, 0, 0, 0, 0, 2, 1] },
  ]);
  expect(report.noResultTrends).toEqual([
    { query: "klinker", counts: [4, 0, 0, 0, 0, 0, 0] },
    { query: "holzfliese", counts: [0, 0, 0, 0, 0, 2, 1] },
  ]);
});

test("a shorter range leaves older days out; the trends follow the list's limit", async () => {
  const report = await searchReportOverTime(database.db, "DE", 2, now, { trendQueries: 1 });
  expect(report.daily.map((day) => day.day)).toEqual(["2026-11-17", "2026-11-18"]);
  expect(report.topTrends).toEqual([{ query: "parkett", counts: [2, 5] }]);
  expect(report.noResultTrends).toEqual([{ query: "holzfliese", counts: [2, 1] }]);
});

test("shops are apart; languages of a shop count together; a shop without searches is all zeros", async () => {
  const ch = await searchReportOverTime(database.db, "CH", 1, now);
  expect(ch.daily).toEqual([{ day: "2026-11-18", searches: 11, noResults: 0 }]);
  expect(ch.topTrends).toEqual([
    { query: "parkett", counts: [9] },
    { query: "parquet", counts: [2] },
  ]);
  const at = await searchReportOverTime(database.db, "AT", 3, now);
  expect(at.daily.every((day) => day.searches === 0 && day.noResults === 0)).toBe(true);
  expect(at.daily).toHaveLength(3);
  expect(at.topTrends).toEqual([]);
  expect(at.noResultTrends).toEqual([]);
});
