/** What the load bench's worker (../load-worker.ts) counts of the D1 calls, and how it tells a write. */

export interface D1CallCounters {
  /** Calls to the database (one statement, or one batch). */
  roundTrips: number;
  statements: number;
  /** Statements among them that change rows. */
  writeStatements: number;
  /** Time the worker waited for the database (sum over calls). */
  wallMs: number;
  /** Time the database reports it spent executing them (D1's meta.duration; 0 where it gives none). */
  dbMs: number;
}

/** Round trips that changed rows (any statement of them) and those that only read; all of them by the route of the request that made them. */
export interface D1Counters {
  write: D1CallCounters;
  read: D1CallCounters;
  /** Per route: round trips and the time the worker waited for them (every call has it; D1 reports no duration for first() and raw()). */
  byRoute: Record<string, { roundTrips: number; wallMs: number }>;
}

export function emptyD1Counters(): D1Counters {
  const empty = (): D1CallCounters => ({ roundTrips: 0, statements: 0, writeStatements: 0, wallMs: 0, dbMs: 0 });
  return { write: empty(), read: empty(), byRoute: {} };
}

/**
 * The route a request's D1 calls are counted under: its API path up to the first segment that
 * names one thing (a number, a SKU, a token: anything with a digit), at most three segments, the
 * language prefix dropped; every static page is "page".
 */
export function routeOf(pathname: string): string {
  const segments = pathname.split("/").filter(Boolean);
  if (["de", "fr", "it"].includes(segments[0] ?? "")) segments.shift();
  if (!/^api(v\d+)?$|^graphql$|^admin$/.test(segments[0] ?? "")) return "page";
  const named = segments.findIndex((segment) => /\d/.test(segment) && !/^apiv\d+$/.test(segment));
  return "/" + segments.slice(0, Math.min(3, named === -1 ? segments.length : named)).join("/");
}

/** A statement that changes rows: INSERT, UPDATE, DELETE, REPLACE, also after a WITH clause; SELECT and PRAGMA only read. */
export function isWriteSql(sql: string): boolean {
  const text = sql.replace(/--[^\n]*\n|\/\*[\s\S]*?\*\//g, " ").trim();
  if (/^(insert|update|delete|replace|create|drop|alter)\b/i.test(text)) return true;
  return /^with\b/i.test(text) && /\)\s*(insert|update|delete|replace)\b/i.test(text);
}
