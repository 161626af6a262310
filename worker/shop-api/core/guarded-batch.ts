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
 * when it passes). A visitor that expired counts as missing; one whose renewal is due
 * is renewed by the batch itself (core/visitor.ts).
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

/**
 * Runs `build(visitorId, holds)` as one guarded transaction for the request's visitor.
 * A token whose visitor no longer exists is replaced by a new visitor (a second round trip).
 */
export async function runGuardedBatch<Check extends { refusal: string | null }>(
  ctx: VisitorContext,
  build: (visitorId: string, holds: SqlFragment) => GuardedBatch,
): Promise<GuardedResult<Check>> {
  const visitor = await writingVisitor(ctx);
  const guardId = crypto.randomUUID();
  const holds = sql`EXISTS (SELECT 1 FROM write_guards WHERE id = ${guardId})`;
  const { checks, writes, reads } = build(visitor.id, holds);
  const visitorReady = visitor.created ? sql`1` : liveVisitorExists(visitor.id, ctx.now);
  const passes = checks.map((check) => sql`(SELECT refusal FROM (${check})) IS NULL`);
  const statements = [
    ...checks,
    sql`INSERT INTO write_guards (id) SELECT ${guardId} WHERE ${joinSql([visitorReady, ...passes], " AND ")}`,
    ...(visitor.created ? [insertVisitor(visitor.id, ctx.shop.id, ctx.now, holds)] : []),
    ...(visitor.renew ? [renewVisitor(visitor.id, ctx.now, holds)] : []),
    ...writes,
    sql`DELETE FROM write_guards WHERE id = ${guardId}`,
    ...reads,
  ];
  const results = await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
  const checkRows = results.slice(0, checks.length).map((result) => result.results[0] as Check);
  const opened = (results[checks.length]!.meta.changes ?? 0) > 0;
  const refusal = opened ? null : ((checkRows.find((row) => row.refusal !== null) as (Check & { refusal: string }) | undefined) ?? null);
  if (!opened && !refusal) {
    // Only the visitor can be missing: the token's visitor is gone; write for a new one.
    ctx.visitorState = { ...ctx.visitorState, visitor: null, loaded: true };
    return runGuardedBatch(ctx, build);
  }
  if (opened && visitor.created) adoptNewVisitor(ctx, visitor.created);
  if (visitor.renew && (results[checks.length + 1]!.meta.changes ?? 0) > 0) handOutRequestToken(ctx);
  return { refusal, checks: checkRows, reads: results.slice(statements.length - reads.length), visitorId: visitor.id };
}
