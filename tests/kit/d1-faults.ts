/**
 * A D1 binding with its round trips counted and faults injected at a chosen one: every statement
 * (first/all/run/raw) and every batch is one round trip. A fault at trip N is D1 as it fails in
 * production: `refused` throws before the statement runs (D1 overloaded), `timed-out` lets it run
 * and commit and then throws (the storage operation exceeded its time limit), so the caller cannot
 * tell whether it happened.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";

export type D1Fault = "refused" | "timed-out";

/** D1's own messages for the two faults (core/envelope.ts D1_UNAVAILABLE_MESSAGES). */
export const D1_FAULT_MESSAGES: Record<D1Fault, string> = {
  refused: "D1_ERROR: D1 DB is overloaded. Too many requests queued.",
  "timed-out": "D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.",
};

export interface InstrumentedD1 {
  db: D1Database;
  /** Round trips since the last call. */
  take(): number;
  /** Fails the `trip`-th round trip from now (1 = the next one) with `fault`; once. */
  failAt(trip: number, fault: D1Fault): void;
  /** Whether the planned fault has happened. */
  faulted(): boolean;
}

export function instrumentedD1(db: D1Database): InstrumentedD1 {
  let trips = 0;
  let plan: { trip: number; fault: D1Fault } | null = null;
  let happened = false;
  const unwrapped = new WeakMap<object, D1PreparedStatement>();

  async function trip<T>(execute: () => Promise<T>): Promise<T> {
    trips += 1;
    if (!plan || plan.trip !== trips) return execute();
    const { fault } = plan;
    plan = null;
    happened = true;
    if (fault === "timed-out") await execute();
    throw new Error(D1_FAULT_MESSAGES[fault]);
  }

  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => trip(() => (column === undefined ? statement.first() : statement.first(column))),
      all: () => trip(() => statement.all()),
      run: () => trip(() => statement.run()),
      raw: () => trip(() => statement.raw()),
    };
    unwrapped.set(wrapper, statement);
    return wrapper as unknown as D1PreparedStatement;
  };
  const wrapped = {
    prepare: (query: string) => wrap(db.prepare(query)),
    batch: ((statements: D1PreparedStatement[]) =>
      trip(() => db.batch(statements.map((statement) => unwrapped.get(statement) ?? statement)))) as D1Database["batch"],
  };
  return {
    db: wrapped as unknown as D1Database,
    take() {
      const taken = trips;
      trips = 0;
      if (plan) plan = { ...plan, trip: plan.trip - taken };
      return taken;
    },
    failAt(at, fault) {
      plan = { trip: trips + at, fault };
      happened = false;
    },
    faulted: () => happened,
  };
}
