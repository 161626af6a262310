/**
 * Migrations renamed after databases had applied them (docs/decisions/0022-migration-numbers.md).
 * wrangler records each applied migration by file name in its `d1_migrations` table and
 * applies every file whose name it has not recorded; a database that applied a migration
 * under its old name must record the new name first, or the migration would run twice.
 */

import { MIGRATION_FILE } from "./migration-numbers";

/** wrangler's table of applied migrations (wrangler.jsonc sets no `migrations_table`). */
export const MIGRATIONS_TABLE = "d1_migrations";

export interface MigrationRename {
  from: string;
  to: string;
}

/** Old file name -> new file name, in the order they were renamed. Entries are never removed. */
export const MIGRATION_RENAMES: readonly MigrationRename[] = [
  { from: "0004_search_listings.sql", to: "0005_search_listings.sql" },
  { from: "0004_search_listings_sync.sql", to: "0006_search_listings_sync.sql" },
  { from: "0005_write_guards.sql", to: "0007_write_guards.sql" },
];

/**
 * One UPDATE per rename that records the new name of a migration applied under its old one.
 * A database that recorded the new name already (or never applied the migration) is left as it
 * is, so the statements can run on every start. Names are checked, since they go into SQL text.
 */
export function migrationRenameStatements(renames: readonly MigrationRename[] = MIGRATION_RENAMES): string[] {
  return renames.map(({ from, to }) => {
    for (const name of [from, to]) if (!MIGRATION_FILE.test(name)) throw new Error(`'${name}' is not a migration file name`);
    return `UPDATE ${MIGRATIONS_TABLE} SET name = '${to}' WHERE name = '${from}' AND NOT EXISTS (SELECT 1 FROM ${MIGRATIONS_TABLE} WHERE name = '${to}');`;
  });
}
