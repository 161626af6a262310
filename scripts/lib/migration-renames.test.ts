import { readdirSync } from "node:fs";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { MIGRATION_RENAMES, MIGRATIONS_TABLE, migrationRenameStatements } from "./migration-renames";

const MIGRATION_FILES = readdirSync(join(__dirname, "..", "..", "migrations")).filter((file) => file.endsWith(".sql"));

describe("the rename list", () => {
  test("every new name is a file of migrations/ and no old name is", () => {
    for (const { from, to } of MIGRATION_RENAMES) {
      expect(MIGRATION_FILES).toContain(to);
      expect(MIGRATION_FILES).not.toContain(from);
    }
  });

  test("no name is renamed twice or renamed into another rename's old name", () => {
    const from = MIGRATION_RENAMES.map((rename) => rename.from);
    const to = MIGRATION_RENAMES.map((rename) => rename.to);
    expect(new Set(from).size).toBe(from.length);
    expect(new Set(to).size).toBe(to.length);
    expect(to.filter((name) => from.includes(name))).toEqual([]);
  });

  test.each(["0001_a.sql' OR '1'='1", "x.sql", "0001_a.sql; DROP TABLE products", ""])(
    "a name that is not a migration file (%s) never reaches the SQL",
    (bad) => {
      expect(() => migrationRenameStatements([{ from: bad, to: "0002_b.sql" }])).toThrow("is not a migration file name");
      expect(() => migrationRenameStatements([{ from: "0002_b.sql", to: bad }])).toThrow("is not a migration file name");
    },
  );
});

describe("the rename statements on a real D1", () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
    // wrangler's own table (`wrangler d1 migrations apply` creates it the same way).
    await database.db
      .prepare(
        `CREATE TABLE ${MIGRATIONS_TABLE} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
      )
      .run();
  });
  afterEach(() => database.dispose());

  const record = async (names: string[]) => {
    for (const name of names) await database.db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?)`).bind(name).run();
  };
  const recorded = async () =>
    (await database.db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`).all<{ name: string }>()).results.map((row) => row.name);
  const rename = async () => {
    for (const statement of migrationRenameStatements()) await database.db.prepare(statement).run();
  };

  /** What a database recorded before the renames, and what it records after them. */
  const OLD_STATE = [
    "0001_catalogue.sql",
    "0002_commerce.sql",
    "0003_search.sql",
    "0004_search_cache.sql",
    "0004_search_listings.sql",
    "0004_search_listings_sync.sql",
    "0005_write_guards.sql",
  ];
  const NEW_STATE = [
    "0001_catalogue.sql",
    "0002_commerce.sql",
    "0003_search.sql",
    "0004_search_cache.sql",
    "0005_search_listings.sql",
    "0006_search_listings_sync.sql",
    "0007_write_guards.sql",
  ];

  test("a database that applied the old names records the new ones, in the same order, and nothing else changes", async () => {
    await record(OLD_STATE);
    await rename();
    expect(await recorded()).toEqual(NEW_STATE);
  });

  test("running the statements again changes nothing", async () => {
    await record(OLD_STATE);
    await rename();
    await rename();
    expect(await recorded()).toEqual(NEW_STATE);
  });

  test("a database that already records a new name keeps it and fails nowhere", async () => {
    await record(["0005_write_guards.sql", "0007_write_guards.sql"]);
    await rename();
    expect(await recorded()).toEqual(["0005_write_guards.sql", "0007_write_guards.sql"]);
  });

  test("a database that never applied a renamed migration is left as it is", async () => {
    await record(["0001_catalogue.sql", "0002_commerce.sql", "0003_search.sql"]);
    await rename();
    expect(await recorded()).toEqual(["0001_catalogue.sql", "0002_commerce.sql", "0003_search.sql"]);
  });
});
