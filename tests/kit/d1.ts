import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { allShops } from "@shop-api/core/shop";
import { leaseDatabase, processShared, type Lease } from "./database-pool";
import { everyShopDatabaseOf, shopDatabase, type ShopDatabaseOf } from "@shop-api/core/shop-database";
import { syncShops } from "@shop-api/tables/shops";
import { MIGRATIONS_DIR, migrationFiles } from "@scripts/lib/d1-migrations";

export interface TestDatabase {
  db: D1Database;
  /** The shop API's bindings on this database: DB, the R2 bucket UPLOADS (in memory) and the per-IP rate limiters with the config's limits. */
  env: ShopApiEnv;
  dispose(): Promise<void>;
}

/**
 * A real D1 database (workerd's SQLite through Miniflare), in memory, with every
 * migration of migrations/ applied in order, exactly as `wrangler d1 migrations apply` does,
 * and the shops table written from config/shops.json as every migration apply does.
 * Node reaches the bindings over fetch (scripts/lib/bindings-over-fetch.ts), never through
 * Miniflare's synchronous proxy (docs/decisions/0041). The runtime behind it is shared by the
 * test files of a Jest process (tests/kit/database-pool.ts): each database starts empty.
 * `split` (default: TEST_SHOP_DATABASES=split) adds a second database and SHOP_DATABASES (below).
 */
export async function createTestDatabase(options: { split?: boolean } = {}): Promise<TestDatabase> {
  const split = options.split ?? process.env.TEST_SHOP_DATABASES === "split";
  const leases: Lease[] = [];
  try {
    leases.push(await leaseDatabase());
    if (split) leases.push(await leaseDatabase());
    await Promise.all(leases.map((lease) => migrateTestDatabase(lease.db)));
    const [lease, second] = leases as [Lease, Lease | undefined];
    const env: ShopApiEnv = { DB: lease.db, UPLOADS: lease.uploads, ...lease.rateLimits };
    if (second) {
      Object.assign(env, { [SECOND_DATABASE]: second.db, SHOP_DATABASES: JSON.stringify(SPLIT_SHOP_DATABASES) });
      databasesBeside.set(lease.db, everyShopDatabaseOf(env, SHOP_IDS));
    }
    return { db: lease.db, env, dispose: () => releaseAll(leases) };
  } catch (error) {
    await releaseAll(leases);
    throw error;
  }
}

const releaseAll = async (leases: readonly Lease[]): Promise<void> => void (await Promise.all(leases.map((lease) => lease.release())));

/**
 * `TEST_SHOP_DATABASES=split` (`npm run test:two-databases`): every test database comes with a second one, and
 * SHOP_DATABASES puts two shops on each (docs/decisions/0064); the shops it does not name stay on DB.
 */
const SECOND_DATABASE = "DB_2";
const SPLIT_SHOP_DATABASES: Readonly<Record<string, string>> = { DE: "DB", AT: "DB", CH: SECOND_DATABASE, COM: SECOND_DATABASE };

const SHOP_IDS = allShops().map((shop) => shop.id);

/** The databases that hold shops beside a test database (itself first), with their shops: the catalogue goes into each, as the import writes it. */
const databasesBeside = new WeakMap<D1Database, ShopDatabaseOf[]>();
export const everyTestDatabase = (db: D1Database): ShopDatabaseOf[] => databasesBeside.get(db) ?? [{ db, binding: "DB", shops: SHOP_IDS }];

/** The database of a shop's live data in a test's bindings, as the shop API picks it (core/shop-database.ts). */
export const shopDb = (env: ShopApiEnv, shopId: string): D1Database => shopDatabase(env, shopId);

/** Rows per table, for tests that check what a request wrote (and that a refused one wrote nothing). */
export async function countRows<Table extends string>(db: D1Database, tables: readonly Table[]): Promise<Record<Table, number>> {
  const counts = {} as Record<Table, number>;
  for (const table of tables) counts[table] = (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
  return counts;
}

const MIGRATED_FILE_BY_FILE = "migrations-applied-file-by-file";

/** Each migration's statements, in order; read and split once per Jest process. */
function migrationStatements(): readonly (readonly string[])[] {
  const key = `migration-statements:${MIGRATIONS_DIR}`;
  let statements = processShared().get(key) as readonly (readonly string[])[] | undefined;
  if (!statements) {
    statements = migrationFiles(MIGRATIONS_DIR).map((file) => file.statements);
    processShared().set(key, statements);
  }
  return statements;
}

/**
 * Applies every migration in order and writes the shops table, as `wrangler d1 migrations apply`
 * does: the first database of a Jest process gets each migration as a batch of its own, as
 * wrangler applies them. Every later one gets the same statements in the same order in one batch,
 * which leaves the same database (they all passed file by file already) for a third of the CPU,
 * in Node and in workerd: one call instead of one per migration.
 */
export async function migrateTestDatabase(db: D1Database): Promise<void> {
  const fileByFile = !processShared().has(MIGRATED_FILE_BY_FILE);
  await applyMigrations(db, fileByFile ? "file by file" : "one batch");
  if (fileByFile) processShared().set(MIGRATED_FILE_BY_FILE, true);
  await syncShops(db, allShops(), new Date());
}

/** Every migration's statements in order: each migration a batch of its own, or all of them in one. */
export async function applyMigrations(db: D1Database, batches: "file by file" | "one batch"): Promise<void> {
  const files = migrationStatements();
  if (batches === "one batch") await db.batch(files.flat().map((statement) => db.prepare(statement)));
  else for (const statements of files) await db.batch(statements.map((statement) => db.prepare(statement)));
}
