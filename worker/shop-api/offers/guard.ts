/**
 * A staff write that must happen only when its checks pass over the state before it (the
 * pattern of core/guarded-batch.ts without a visitor): one batch opens a row in `write_guards`
 * only when every check passes, conditions every write on that row, and deletes it at its end.
 * A refused batch writes nothing; the first refusing check's code tells why.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";

/** Runs the writes when every check (a SELECT with a `refusal` column, NULL when it passes) passes; the first refusal, or null. */
export async function guardedWrite(db: D1Database, checks: SqlFragment[], writes: (holds: SqlFragment) => SqlFragment[]): Promise<string | null> {
  const guardId = crypto.randomUUID();
  const holds = sql`EXISTS (SELECT 1 FROM write_guards WHERE id = ${guardId})`;
  const passes = checks.map((check) => sql`(SELECT refusal FROM (${check})) IS NULL`);
  const statements = [
    ...checks,
    sql`INSERT INTO write_guards (id) SELECT ${guardId} WHERE ${passes.length > 0 ? joinSql(passes, " AND ") : sql`1`}`,
    ...writes(holds),
    sql`DELETE FROM write_guards WHERE id = ${guardId}`,
  ];
  const results = await db.batch(statements.map((statement) => statement.prepare(db)));
  if ((results[checks.length]!.meta.changes ?? 0) > 0) return null;
  const refused = results.slice(0, checks.length).map((result) => result.results[0] as { refusal: string | null } | undefined);
  return refused.find((row) => row?.refusal)?.refusal ?? "refused";
}
