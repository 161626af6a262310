import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import type { D1Database } from "@cloudflare/workers-types";

const MIGRATIONS_DIR = join(__dirname, "..", "..", "migrations");

export interface TestDatabase {
  db: D1Database;
  dispose(): Promise<void>;
}

/**
 * A real D1 database (workerd's SQLite through Miniflare), in memory, with every
 * migration of migrations/ applied in order, exactly as `wrangler d1 migrations apply` does.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 404 }); } }",
    d1Databases: { DB: "test-db" },
  });
  try {
    const db = (await mf.getD1Database("DB")) as unknown as D1Database;
    for (const file of readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith(".sql")).sort()) {
      await applySql(db, readFileSync(join(MIGRATIONS_DIR, file), "utf8"));
    }
    return { db, dispose: () => mf.dispose() };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

/** Splits a migration into statements (our migrations keep `--` and `;` out of string literals). */
async function applySql(db: D1Database, sql: string): Promise<void> {
  const statements = sql
    .split("\n")
    .map((line) => line.replace(/--.*$/, ""))
    .join("\n")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
  await db.batch(statements.map((statement) => db.prepare(statement)));
}
