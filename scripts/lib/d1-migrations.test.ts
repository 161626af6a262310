import { leaseDatabase, type Lease } from "@tests/kit/database-pool";
import { applyRecordedMigrations, migrationFiles, splitSql } from "./d1-migrations";
import { MIGRATION_RENAMES, MIGRATIONS_TABLE } from "./migration-renames";

let lease: Lease;
beforeAll(async () => {
  lease = await leaseDatabase();
});
afterAll(() => lease.release());

const recorded = async () =>
  (await lease.db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`).all<{ name: string }>()).results.map((row) => row.name);
const tables = async () =>
  (
    await lease.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name")
      .all<{ name: string }>()
  ).results.map((row) => row.name);

test("an empty database gets every migration in file-name order, each recorded once; a second run applies none", async () => {
  const files = migrationFiles();
  const names = files.map((file) => file.name);
  expect(names).toEqual([...names].sort());
  expect(await applyRecordedMigrations(lease.db, files)).toEqual(names);
  expect(await recorded()).toEqual(names);
  expect(await tables()).toEqual(expect.arrayContaining(["orders", "products", "carts", MIGRATIONS_TABLE]));
  expect(await applyRecordedMigrations(lease.db, files)).toEqual([]);
  expect(await recorded()).toEqual(names);
});

test("a database that applied migrations under their old names records the new ones and runs none of them again", async () => {
  const before = await recorded();
  for (const { from, to } of MIGRATION_RENAMES) await lease.db.prepare(`UPDATE ${MIGRATIONS_TABLE} SET name = ? WHERE name = ?`).bind(from, to).run();
  // Running one of them again would fail: their tables exist.
  expect(await applyRecordedMigrations(lease.db)).toEqual([]);
  expect((await recorded()).sort()).toEqual([...before].sort());
});

test("a migration that fails is neither applied nor recorded, and the run stops there", async () => {
  const broken = [
    { name: "9997_first.sql", statements: ["CREATE TABLE t_first (id INTEGER)"] },
    { name: "9998_broken.sql", statements: ["CREATE TABLE t_broken (id INTEGER)", "INSERT INTO no_such_table VALUES (1)"] },
    { name: "9999_after.sql", statements: ["CREATE TABLE t_after (id INTEGER)"] },
  ];
  await expect(applyRecordedMigrations(lease.db, broken)).rejects.toThrow(/no_such_table/);
  expect(await recorded()).toEqual(expect.arrayContaining(["9997_first.sql"]));
  expect(await recorded()).not.toContain("9998_broken.sql");
  expect(await tables()).toContain("t_first");
  expect(await tables()).not.toContain("t_broken");
  expect(await tables()).not.toContain("t_after");
});

test("statements split as wrangler splits them: strings, comments, trigger bodies and CASE expressions kept whole", () => {
  const sql = `-- a comment; with a semicolon
CREATE TABLE a (x TEXT DEFAULT 'a;b');
CREATE TRIGGER t AFTER INSERT ON a BEGIN
  UPDATE a SET x = CASE WHEN x = ';' THEN 'y' ELSE x END;
END;
INSERT INTO a VALUES ("q;r")`;
  expect(splitSql(sql)).toEqual([
    "CREATE TABLE a (x TEXT DEFAULT 'a;b')",
    "CREATE TRIGGER t AFTER INSERT ON a BEGIN\n  UPDATE a SET x = CASE WHEN x = ';' THEN 'y' ELSE x END;\nEND",
    'INSERT INTO a VALUES ("q;r")',
  ]);
});
