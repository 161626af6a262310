import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";
import { everyShopDatabase, everyShopDatabaseOf, orderDatabase, shopDatabase, shopDatabaseMap } from "./shop-database";

/** A binding that only says which one it is: the routing is about identity, the rows are tested in tests/unit/shop-databases.test.ts. */
const binding = (name: string) => ({ name, prepare: () => null, batch: () => null }) as unknown as D1Database;
const DB = binding("DB");
const SECOND = binding("DB_ORDERS_2");
const env = (SHOP_DATABASES?: string, extra: Record<string, unknown> = {}) => ({ DB, DB_ORDERS_2: SECOND, SHOP_DATABASES, ...extra }) as unknown as ShopApiEnv;

test("unset or empty: every shop uses DB", () => {
  for (const value of [undefined, "", "  "]) {
    expect(shopDatabase(env(value), "DE")).toBe(DB);
    expect(shopDatabase(env(value), "CH")).toBe(DB);
  }
});

test("a mapped shop uses its binding, the others DB; DB may be named", () => {
  const mapping = JSON.stringify({ CH: "DB_ORDERS_2", COM: "DB_ORDERS_2", DE: "DB" });
  expect(shopDatabase(env(mapping), "CH")).toBe(SECOND);
  expect(shopDatabase(env(mapping), "COM")).toBe(SECOND);
  expect(shopDatabase(env(mapping), "DE")).toBe(DB);
  expect(shopDatabase(env(mapping), "AT")).toBe(DB);
});

test("a mapping that is not an object of binding names is refused, naming the problem", () => {
  expect(() => shopDatabaseMap("{")).toThrow("SHOP_DATABASES is not JSON");
  for (const value of ["[]", "null", '"DB"', "42"]) expect(() => shopDatabaseMap(value)).toThrow("must be an object");
  expect(() => shopDatabaseMap('{"CH": 2}')).toThrow('shop "CH" names no binding');
  expect(() => shopDatabaseMap('{"CH": "db-orders"}')).toThrow("names no binding");
  expect(() => shopDatabaseMap('{"CH": "DB; DROP"}')).toThrow("names no binding");
});

test("a binding that is missing or not a D1 database fails the shop rather than fall back to DB", () => {
  expect(() => shopDatabase(env('{"CH":"DB_ORDERS_3"}'), "CH")).toThrow("DB_ORDERS_3, which is not a D1 binding");
  expect(() => shopDatabase(env('{"CH":"ASSETS"}', { ASSETS: { fetch: () => null } }), "CH")).toThrow("ASSETS, which is not a D1 binding");
  expect(() => shopDatabase(env('{"CH":"SHOP_DATABASES"}'), "CH")).toThrow("not a D1 binding");
  // Names from the object's prototype are no bindings.
  expect(() => shopDatabase(env('{"CH":"CONSTRUCTOR"}'), "CH")).toThrow("not a D1 binding");
  expect(shopDatabase(env('{"__proto__":"DB_ORDERS_2"}'), "__proto__")).toBe(SECOND);
  expect(shopDatabase(env('{"__proto__":"DB_ORDERS_2"}'), "DE")).toBe(DB);
});

test("every shop database once, DB first; an order's database by the shop its number begins with", () => {
  expect(everyShopDatabase(env())).toEqual([DB]);
  expect(everyShopDatabase(env('{"CH":"DB_ORDERS_2","COM":"DB_ORDERS_2","DE":"DB"}'))).toEqual([DB, SECOND]);
  expect(everyShopDatabase(env('{"CH":"DB_ORDERS_2"}'))[0]).toBe(DB);
  expect(() => everyShopDatabase(env('{"CH":"DB_ORDERS_3"}'))).toThrow("DB_ORDERS_3, which is not a D1 binding");
  const split = env('{"CH":"DB_ORDERS_2"}');
  expect(orderDatabase(split, "CH-100001")).toBe(SECOND);
  expect(orderDatabase(split, "DE-100001")).toBe(DB);
  // A number of no mapped shop, or no number at all, reads DB (where it is not found).
  for (const number of ["XX-1", "100001", "-CH-1", "", "ch-100001"]) expect(orderDatabase(split, number)).toBe(DB);
});

test("every shop database with the shops it holds: DB those not named elsewhere, a shop id not configured in none", () => {
  const shops = ["DE", "CH", "AT", "COM"];
  expect(everyShopDatabaseOf(env(), shops)).toEqual([{ db: DB, binding: "DB", shops }]);
  expect(everyShopDatabaseOf(env('{"CH":"DB_ORDERS_2","COM":"DB_ORDERS_2","DE":"DB","XX":"DB_ORDERS_2"}'), shops)).toEqual([
    { db: DB, binding: "DB", shops: ["DE", "AT"] },
    { db: SECOND, binding: "DB_ORDERS_2", shops: ["CH", "COM"] },
  ]);
  expect(() => everyShopDatabaseOf(env('{"CH":"DB_ORDERS_3"}'), shops)).toThrow("DB_ORDERS_3, which is not a D1 binding");
});
