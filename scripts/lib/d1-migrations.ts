/**
 * The migrations of migrations/ applied to a D1 database the way `wrangler d1 migrations apply`
 * applies them, recorded in the same table: each file not yet recorded, in file-name order, as one
 * batch with the INSERT that records it (so a migration is applied and recorded whole or not at all).
 * A database migrated here is one wrangler finds fully migrated, and the other way round.
 * Local databases are migrated through this module in the scripts' own runtime, instead of a
 * wrangler process (and a workerd of its own) per migration (docs/decisions/0077).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { D1Database } from "@cloudflare/workers-types";
import { MIGRATIONS_TABLE, migrationRenameStatements } from "./migration-renames";
import { ROOT } from "./shops";

export const MIGRATIONS_DIR = join(ROOT, "migrations");

export interface MigrationFile {
  name: string;
  statements: string[];
}

/** The migration files of `dir` in the order wrangler applies them (by file name), each split into its statements. */
export function migrationFiles(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, statements: splitSql(readFileSync(join(dir, name), "utf8")) }));
}

/**
 * Brings `db` up to date with `files` as wrangler does and returns the names it applied: wrangler's
 * table of applied migrations (created as wrangler creates it), the renamed migrations recorded under
 * their new names (scripts/lib/migration-renames.ts), then every file not recorded.
 */
export async function applyRecordedMigrations(db: D1Database, files: readonly MigrationFile[] = migrationFiles()): Promise<string[]> {
  await db.batch(
    [
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}"(
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        name       TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
      ...migrationRenameStatements(),
    ].map((statement) => db.prepare(statement)),
  );
  const recorded = new Set((await db.prepare(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY id`).all<{ name: string }>()).results.map((row) => row.name));
  const applied: string[] = [];
  for (const file of files.filter((candidate) => !recorded.has(candidate.name))) {
    await db.batch([
      ...file.statements.map((statement) => db.prepare(statement)),
      db.prepare(`INSERT INTO "${MIGRATIONS_TABLE}" (name) VALUES (?)`).bind(file.name),
    ]);
    applied.push(file.name);
  }
  return applied;
}

/**
 * Splits a migration into statements the way `wrangler d1 migrations apply` does:
 * on `;` outside string literals and comments, keeping trigger bodies (BEGIN ... END)
 * and CASE ... END expressions whole.
 */
export function splitSql(sql: string): string[] {
  const statements: string[] = [];
  let current = "";
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"' || ch === "`") {
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end - 1;
      continue;
    }
    if (ch === ";" && depth === 0) {
      statements.push(current);
      current = "";
      continue;
    }
    current += ch;
    if (/\s(BEGIN|CASE)\s$/i.test(current)) depth++;
    else if (depth > 0 && /\sEND\s$/.test(current)) depth--;
    else if (depth > 0 && /\sEND$/.test(current) && sql[i + 1] === ";") depth--;
  }
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
