import { createTestDatabase, type TestDatabase } from "../../tests/support/d1";
import { forgetShoppers } from "./forget-shoppers";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const count = async (table: string) => (await t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

test("visitors, their carts and sample orders go; the shops stay", async () => {
  await t.db.batch([
    t.db.prepare("INSERT INTO visitors (id, shop_id, created_at) VALUES ('v1', 'DE', '2026-11-24T00:00:00Z')"),
    t.db.prepare("INSERT INTO carts (visitor_id, shop_id, created_at) VALUES ('v1', 'DE', '2026-11-24T00:00:00Z')"),
  ]);
  const shops = await count("shops");
  await forgetShoppers(t.db);
  expect([await count("visitors"), await count("carts"), await count("shops")]).toEqual([0, 0, shops]);
});
