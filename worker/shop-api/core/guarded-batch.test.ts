import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { guardedTransaction, newGuard } from "./guarded-batch";

let database: TestDatabase;
let db: D1Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.prepare("CREATE TABLE guarded_test (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)").run();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await db.batch([db.prepare("DELETE FROM guarded_test"), db.prepare("INSERT INTO guarded_test (id, n) VALUES (1, 5), (2, 7), (3, 9)")]);
});

/** Refuses while row `id` holds less than `at least`, naming the number it holds. */
const atLeast = (id: number, least: number): SqlFragment =>
  sql`SELECT CASE WHEN n < ${least} THEN 'too_small' END AS refusal, n FROM guarded_test WHERE id = ${id}`;

async function run(checks: SqlFragment[], conditions: SqlFragment[] = []) {
  const guard = newGuard();
  const transaction = guardedTransaction(
    guard,
    conditions,
    checks,
    [sql`UPDATE guarded_test SET n = n - 5 WHERE ${guard.holds}`],
    [sql`SELECT SUM(n) AS total FROM guarded_test`],
  );
  const results = await db.batch(transaction.statements.map((statement) => statement.prepare(db)));
  const guards = await db.prepare("SELECT COUNT(*) AS n FROM write_guards").first<{ n: number }>();
  return { transaction, results, guardsLeft: guards!.n };
}

describe("a guarded transaction", () => {
  test("writes when every check passes; the checks are evaluated by the guard alone and give no rows", async () => {
    const wholeTable = sql`SELECT CASE WHEN SUM(n) < 0 THEN 'negative' END AS refusal FROM guarded_test`;
    const { transaction, results, guardsLeft } = await run([atLeast(1, 5), atLeast(2, 5), wholeTable]);
    expect(transaction.opened(results)).toBe(true);
    expect(transaction.checkRows(results)).toEqual([undefined, undefined, undefined]);
    expect(transaction.reads(results)[0]!.results).toEqual([{ total: 0 + 2 + 4 }]);
    // Once the guard opened, a check row's statement reads the guard's row and none of the check's (the whole table's
    // three rows): each check ran once, inside the guard.
    const checkStatements = results.slice(2, 5);
    expect(checkStatements.map((result) => result.meta.rows_read)).toEqual([1, 1, 1]);
    expect(guardsLeft).toBe(0);
  });

  test("writes nothing when a check refuses; the check rows tell the state the guard saw, in order", async () => {
    const { transaction, results, guardsLeft } = await run([atLeast(1, 5), atLeast(2, 8), atLeast(3, 10)]);
    expect(transaction.opened(results)).toBe(false);
    expect(transaction.checkRows(results)).toEqual([
      { refusal: null, n: 5 },
      { refusal: "too_small", n: 7 },
      { refusal: "too_small", n: 9 },
    ]);
    expect(transaction.reads(results)[0]!.results).toEqual([{ total: 5 + 7 + 9 }]);
    expect(guardsLeft).toBe(0);
  });

  test("a condition that does not hold keeps the guard shut even when every check passes", async () => {
    const { transaction, results } = await run([atLeast(1, 1)], [sql`0`]);
    expect(transaction.opened(results)).toBe(false);
    expect(transaction.checkRows(results)).toEqual([{ refusal: null, n: 5 }]);
    expect(transaction.reads(results)[0]!.results).toEqual([{ total: 21 }]);
  });

  test("without checks or conditions the guard opens", async () => {
    const { transaction, results } = await run([]);
    expect(transaction.opened(results)).toBe(true);
    expect(transaction.reads(results)[0]!.results).toEqual([{ total: 0 + 2 + 4 }]);
  });
});
