/**
 * Lists travel to D1 as one JSON array parameter per statement (`json_each`; keys through
 * worker/lib/json.ts `jsonList`), so a statement never has more than a few bound values
 * (D1 allows 100) however many rows or keys it covers. Long lists are split into chunks.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { SqlFragment } from "@worker/lib/sql";

/** Written rows per statement: a JSON parameter of at most this many characters stays well below D1's size limits. */
const MAX_JSON_PARAM = 512 * 1024;
/** Keys per statement. */
const KEYS_PER_CHUNK = 2000;

/** The items as JSON arrays of at most MAX_JSON_PARAM characters each (one item never splits). */
export function jsonChunks(items: readonly unknown[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const item of items) {
    const text = JSON.stringify(item);
    if (current.length > 0 && size + text.length + 1 > MAX_JSON_PARAM) {
      chunks.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0) chunks.push(`[${current.join(",")}]`);
  return chunks;
}

/** The distinct keys, KEYS_PER_CHUNK at a time. */
export function keyChunks<K>(keys: readonly K[]): K[][] {
  const distinct = [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
  const chunks: K[][] = [];
  for (let start = 0; start < distinct.length; start += KEYS_PER_CHUNK) chunks.push(distinct.slice(start, start + KEYS_PER_CHUNK));
  return chunks;
}

/** Runs `query` for every chunk of the distinct keys (strings unless told) and joins the rows of type T. */
export async function readByKeys<T, K = string>(db: D1Database, keys: readonly K[], query: (keys: readonly K[]) => SqlFragment): Promise<T[]> {
  const rows: T[] = [];
  for (const chunk of keyChunks(keys)) rows.push(...(await query(chunk).prepare(db).all<T>()).results);
  return rows;
}
