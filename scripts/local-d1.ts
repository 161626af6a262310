/**
 * The local D1 database of `wrangler dev`, from Node: same wrangler.jsonc, same
 * persisted state under .wrangler/state, binding DB.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { D1Database } from "@cloudflare/workers-types";
import { convertV4MiniflareOptions, Miniflare, type V4WorkerOptionsShape } from "miniflare";
import type { ShopApiEnv } from "@worker/env";
import { allShops } from "@shop-api/core/shop";
import { syncShops, syncShopsSql } from "@shop-api/tables/shops";
import { boundDatabase } from "@shop-api/core/shop-database";
import { bindingsOverFetch, bindingsWorker } from "./lib/bindings-over-fetch";
import { inlineSql } from "./lib/inline-sql";
import { localStateDir } from "./lib/local-state";
import { ASSETS_DIRECTORY, WRANGLER_CONFIG as CONFIG } from "./lib/wrangler-config";
import { applyRecordedMigrations } from "./lib/d1-migrations";

export const ROOT = resolve(__dirname, "..");
/** The database of binding DB, which the scripts that read one database (staff, invariants, benchmarks) use. */
const DATABASE_NAME = "catalogue";

/**
 * Every D1 database wrangler.jsonc's top level declares, once per database: its name and the binding the scripts reach
 * it by (its first). DB's and those of the shop databases SHOP_DATABASES names (docs/decisions/0064; one unless
 * configured). Each is migrated and gets the shops table.
 */
export function localDatabases(config = CONFIG): { name: string; binding: string }[] {
  // wrangler's reader is synchronous; loaded on use, as the scripts that need no configuration do not pay for it.
  const { experimental_readRawConfig } = createRequire(__filename)("wrangler") as typeof import("wrangler");
  const raw = experimental_readRawConfig({ config }).rawConfig as { d1_databases?: { binding?: string; database_name?: string }[] };
  const declared = (raw.d1_databases ?? []).flatMap(({ binding, database_name: name }) => (binding && name ? [{ name, binding }] : []));
  const databases = declared.filter((database, index) => declared.findIndex((other) => other.name === database.name) === index);
  return databases.length > 0 ? databases : [{ name: DATABASE_NAME, binding: "DB" }];
}

/** wrangler offline: no metrics, no cf.json fetch, no prompts. */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
} as const;

/** wrangler's configuration reader needs .dev.vars and the assets directory to exist. */
function prepareWorkingTree(): void {
  const devVars = join(ROOT, ".dev.vars");
  if (!existsSync(devVars)) writeFileSync(devVars, "");
  mkdirSync(join(ROOT, ASSETS_DIRECTORY), { recursive: true });
}

