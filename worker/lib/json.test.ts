import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { jsonList, parseJsonOr } from "./json";
import { sql } from "./sql";

describe("parseJsonOr", () => {
  test("parses JSON text", () => {
    expect(parseJsonOr<Record<string, string>>('{"shade":"hell"}', {})).toEqual({ shade: "hell" });
    expect(parseJsonOr<number[]>("[1,2]", [])).toEqual([1, 2]);
  });

  test.each([
    ["absent", null],
    ["undefined", undefined],
    ["empty", ""],
    ["broken", "{shade: hell"],
    ["cut off", '["a", "b"'],
  ])("%s text gives the fallback", (_name, text) => {
    expect(parseJsonOr(text, "fallback")).toBe("fallback");
  });
});

describe("jsonList", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  test("binds the whole list as one parameter", () => {
    expect(jsonList(["a", "b", "c"]).params).toEqual(['["a","b","c"]']);
  });

  test("matches exactly the given keys, hostile ones as plain values, beyond D1's 100 bound values", async () => {
    const keys = [...Array.from({ length: 150 }, (_, i) => `k${i}`), "x' OR 1=1 --", '"quoted"', "DE"];
    const { results } = await sql`SELECT value AS key FROM ${jsonList(keys)} WHERE value IN ${jsonList(["k149", "x' OR 1=1 --", '"quoted"', "none"])}`
      .prepare(database.db)
      .all<{ key: string }>();
    expect(results.map((row) => row.key)).toEqual(["k149", "x' OR 1=1 --", '"quoted"']);
    const shops = await sql`SELECT id FROM shops WHERE id IN ${jsonList(["DE", "CH"])} ORDER BY id`.prepare(database.db).all<{ id: string }>();
    expect(shops.results.map((row) => row.id)).toEqual(["CH", "DE"]);
  });

  test("an empty list matches nothing", async () => {
    const row = await sql`SELECT COUNT(*) AS n FROM shops WHERE id IN ${jsonList([])}`.prepare(database.db).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});
