/**
 * JSON helpers every module shares: a tolerant parser for JSON stored in columns (a
 * broken value degrades to the fallback instead of failing the answer) and the one way
 * to hand SQL a list of keys (one JSON array parameter, so a list never runs into D1's
 * limit of 100 bound values per statement and never builds placeholders by count).
 */
import { sql, type SqlFragment } from "./sql";

/** The parsed JSON text, or `fallback` when the text is absent, empty or not JSON. */
export function parseJsonOr<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === "") return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The keys as a subquery over one JSON array parameter: `sku IN ${jsonList(skus)}`. */
export function jsonList(keys: readonly (string | number)[]): SqlFragment {
  return sql`(SELECT value FROM json_each(${JSON.stringify(keys)}))`;
}
