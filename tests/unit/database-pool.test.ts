import type { D1Database } from "@cloudflare/workers-types";
import { applyMigrations, createTestDatabase, countRows } from "@tests/kit/d1";
import { leaseDatabase } from "@tests/kit/database-pool";

/**
 * The test databases share one local runtime per Jest process (tests/kit/database-pool.ts):
 * a database handed out again starts as a fresh one would, and more databases at once than the
 * runtime has slots still each get their own.
 */
describe("the test kit's shared databases", () => {
  test("a database given back and handed out again starts empty: rows, uploads and rate limits", async () => {
    const first = await createTestDatabase();
    const fresh = await countRows(first.db, ["newsletter_subscribers", "shops"]);
    await first.db.prepare("CREATE TABLE left_behind (id INTEGER)").run();
    await first.env.UPLOADS.put("returns/photo.jpg", "bytes");
    // The write limit (config/shops.json: 60 a minute) used up for one address...
    const writes = async (env: typeof first.env, count: number) => {
      const limiter = env.RATE_LIMIT_WRITE;
      if (!limiter) throw new Error("the test database has no write limiter");
      let allowed = 0;
      for (let i = 0; i < count; i++) if ((await limiter.limit({ key: "203.0.113.9" })).success) allowed++;
      return allowed;
    };
    expect(await writes(first.env, 61)).toBe(60);
    await first.dispose();

    const second = await createTestDatabase();
    try {
      expect(await countRows(second.db, ["newsletter_subscribers", "shops"])).toEqual(fresh);
      expect(await second.db.prepare("SELECT name FROM sqlite_master WHERE name = 'left_behind'").first()).toBeNull();
      expect((await second.env.UPLOADS.list()).objects).toEqual([]);
      // ... counts from zero again.
      expect(await writes(second.env, 60)).toBe(60);
    } finally {
      await second.dispose();
    }
  });

  test("more databases at once than the shared runtime has slots: each its own", async () => {
    const databases = await Promise.all(Array.from({ length: 6 }, () => createTestDatabase()));
    try {
      await Promise.all(databases.map((database, index) => database.db.prepare(`CREATE TABLE only_in_${index} (id INTEGER)`).run()));
      for (const [index, database] of databases.entries()) {
        const { results } = await database.db.prepare("SELECT name FROM sqlite_master WHERE name GLOB 'only_in_*'").all<{ name: string }>();
        expect(results.map((row) => row.name)).toEqual([`only_in_${index}`]);
      }
    } finally {
      await Promise.all(databases.map((database) => database.dispose()));
    }
  });

  test("the migrations applied in one batch leave the database that they leave applied file by file", async () => {
    const objects = async (db: D1Database) =>
      (await db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT GLOB '_cf_*' ORDER BY type, name").all()).results;
    const rows = async (db: D1Database, tables: string[]) =>
      (await db.batch(tables.map((table) => db.prepare(`SELECT '${table}' AS name, COUNT(*) AS n FROM "${table}"`)))).flatMap((answer) => answer.results);
    const leases = [await leaseDatabase(), await leaseDatabase()];
    try {
      const [fileByFile, oneBatch] = leases.map((lease) => lease.db) as [D1Database, D1Database];
      await applyMigrations(fileByFile, "file by file");
      await applyMigrations(oneBatch, "one batch");
      const schema = await objects(fileByFile);
      expect(schema.length).toBeGreaterThan(100);
      expect(await objects(oneBatch)).toEqual(schema);
      const tables = (schema as { type: string; name: string }[]).filter((object) => object.type === "table").map((object) => object.name);
      const counts = await rows(fileByFile, tables);
      expect(counts).toContainEqual({ name: "search_languages", n: 6 });
      expect(await rows(oneBatch, tables)).toEqual(counts);
      const seeded = "SELECT * FROM search_languages ORDER BY rowid";
      expect((await oneBatch.prepare(seeded).all()).results).toEqual((await fileByFile.prepare(seeded).all()).results);
    } finally {
      await Promise.all(leases.map((lease) => lease.release()));
    }
  });
});
