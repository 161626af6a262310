/**
 * The clock jumps around the nightly rebuild (cron `0 2 * * *`, scheduled.ts): Cloudflare runs crons
 * in UTC, so the nights Berlin changes to and from summer time (02:00 and 03:00 local) still get
 * exactly one nightly rebuild request per UTC day; a repeated cron event, or one from a clock set
 * back an hour, adds none. Real D1 and the real scheduled handler.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { runScheduledJobs } from "@tests/kit/shop-api";
import { resetPipeline } from "@tests/kit/rebuilds";
import { NIGHTLY_CRON } from "@shop-api/rebuilds/nightly";
import { sql } from "@worker/lib/sql";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.dispose();
});
beforeEach(() => resetPipeline(t.db));

const nightlies = async () =>
  (await sql`SELECT created_at FROM rebuild_requests WHERE trigger = 'nightly' ORDER BY id`.prepare(t.db).all<{ created_at: string }>()).results.map(
    (row) => row.created_at,
  );
const nightly = (iso: string) => runScheduledJobs(t.env, new Date(iso), NIGHTLY_CRON);

test.each([
  ["to summer time", "2026-03-28", "2026-03-29", "2026-03-30"],
  ["to winter time", "2026-10-24", "2026-10-25", "2026-10-26"],
])("the nights around the change %s: one nightly rebuild a day, 24 hours apart", async (_, ...days) => {
  for (const day of days) await nightly(`${day}T02:00:00.000Z`);
  expect(await nightlies()).toEqual(days.map((day) => `${day}T02:00:00.000Z`));
});

test("a repeated event, and one from a clock set back an hour or a day's end, add none", async () => {
  await nightly("2026-10-25T02:00:00.000Z");
  await nightly("2026-10-25T02:00:00.000Z");
  await nightly("2026-10-25T01:00:00.000Z");
  await nightly("2026-10-25T23:59:59.999Z");
  expect(await nightlies()).toEqual(["2026-10-25T02:00:00.000Z"]);
  await nightly("2026-10-26T00:00:00.000Z");
  expect(await nightlies()).toHaveLength(2);
});
