import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { ApiFailure } from "./envelope";
import { countRequest, requireWithinLimit } from "./exact-limit";

/** login: 5 per 900 s, orderLookup: 5 per 900 s (config/shops.json). */
const WINDOW_START = new Date("2026-06-01T10:00:00Z"); // a multiple of 900 and 3600 seconds
const at = (seconds: number) => new Date(WINDOW_START.getTime() + seconds * 1000);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

/** The outcome of one request: "ok" or the refusal's status and Retry-After. */
async function attempt(rule: "login" | "orderLookup", key: string, now: Date): Promise<string> {
  try {
    await requireWithinLimit({ db: database.db, now }, rule, key);
    return "ok";
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    return `${error.status} retry-after ${error.headers["retry-after"]} ${error.errors.map((e) => e.code).join()}`;
  }
}

test("20 concurrent requests for one key are counted exactly: the first 5 pass, 15 get 429", async () => {
  const counts = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const counted = await countRequest({ db: database.db, now: at(100) }, "login", "anna@example.com");
      return (await counted.statement.all<{ count: number }>()).results[0]!.count;
    }),
  );
  expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

  const outcomes = await Promise.all(Array.from({ length: 20 }, () => attempt("login", "bert@example.com", at(100))));
  expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(5);
  expect(outcomes.filter((outcome) => outcome === "429 retry-after 800 rate_limited")).toHaveLength(15);
});

test("keys and rules count apart; a new window starts at zero", async () => {
  for (let i = 0; i < 5; i++) expect(await attempt("login", "carla@example.com", at(10))).toBe("ok");
  expect(await attempt("login", "carla@example.com", at(899))).toBe("429 retry-after 1 rate_limited");
  expect(await attempt("login", "dora@example.com", at(10))).toBe("ok");
  expect(await attempt("orderLookup", "carla@example.com", at(10))).toBe("ok");
  expect(await attempt("login", "carla@example.com", at(900))).toBe("ok");
});

test("the order lookup rule allows 5 per 15 minutes per order number", async () => {
  for (let i = 0; i < 5; i++) expect(await attempt("orderLookup", "100004711", at(60))).toBe("ok");
  expect(await attempt("orderLookup", "100004711", at(60))).toBe("429 retry-after 840 rate_limited");
});

test("a refunded request does not count; the count never goes below zero", async () => {
  const ctx = { db: database.db, now: at(120) };
  for (let i = 0; i < 10; i++) {
    const counted = await countRequest(ctx, "orderLookup", "DE-100077");
    const [count] = await database.db.batch([counted.statement, counted.refund]);
    expect(() => counted.enforce(count!)).not.toThrow();
  }
  const spare = await countRequest(ctx, "orderLookup", "DE-100078");
  await database.db.batch([spare.refund, spare.refund]);
  for (let i = 0; i < 5; i++) expect(await attempt("orderLookup", "DE-100078", at(120))).toBe("ok");
  expect(await attempt("orderLookup", "DE-100078", at(120))).toBe("429 retry-after 780 rate_limited");
});

test("only a hash of the key is stored", async () => {
  await attempt("login", "secret.person@example.com", at(5));
  const rows = await database.db
    .prepare("SELECT bucket, key_hash, window_start, expires_at FROM rate_limit_counters")
    .all<{ bucket: string; key_hash: string; window_start: number; expires_at: number }>();
  expect(JSON.stringify(rows.results)).not.toContain("secret.person");
  for (const row of rows.results) {
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at - row.window_start).toBe(900);
  }
});

test("the counting statement runs inside the caller's batch", async () => {
  const counted = await countRequest({ db: database.db, now: at(30) }, "login", "erik@example.com");
  const [count, own] = await database.db.batch([counted.statement, sql`SELECT 42 AS answer`.prepare(database.db)]);
  expect(() => counted.enforce(count!)).not.toThrow();
  expect(own!.results).toEqual([{ answer: 42 }]);
  for (let i = 0; i < 5; i++) await attempt("login", "erik@example.com", at(30));
  const over = await countRequest({ db: database.db, now: at(30) }, "login", "erik@example.com");
  const [overCount] = await database.db.batch([over.statement]);
  expect(() => over.enforce(overCount!)).toThrow(ApiFailure);
});
