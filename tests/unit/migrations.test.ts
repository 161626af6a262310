import { readdirSync } from "node:fs";
import { join } from "node:path";
import { migrationNumberProblems } from "@scripts/lib/migration-numbers";

const MIGRATIONS = join(__dirname, "..", "..", "migrations");

describe("migration numbers (docs/decisions/0022)", () => {
  test("migrations/ has unique, consecutive four-digit numbers from 0001", () => {
    const files = readdirSync(MIGRATIONS);
    expect(files.filter((file) => file.endsWith(".sql")).length).toBeGreaterThan(0);
    expect(migrationNumberProblems(files)).toEqual([]);
  });

  test("a number shared by two files is refused, naming both", () => {
    const problems = migrationNumberProblems(["0001_catalogue.sql", "0002_search_cache.sql", "0002_search_listings.sql"]);
    expect(problems).toEqual(["0002 is the number of 2 migrations: 0002_search_cache.sql, 0002_search_listings.sql"]);
  });

  test("a gap or a first number other than 0001 is refused", () => {
    expect(migrationNumberProblems(["0001_a.sql", "0003_c.sql"])).toEqual(["the numbers are not consecutive from 0001: 0003 comes where 0002 belongs"]);
    expect(migrationNumberProblems(["0002_b.sql"])).toEqual(["the numbers are not consecutive from 0001: 0002 comes where 0001 belongs"]);
  });

  test.each([
    "1_short.sql",
    "00001_five_digits.sql",
    "0001-dash.sql",
    "0001_Upper.sql",
    "0001_.sql",
    "0001_a b.sql",
    "0001_a.sql.bak.sql",
    "abcd_name.sql",
    "0001_name.SQL.sql",
  ])("%s is not a migration file name", (name) => {
    expect(migrationNumberProblems(["0001_first.sql", name])[0]).toMatch(/not NNNN_name\.sql/);
  });

  test("files other than .sql are not migrations", () => {
    expect(migrationNumberProblems(["0001_a.sql", "README.md", ".gitkeep", "0002_b.sql"])).toEqual([]);
  });
});
