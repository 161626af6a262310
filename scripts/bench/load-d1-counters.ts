/** What the load bench's worker (load-worker.ts) counts of the D1 calls, and how it tells a write. */

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

/** Round trips that changed rows (any statement of them) and those that only read. */
export interface D1Counters {
  write: D1CallCounters;
  read: D1CallCounters;
}

export function emptyD1Counters(): D1Counters {
  const empty = (): D1CallCounters => ({ roundTrips: 0, statements: 0, writeStatements: 0, wallMs: 0, dbMs: 0 });
  return { write: empty(), read: empty() };
}

/** A statement that changes rows: INSERT, UPDATE, DELETE, REPLACE, also after a WITH clause; SELECT and PRAGMA only read. */
export function isWriteSql(sql: string): boolean {
  const text = sql.replace(/--[^\n]*\n|\/\*[\s\S]*?\*\//g, " ").trim();
  if (/^(insert|update|delete|replace|create|drop|alter)\b/i.test(text)) return true;
  return /^with\b/i.test(text) && /\)\s*(insert|update|delete|replace)\b/i.test(text);
}
