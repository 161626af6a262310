import { createTestDatabase, countRows } from "@tests/kit/d1";

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
});
