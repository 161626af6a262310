/**
 * The local D1 database of `wrangler dev`, from Node: same wrangler.toml, same
 * persisted state under .wrangler/state, binding DB.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { D1Database } from "@cloudflare/workers-types";
import { MIGRATIONS_TABLE, migrationRenameStatements } from "./lib/migration-renames";

export const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, "wrangler.toml");
const DATABASE_NAME = "catalogue";
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

/** wrangler offline: no metrics, no cf.json fetch, no prompts. */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
} as const;

/** getPlatformProxy needs .dev.vars and the assets directory to exist. */
function prepareWorkingTree(): void {
  const devVars = join(ROOT, ".dev.vars");
  if (!existsSync(devVars)) writeFileSync(devVars, "");
  const toml = readFileSync(CONFIG, "utf8");
  const assets = /\[assets\][^[]*?directory\s*=\s*"([^"]+)"/.exec(toml)?.[1];
  if (assets) {
    const dir = join(ROOT, assets);
    mkdirSync(dir, { recursive: true });
  }
}

/**
 * wrangler's local state folder: .wrangler/state (what `wrangler dev` uses), or
 * LOCAL_STATE_DIR for a separate one (browser tests, benchmarks).
 */
export function localStateDir(): string {
  return resolve(process.env.LOCAL_STATE_DIR ?? join(ROOT, ".wrangler", "state"));
}

/** Runs wrangler with the local database's arguments; returns its standard output. */
function localD1(args: string[]): string {
  return execFileSync(WRANGLER, ["d1", ...args, "--local", "--config", CONFIG, "--persist-to", localStateDir()], {
    cwd: ROOT,
    env: { ...process.env, ...WRANGLER_ENV },
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
}

/** Rows of one SQL command on the local database (`wrangler d1 execute --json`; several statements: the last one's). */
export function queryLocal<Row>(command: string): Row[] {
  const answers = JSON.parse(localD1(["execute", DATABASE_NAME, "--json", "--command", command])) as { results: Row[] }[];
  return answers[0]?.results ?? [];
}

/**
 * A database that applied migrations under names they no longer have records the new names
 * first (scripts/lib/migration-renames.ts), so wrangler does not apply them a second time.
 * A fresh database has no migrations table yet and nothing to rename.
 */
function recordRenamedMigrations(): void {
  const tables = queryLocal<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${MIGRATIONS_TABLE}'`);
  if (tables.length > 0) queryLocal(migrationRenameStatements().join(" "));
}

/** Applies migrations/ to the local database (`wrangler d1 migrations apply catalogue --local`). */
export function applyLocalMigrations(): void {
  prepareWorkingTree();
  recordRenamedMigrations();
  localD1(["migrations", "apply", DATABASE_NAME]);
}

/** Runs `fn` with the local D1 (binding DB) and always disposes the proxy. */
export async function withLocalD1<T>(fn: (db: D1Database) => Promise<T>): Promise<T> {
  prepareWorkingTree();
  for (const [key, value] of Object.entries(WRANGLER_ENV)) process.env[key] ??= value;
  const { getPlatformProxy } = await import("wrangler");
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: CONFIG, persist: { path: join(localStateDir(), "v3") } });
  try {
    if (!proxy.env.DB) throw new Error("wrangler.toml has no D1 binding named DB");
    return await fn(proxy.env.DB);
  } finally {
    await proxy.dispose();
  }
}
