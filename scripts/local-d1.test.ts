import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATION_RENAMES, MIGRATIONS_TABLE } from "./lib/migration-renames";
import { ROOT } from "./lib/shops";
import { applyLocalMigrations, localDatabaseNames, queryD1 } from "./local-d1";

/** The migration names the scripts' own Miniflare (withLocalBindings) reads, run by tsx as the scripts run. */
function namesThroughLocalBindings(): string[] {
  const read = `import { withLocalBindings } from "./scripts/local-d1";
    withLocalBindings(async (env) => (await env.DB.prepare("SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id").all<{ name: string }>()).results)
      .then((rows) => console.log("\\n" + JSON.stringify(rows.map((row) => row.name))));`;
  const output = execFileSync(join(ROOT, "node_modules", ".bin", "tsx"), ["-e", read], { cwd: ROOT, env: process.env, encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1)!) as string[];
}

/**
 * wrangler itself on a state folder of its own (several wrangler runs, so one test): a local
 * database that applied migrations under their old names is migrated again without wrangler
 * running any of them a second time (that would fail: their tables exist); and the scripts' own
 * Miniflare finds the database wrangler migrated in the same state folder.
 */
test("a local database of before the migration renames keeps working", () => {
  const state = mkdtempSync(join(tmpdir(), "local-d1-"));
  const previous = process.env.LOCAL_STATE_DIR;
  process.env.LOCAL_STATE_DIR = state;
  try {
    applyLocalMigrations();
    const recorded = () => queryD1<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`).map((row) => row.name);
    const fresh = recorded();
    expect(fresh).toEqual(expect.arrayContaining(MIGRATION_RENAMES.map((rename) => rename.to)));

    // Back to the old names; the statement's answer is what the table then holds.
    const renamedBack = queryD1<{ name: string }>(
      `${MIGRATION_RENAMES.map(({ from, to }) => `UPDATE ${MIGRATIONS_TABLE} SET name = '${from}' WHERE name = '${to}';`).join(" ")} SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id;`,
    );
    expect(renamedBack.map((row) => row.name)).toEqual(expect.arrayContaining(MIGRATION_RENAMES.map((rename) => rename.from)));

    applyLocalMigrations();
    // Read by the scripts' own Miniflare, outside Jest (its sandbox makes wrangler take a missing
    // optional file, dist/_redirects, for an error): the same names as after the first apply.
    expect(namesThroughLocalBindings()).toEqual(fresh);
  } finally {
    if (previous === undefined) delete process.env.LOCAL_STATE_DIR;
    else process.env.LOCAL_STATE_DIR = previous;
    rmSync(state, { recursive: true, force: true });
  }
}, 240_000);

test("the scripts migrate every D1 database the configuration declares: one unless configured, each once", () => {
  expect(localDatabaseNames()).toEqual(["catalogue"]);
  const dir = mkdtempSync(join(tmpdir(), "local-d1-config-"));
  try {
    const config = join(dir, "wrangler.jsonc");
    const database = (binding: string, name: string) => ({ binding, database_name: name, database_id: `id-${name}`, migrations_dir: "migrations" });
    writeFileSync(
      config,
      JSON.stringify({ name: "w", main: "x.ts", d1_databases: [database("DB", "catalogue"), database("DB_2", "shop-data-2"), database("DB_3", "catalogue")] }),
    );
    expect(localDatabaseNames(config)).toEqual(["catalogue", "shop-data-2"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
