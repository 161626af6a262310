/**
 * Checks and writes for the request's visitor in one D1 round trip.
 *
 * A batch is one transaction, but its statements cannot share variables, and a write
 * placed after another write sees that write. So a batch that must write only when its
 * checks pass over the state *before* its writes opens a guard first: it inserts a row
 * into `write_guards` only when every check passes (and the visitor it writes for
 * exists, or is created by the batch); every write of the batch is conditioned on that
 * row; the batch deletes the row at its end. A refused batch writes nothing, and the
 * rows of its checks tell why (each check is a SELECT with a `refusal` column, null
 * when it passes), read in the same batch after the writes only while the guard stays
 * shut: a batch that writes evaluates each check once, in the guard. A visitor that
 * expired counts as missing; one whose renewal is due is renewed by the batch itself
 * (core/visitor.ts).
 */
import type { D1Result } from "@cloudflare/workers-types";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import { insertVisitor, liveVisitorExists, renewVisitor } from "../tables/visitors";
import { adoptNewVisitor, handOutRequestToken, newVisitorToken, type VisitorContext } from "./visitor";

export interface GuardedBatch {
  /** Checks over the state before the writes: SELECTs with a `refusal` column (null: passes). */
  checks: SqlFragment[];
  /** The writes; each must be conditioned on `holds`. */
  writes: SqlFragment[];
  /** Reads after the writes (also run when the checks refused). */
  reads: SqlFragment[];
}

export interface GuardedResult<Check> {
  /** The first check row, in order, that refused; null when the batch wrote. */
  refusal: (Check & { refusal: string }) | null;
  /** The check rows, in order, when the batch was refused (none when it wrote). */
  checks: Check[];
  reads: D1Result[];
  visitorId: string;
}

/**
 * The visitor a batch writes for: the token's (the guard checks it exists and has not expired)
 * or a new one the batch creates. `renew`: the row was not read yet, so the batch renews it.
 */
async function writingVisitor(ctx: VisitorContext): Promise<{ id: string; created: { token: string; id: string } | null; renew: boolean }> {
  const { visitor, tokenHash, loaded } = ctx.visitorState;
  if (visitor) return { id: visitor.id, created: null, renew: false };
  if (tokenHash && !loaded) return { id: tokenHash, created: null, renew: true };
  const created = await newVisitorToken();
  return { id: created.id, created, renew: false };
}

/** A transaction's guard: the `write_guards` row it opens, and the condition every write of it carries. */
export interface Guard {
  id: string;
  holds: SqlFragment;
}

export function newGuard(): Guard {
  const id = crypto.randomUUID();
  return { id, holds: sql`EXISTS (SELECT 1 FROM write_guards WHERE id = ${id})` };
}

/** The statements of a guarded transaction, and where its results are. */
export interface GuardedTransaction {
  statements: SqlFragment[];
  /** Whether the guard opened (every condition held and every check passed): the writes were made. */
  opened(results: D1Result[]): boolean;
  /** The checks' rows, in order: read only while the guard stayed shut, so none when it opened. */
  checkRows<Check>(results: D1Result[]): Check[];
  /** The reads' results. */
  reads(results: D1Result[]): D1Result[];
}

/**
 * One guarded transaction: the guard, opened only when every condition holds and every check passes; the writes (each
 * conditioned on the guard); each check's row, only while the guard stayed shut (then nothing was written, so it reads
 * the state the guard saw); the guard's removal; the reads. A check is evaluated once, by the guard, unless it refuses.
 */
export function guardedTransaction(
  guard: Guard,
  conditions: SqlFragment[],
  checks: SqlFragment[],
  writes: SqlFragment[],
  reads: SqlFragment[] = [],
): GuardedTransaction {
  const passes = [...conditions, ...checks.map((check) => sql`(SELECT refusal FROM (${check})) IS NULL`)];
  const statements = [
    sql`INSERT INTO write_guards (id) SELECT ${guard.id} WHERE ${passes.length > 0 ? joinSql(passes, " AND ") : sql`1`}`,
    ...writes,
    // LIMIT 0 once the guard is open: SQLite then skips the check before reading a row (a WHERE term would not).
    ...checks.map((check) => sql`SELECT * FROM (${check}) LIMIT CASE WHEN ${guard.holds} THEN 0 ELSE -1 END`),
    sql`DELETE FROM write_guards WHERE id = ${guard.id}`,
    ...reads,
  ];
  const checksAt = 1 + writes.length;
  return {
    statements,
    opened: (results) => (results[0]!.meta.changes ?? 0) > 0,
    checkRows: <Check>(results: D1Result[]) => results.slice(checksAt, checksAt + checks.length).map((result) => result.results[0] as Check),
    reads: (results) => results.slice(statements.length - reads.length),
  };
}

/**
 * Runs `build(visitorId, holds)` as one guarded transaction for the request's visitor, once the request passed its per-IP
 * limit (ctx.limitPassed). A token whose visitor no longer exists is replaced by a new visitor (a second round trip).
 */
export async function runGuardedBatch<Check extends { refusal: string | null }>(
  ctx: VisitorContext,
  build: (visitorId: string, holds: SqlFragment) => GuardedBatch,
): Promise<GuardedResult<Check>> {
  // A route that reads beside its per-IP limit writes only after it passed (core/route.ts readsBesideLimit).
  await ctx.limitPassed;
  const visitor = await writingVisitor(ctx);
  const guard = newGuard();
  const { checks, writes, reads } = build(visitor.id, guard.holds);
  const visitorReady = visitor.created ? sql`1` : liveVisitorExists(visitor.id, ctx.now);
  // The visitor's own write comes first after the guard: its result tells whether a due renewal was made.
  const visitorWrite = visitor.created
    ? insertVisitor(visitor.id, ctx.shop.id, ctx.now, guard.holds)
    : visitor.renew
      ? renewVisitor(visitor.id, ctx.now, guard.holds)
      : null;
  const transaction = guardedTransaction(guard, [visitorReady], checks, [...(visitorWrite ? [visitorWrite] : []), ...writes], reads);
  const results = await ctx.db.batch(transaction.statements.map((statement) => statement.prepare(ctx.db)));
  const opened = transaction.opened(results);
  const checkRows = opened ? [] : transaction.checkRows<Check>(results);
  const refusal = (checkRows.find((row) => row.refusal !== null) as (Check & { refusal: string }) | undefined) ?? null;
  if (!opened && !refusal) {
    // Only the visitor can be missing: the token's visitor is gone; write for a new one.
    ctx.visitorState = { ...ctx.visitorState, visitor: null, loaded: true };
    return runGuardedBatch(ctx, build);
  }
  if (opened && visitor.created) adoptNewVisitor(ctx, visitor.created);
  if (visitor.renew && (results[1]!.meta.changes ?? 0) > 0) handOutRequestToken(ctx);
  return { refusal, checks: checkRows, reads: transaction.reads(results), visitorId: visitor.id };
}
