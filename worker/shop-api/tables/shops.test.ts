import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { allShops } from "../core/shop";
import { readShopRows, shopRowOf, syncShops, SYNCED_COLUMNS, type ShopRow } from "./shops";

const synced = (row: ShopRow) => Object.fromEntries(SYNCED_COLUMNS.map((column) => [column, row[column]]));

describe("the D1 shops table is a copy of config/shops.json", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  it("holds exactly the configured shops after a migration apply", async () => {
    const rows = await readShopRows(test.db);
    const expected = allShops().map((shop) => synced(shopRowOf(shop, new Date())));
    expect(rows.map(synced)).toEqual(expected.sort((a, b) => String(a.id).localeCompare(String(b.id))));
  });

  it("puts a drifted row back and removes a shop the config does not have", async () => {
    await test.db.batch([
      test.db.prepare("UPDATE shops SET tax_rate = 7, name = 'Drifted' WHERE id = 'DE'"),
      test.db.prepare(
        "INSERT INTO shops (id, name, currency, default_language, languages, domain_prefixes, delivery_countries, tax_rate, base_url, updated_at) VALUES ('XX', 'Gone', 'EUR', 'de', '[]', '[]', '[]', 19, 'https://x.example/', '2026-01-01')",
      ),
    ]);
    await syncShops(test.db, allShops(), new Date());
    const rows = await readShopRows(test.db);
    expect(rows.map((row) => row.id)).not.toContain("XX");
    expect(rows.find((row) => row.id === "DE")).toMatchObject({ tax_rate: 19, name: "Bodenhaus Deutschland" });
  });

  it("keeps updated_at when nothing changed, so the build sees no change", async () => {
    const before = await readShopRows(test.db);
    await syncShops(test.db, allShops(), new Date(Date.now() + 60_000));
    expect(await readShopRows(test.db)).toEqual(before);
  });
});