/** Runs wrangler; returns its standard output. */
function wrangler(args: string[]): string {
  return execFileSync(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
}

/** Runs SQL on the deployed database (`wrangler d1 execute --remote --json`, wrangler's login) and returns the rows of its last statement. */
export function queryRemoteD1<Row>(command: string, database = DATABASE_NAME): Row[] {
  const answers = JSON.parse(wrangler(["d1", "execute", database, "--remote", "--config", CONFIG, "--json", "--command", command])) as {
    results: Row[];
  }[];
  return answers.at(-1)?.results ?? [];
}

/**
 * Applies migrations/ to every local database of the configuration as `wrangler d1 migrations apply` does
 * (scripts/lib/d1-migrations.ts: renamed migrations recorded under their new names first), and then writes the shops
 * table from config/shops.json (the one authority for shops), so SQL that joins shop rows always sees the configured
 * shops. One local runtime for all of it, where wrangler starts one per migration.
 */
export async function applyLocalMigrations(): Promise<void> {
  await eachLocalDatabase(async (db) => {
    await applyRecordedMigrations(db);
    await syncShops(db, allShops(), new Date());
  });
}

/** Runs `fn` on every local database of the configuration, in order, in one local runtime. */
function eachLocalDatabase(fn: (db: D1Database) => Promise<void>): Promise<void> {
  return withLocalBindings(async (env) => {
    for (const { binding } of localDatabases()) await fn(boundDatabase(env, binding));
  });
}

/** The SQL file that writes the shops table from config/shops.json (also what a deploy runs on the environment's database). */
export function shopsSyncFile(now = new Date()): string {
  return syncShopsSql(allShops(), now)
    .map(inlineSql)
    .map((statement) => `${statement};\n`)
    .join("");
}

/** Writes the shops table from config/shops.json into every database of the configuration: locally through the local runtime, remotely with `wrangler d1 execute --file`. */
export async function syncShopsTable(where: "local" | "remote" = "local"): Promise<void> {
  if (where === "local") return eachLocalDatabase((db) => syncShops(db, allShops(), new Date()));
  const dir = mkdtempSync(join(tmpdir(), "shops-sync-"));
  try {
    const file = join(dir, "shops.sql");
    writeFileSync(file, shopsSyncFile());
    for (const { name } of localDatabases()) wrangler(["d1", "execute", name, "--remote", "--config", CONFIG, "--file", file, "--yes"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` with the local D1 (binding DB) and always stops the local runtime. */
export async function withLocalD1<T>(fn: (db: D1Database) => Promise<T>): Promise<T> {
  return withLocalBindings((env) => fn(env.DB));
}

/** Where withLocalBindings reads its bindings: another configuration and environment (the deploy rehearsal's), another state folder. */
export interface LocalBindingsOptions {
  config?: string;
  environment?: string;
  stateDir?: string;
}

/**
 * Runs `fn` with the bindings and variables of wrangler.jsonc's top level (with .dev.vars; or those of `options`) over the local
 * state, as `wrangler dev` has them: every D1 database, R2 and the rate limiters, and always stops the local
 * runtime. wrangler reads the configuration; Miniflare runs the bindings in workerd and Node
 * reaches them over fetch (scripts/lib/bindings-over-fetch.ts), not through getPlatformProxy,
 * whose synchronous round trips have failed on a busy machine (docs/decisions/0041). Queue
 * producers are left out: rebuild requests written here stay unsent and the worker's sweep
 * sends them.
 */
export async function withLocalBindings<T>(fn: (env: ShopApiEnv) => Promise<T>, options: LocalBindingsOptions = {}): Promise<T> {
  prepareWorkingTree();
  for (const [key, value] of Object.entries(WRANGLER_ENV)) process.env[key] ??= value;
  const { unstable_getMiniflareWorkerOptions } = await import("wrangler");
  // wrangler types these options as an Omit of Miniflare's V4 worker options, which loses their fields' types.
  const workerOptions = unstable_getMiniflareWorkerOptions(options.config ?? CONFIG, options.environment).workerOptions as V4WorkerOptionsShape;
  const { d1Databases, r2Buckets, ratelimits } = workerOptions;
  if (!d1Databases || !("DB" in d1Databases)) throw new Error("wrangler.jsonc has no D1 binding named DB");
  if (!r2Buckets || !("UPLOADS" in r2Buckets)) throw new Error("wrangler.jsonc has no R2 binding named UPLOADS");
  const state = join(options.stateDir ?? localStateDir(), "v3");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [bindingsWorker({ d1Databases, r2Buckets, ratelimits })],
      // wrangler's layout: <state>/v3/d1, <state>/v3/r2 (Miniflare 5 has one persistence root; it drops d1Persist and r2Persist).
      resourcePersistencePath: state,
    }),
  );
  try {
    const client = bindingsOverFetch(mf);
    const vars = Object.fromEntries(Object.entries(workerOptions.bindings ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const limiters = Object.fromEntries(Object.keys(ratelimits ?? {}).map((name) => [name, client.rateLimit(name)]));
    // Every D1 binding: DB and the shop databases SHOP_DATABASES names (docs/decisions/0064).
    const databases = Object.fromEntries(Object.keys(d1Databases).map((name) => [name, client.d1(name)]));
    return await fn({ ...vars, ...limiters, ...databases, DB: client.d1("DB"), UPLOADS: client.r2("UPLOADS") });
  } finally {
    await mf.dispose();
  }
}
