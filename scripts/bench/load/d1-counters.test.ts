import { isWriteSql, routeOf } from "./d1-counters";

test("statements that change rows count as writes, also after comments and a WITH clause", () => {
  for (const sql of [
    "INSERT INTO carts (id) VALUES (?)",
    "  update products SET stock_qty = stock_qty - 1",
    "DELETE FROM cart_items WHERE cart_id = ?",
    "REPLACE INTO write_guards VALUES (?)",
    "-- take the stock\nUPDATE products SET stock_qty = 0",
    "/* guarded */ INSERT INTO orders SELECT * FROM staged",
    "WITH due AS (SELECT id FROM mail_outbox) UPDATE mail_outbox SET lease = 1 WHERE id IN (SELECT id FROM due)",
    "CREATE TABLE IF NOT EXISTS bench_write_floor (id INTEGER PRIMARY KEY)",
  ])
    expect([sql, isWriteSql(sql)]).toEqual([sql, true]);
});

test("reads are no writes, whatever words their strings or names hold", () => {
  for (const sql of [
    "SELECT 1",
    "SELECT 'INSERT INTO x' AS text",
    "select * from updates_log",
    "WITH recent AS (SELECT * FROM orders) SELECT * FROM recent",
    "PRAGMA table_info(orders)",
    "",
  ])
    expect([sql, isWriteSql(sql)]).toEqual([sql, false]);
});

test("D1 calls are counted by route: API paths up to the first named thing, every page as one", () => {
  expect(routeOf("/apiv2/environment")).toBe("/apiv2/environment");
  expect(routeOf("/apiv2/search/suggestions")).toBe("/apiv2/search/suggestions");
  expect(routeOf("/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/2")).toBe("/apiv1/product/byId");
  expect(routeOf("/apiv2/checkout/order/DE-100001")).toBe("/apiv2/checkout/order");
  expect(routeOf("/fr/apiv2/cart/")).toBe("/apiv2/cart");
  expect(routeOf("/admin/orders/DE-100001/events")).toBe("/admin/orders");
  expect(routeOf("/graphql")).toBe("/graphql");
  for (const page of ["/", "/parkett.html", "/fr/", "/massivholzdiele-eiche-100070.html", "/apiv2-fake.html", "/customer/account/Login/"])
    expect([page, routeOf(page)]).toEqual([page, "page"]);
});
