import { createTestDatabase } from "../support/d1";

test("a test database has every catalogue table", async () => {
  const { db, dispose } = await createTestDatabase();
  try {
    const rows = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string }>();
    expect(rows.results.map((r) => r.name)).toEqual(expect.arrayContaining(["products", "prices", "product_changes", "shops"]));
  } finally {
    await dispose();
  }
});
