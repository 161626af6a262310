/**
 * A staff write that must happen only when its checks pass over the state before it (the
 * pattern of core/guarded-batch.ts without a visitor): one batch opens a row in `write_guards`
 * only when every check passes, conditions every write on that row, and deletes it at its end.
 * A refused batch writes nothing; the first refusing check's code tells why.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";
import { guardedTransaction, newGuard } from "../core/guarded-batch";

/** Runs the writes when every check (a SELECT with a `refusal` column, NULL when it passes) passes; the first refusal, or null. */
export async function guardedWrite(db: D1Database, checks: SqlFragment[], writes: (holds: SqlFragment) => SqlFragment[]): Promise<string | null> {
  const guard = newGuard();
  const transaction = guardedTransaction(guard, [], checks, writes(guard.holds));
  const results = await db.batch(transaction.statements.map((statement) => statement.prepare(db)));
  if (transaction.opened(results)) return null;
  return transaction.checkRows<{ refusal: string | null } | undefined>(results).find((row) => row?.refusal)?.refusal ?? "refused";
}
