import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "../lib/sql";
import { runScheduledJobs } from "./scheduled";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

test("the scheduled job deletes expired rate-limit windows and spent captcha solutions, and keeps the live ones", async () => {
  const now = new Date("2026-06-01T12:00:00Z");
  const nowSeconds = now.getTime() / 1000;
  const { db } = database;
  await db.batch(
    [
      sql`INSERT INTO rate_limit_counters (bucket, key_hash, window_start, count, expires_at) VALUES ('login', 'a', ${nowSeconds - 900}, 3, ${nowSeconds})`,
      sql`INSERT INTO rate_limit_counters (bucket, key_hash, window_start, count, expires_at) VALUES ('login', 'b', ${nowSeconds - 100}, 3, ${nowSeconds + 800})`,
      sql`INSERT INTO captcha_solutions (signature, expires_at) VALUES ('spent-expired', ${nowSeconds - 1})`,
      sql`INSERT INTO captcha_solutions (signature, expires_at) VALUES ('spent-live', ${nowSeconds + 60})`,
    ].map((statement) => statement.prepare(db)),
  );
  await runScheduledJobs(database.env, now);
  expect((await db.prepare("SELECT key_hash FROM rate_limit_counters").all()).results).toEqual([{ key_hash: "b" }]);
  expect((await db.prepare("SELECT signature FROM captcha_solutions").all()).results).toEqual([{ signature: "spent-live" }]);
});
