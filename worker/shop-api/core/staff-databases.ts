/**
 * How the back office reads shops' live data kept in several databases (core/shop-database.ts,
 * docs/decisions/0064): a list that names a shop reads that shop's database; a list across shops
 * reads every shop database and merges their pages in the list's order, so its pages and their
 * links are those of one table; a record the back office names by its number (an order's
 * `CH-100001` by the shop it begins with, a complaint's `R-…` or an inquiry's `Q-…`, which carry no
 * shop) is read and changed in the database that holds it.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import type { ApiContext } from "./context";
import { everyShopDatabase, shopDatabase } from "./shop-database";

/** The databases a staff list reads: the named shop's, or every shop database. */
export const listDatabases = (env: ShopApiEnv, shop: string | undefined): D1Database[] => (shop ? [shopDatabase(env, shop)] : everyShopDatabase(env));

export interface ListPage<Item> {
  items: Item[];
  next: string | null;
}

/**
 * One page of a list across databases: `read` gives a database's page of at most `limit` items after the request's
 * cursor, in the list's order (`compare`); the page is the first `limit` of all of them, and it has a next page when any
 * database had more than it gave or more were given than the page holds. `cursorOf` is the list's cursor of an item.
 */
export async function mergedPage<Item>(
  databases: readonly D1Database[],
  read: (db: D1Database) => Promise<ListPage<Item>>,
  order: { compare: (a: Item, b: Item) => number; cursorOf: (item: Item) => string; limit: number },
): Promise<ListPage<Item>> {
  if (databases.length === 1) return read(databases[0]!);
  const pages = await Promise.all(databases.map(read));
  const all = pages.flatMap((page) => page.items).sort(order.compare);
  const items = all.slice(0, order.limit);
  const last = items[items.length - 1];
  const more = all.length > order.limit || pages.some((page) => page.next !== null);
  return { items, next: more && last ? order.cursorOf(last) : null };
}

const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** Newest first by creation time, then by id, as a list's `ORDER BY created_at DESC, id DESC` (texts by their code units, as SQLite's BINARY for these ASCII keys). */
export const newestFirst =
  <Item>(key: (item: Item) => readonly [createdAt: string, id: string]) =>
  (a: Item, b: Item): number => {
    const [createdA, idA] = key(a);
    const [createdB, idB] = key(b);
    return descending(createdA, createdB) || descending(idA, idB);
  };

/**
 * The request's context on the database that holds the record `holds` finds (the first that does); with one shop
 * database that one, without asking. When none holds it the context stays on DB, where the handler finds nothing (404).
 */
export async function atDatabaseHolding<C extends ApiContext>(ctx: C, holds: (db: D1Database) => Promise<boolean>): Promise<C> {
  const databases = everyShopDatabase(ctx.env);
  if (databases.length === 1) return { ...ctx, db: databases[0]! };
  for (const db of databases) if (await holds(db)) return { ...ctx, db };
  return { ...ctx, db: ctx.env.DB };
}

/** The tables and columns of the numbers the back office names records by (constants, never input). */
type RecordKey = ["rmas", "id"] | ["inquiries", "id"] | ["sample_quotes", "reference_code"];

/** Whether a database holds the record of `table` whose `column` is `value`. */
export const holdsRow =
  (...[table, column, value]: [...RecordKey, string]) =>
  async (db: D1Database): Promise<boolean> =>
    (await db.prepare(`SELECT 1 AS found FROM ${table} WHERE ${column} = ?`).bind(value).first()) !== null;
