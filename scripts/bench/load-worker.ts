/**
 * The worker of `npm run bench:load`: the shop's worker (worker/index.ts) unchanged, with its D1
 * binding wrapped so that every call the edge and the shop API make is timed and counted (reads
 * and writes apart, statements and round trips, and by the route of the request that made them).
 * GET /__bench/d1 answers the counters since the last read and starts them again; that is how the
 * bench sees what share of the time the database spends on writes, which routes fill it, and how
 * many statements and round trips one placed order costs.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { D1Database, D1PreparedStatement, D1Result, ExecutionContext } from "@cloudflare/workers-types";
import shopWorker from "@worker/index";
import type { WorkerEnv } from "@worker/env";
import { emptyD1Counters, isWriteSql, routeOf, type D1Counters } from "./load/d1-counters";

let counters: D1Counters = emptyD1Counters();
let since = Date.now();
/** The route of the request whose work is running (also in its waitUntil tasks). */
const currentRoute = new AsyncLocalStorage<string>();

/** The SQL of each statement the wrapped binding handed out (bound or not). */
const sqlOf = new WeakMap<object, string>();
/** The runtime's own statement behind each wrapper (D1's batch takes only its own). */
const realOf = new WeakMap<object, D1PreparedStatement>();

/** Adds one round trip of `statements` to the counters; `meta` are D1's results where it gave them. */
function count(statements: string[], startedAt: number, meta: D1Result[]): void {
  const writes = statements.filter(isWriteSql).length;
  const wall = Date.now() - startedAt;
  const duration = meta.reduce((sum, result) => sum + (result.meta?.duration ?? 0), 0);
  const kind = writes > 0 ? counters.write : counters.read;
  kind.roundTrips += 1;
  kind.statements += statements.length;
  kind.writeStatements += writes;
  kind.wallMs += wall;
  kind.dbMs += duration;
  const route = currentRoute.getStore() ?? "(no request)";
  const byRoute = (counters.byRoute[route] ??= { roundTrips: 0, wallMs: 0 });
  byRoute.roundTrips += 1;
  byRoute.wallMs += wall;
}

async function timed<T>(statements: string[], call: () => Promise<T>, results: (value: T) => D1Result[]): Promise<T> {
  const startedAt = Date.now();
  const value = await call();
  count(statements, startedAt, results(value));
  return value;
}

function wrapStatement(real: D1PreparedStatement, sql: string): D1PreparedStatement {
  const wrapper = new Proxy(real, {
    get(target, property) {
      if (property === "bind") return (...values: unknown[]) => wrapStatement(target.bind(...values), sql);
      if (property === "run" || property === "all")
        return () =>
          timed(
            [sql],
            () => target[property](),
            (result) => [result],
          );
      if (property === "first" || property === "raw")
        return (...args: never[]) =>
          timed(
            [sql],
            () => (target[property] as (...a: never[]) => Promise<unknown>)(...args),
            () => [],
          );
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  sqlOf.set(wrapper, sql);
  realOf.set(wrapper, real);
  return wrapper;
}

function wrapDatabase(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => wrapStatement(target.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) =>
          timed(
            statements.map((statement) => sqlOf.get(statement) ?? ""),
            () => target.batch(statements.map((statement) => realOf.get(statement) ?? statement)),
            (results) => results,
          );
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext): Response | Promise<Response> {
    if (new URL(request.url).pathname === "/__bench/d1") {
      const answer = Response.json({ ...counters, elapsedMs: Date.now() - since });
      counters = emptyD1Counters();
      since = Date.now();
      return answer;
    }
    return currentRoute.run(routeOf(new URL(request.url).pathname), () => shopWorker.fetch(request, { ...env, DB: wrapDatabase(env.DB) }, ctx));
  },
  scheduled: shopWorker.scheduled,
  queue: shopWorker.queue,
};
