import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join } from "node:path";
import { MIGRATION_RENAMES, MIGRATIONS_TABLE } from "./lib/migration-renames";
import { ROOT } from "./lib/shops";
import { localDatabases, WRANGLER_ENV } from "./local-d1";

/** Runs `code` (TypeScript with the scripts' imports) with tsx as the scripts run, outside Jest (its sandbox makes wrangler take a missing optional file, dist/_redirects, for an error); returns its last output line as JSON. */
function runScript<T>(code: string, state: string): T {
  const output = execFileSync(join(ROOT, "node_modules", ".bin", "tsx"), ["-e", `${code}.then((value) => console.log("\\n" + JSON.stringify(value)))`], {
    cwd: ROOT,
    env: { ...process.env, LOCAL_STATE_DIR: state },
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1)!) as T;
}

/** wrangler.jsonc's DB: the database a local state holds under this id. */
const DATABASE_ID = (createRequire(__filename)("wrangler") as typeof import("wrangler")).experimental_readRawConfig({ config: join(ROOT, "wrangler.jsonc") })
  .rawConfig.d1_databases![0]!.database_id!;
const NAMES = `SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`;
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");
const wrangler = (args: string[], state: string) =>
  execFileSync(WRANGLER, [...args, "--local", "--persist-to", state], { cwd: ROOT, env: { ...process.env, ...WRANGLER_ENV }, encoding: "utf8" });

/**
 * The scripts' own migration of a local database and wrangler's, on a state folder of their own (several runs, so one
 * test): wrangler applies the first migrations, the scripts the rest in the same table; a database of before the
 * migration renames is migrated again without any migration running a second time (that would fail: their tables
 * exist); wrangler then finds nothing to apply.
 */
test("a local database migrated by the scripts is one wrangler finds migrated, and wrangler's is one the scripts go on with", () => {
  const state = mkdtempSync(join(tmpdir(), "local-d1-"));
  const first = mkdtempSync(join(tmpdir(), "local-d1-first-"));
  try {
    const files = readdirSync(join(ROOT, "migrations"))
      .filter((name) => name.endsWith(".sql"))
      .sort();
    for (const name of files.slice(0, 2)) copyFileSync(join(ROOT, "migrations", name), join(first, name));
    const config = join(first, "wrangler.jsonc");
    writeFileSync(
      config,
      JSON.stringify({
        name: "first-migrations",
        d1_databases: [{ binding: "DB", database_name: "catalogue", database_id: DATABASE_ID, migrations_dir: first }],
      }),
    );
    wrangler(["d1", "migrations", "apply", "catalogue", "--config", config], state);

    // The scripts' runs in one process (a tsx start each costs seconds): migrate, rename back, migrate again.
    const [fresh, renamed, again] = runScript<string[][]>(
      `import("./scripts/local-d1").then(async ({ applyLocalMigrations, withLocalD1 }) => {
        const names = () => withLocalD1(async (db) => (await db.prepare("${NAMES}").all()).results.map((row) => row.name));
        await applyLocalMigrations();
        const fresh = await names();
        await withLocalD1((db) => db.batch(${JSON.stringify(MIGRATION_RENAMES)}.map(({ from, to }) => db.prepare("UPDATE ${MIGRATIONS_TABLE} SET name = ? WHERE name = ?").bind(from, to))));
        const renamed = await names();
        await applyLocalMigrations();
        return [fresh, renamed, await names()];
      })`,
      state,
    );
    expect(fresh).toEqual(files);
    expect(renamed).toEqual(expect.arrayContaining(MIGRATION_RENAMES.map((rename) => rename.from)));
    expect(again).toEqual(fresh);
    expect(wrangler(["d1", "migrations", "apply", "catalogue", "--config", join(ROOT, "wrangler.jsonc")], state)).toContain("No migrations to apply");
  } finally {
    rmSync(state, { recursive: true, force: true });
    rmSync(first, { recursive: true, force: true });
  }
}, 240_000);

test("the scripts migrate every D1 database the configuration declares: one unless configured, each once", () => {
  expect(localDatabases()).toEqual([{ name: "catalogue", binding: "DB" }]);
  const dir = mkdtempSync(join(tmpdir(), "local-d1-config-"));
  try {
    const config = join(dir, "wrangler.jsonc");
    const database = (binding: string, name: string) => ({ binding, database_name: name, database_id: `id-${name}`, migrations_dir: "migrations" });
    writeFileSync(
      config,
      JSON.stringify({ name: "w", main: "x.ts", d1_databases: [database("DB", "catalogue"), database("DB_2", "shop-data-2"), database("DB_3", "catalogue")] }),
    );
    expect(localDatabases(config)).toEqual([
      { name: "catalogue", binding: "DB" },
      { name: "shop-data-2", binding: "DB_2" },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
