import type { D1Database } from "@cloudflare/workers-types";
import { awayFromWindowEnd } from "@tests/kit/rate-limiters";
import { commerceCounts, createHarness, stockIn, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

/** A new visitor with these lines in the cart (shop DE unless named); its token and the cart answer of the last add. */
async function cartWith(lines: [string, number][], shop = "DE", language?: string) {
  let token: string | undefined;
  let items: { itemId: number; sku: string; kind: string; quantity: number }[] = [];
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language });
    expect(added.status).toBe(200);
    token ??= added.token;
    items = added.body.data.items;
  }
  return { token: token!, items };
}

const itemPath = (id: number | string) => `/apiv2/cart/items/${id}`;

/** Every cart line (id, quantity): a refused change must leave all of them as they were. */
async function cartRows(db: D1Database) {
  return (await db.prepare("SELECT id, sku, kind, quantity FROM cart_items ORDER BY id").all()).results;
}

describe("PUT /apiv2/cart/items/{itemId}", () => {
  test("sets the line's quantity and answers the cart as GET /apiv2/cart/ does", async () => {
    const { token, items } = await cartWith([
      ["FLOOR-1", 3],
      ["NOEXP-1", 1],
    ]);
    const { status, body } = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 5 }, token });
    expect(body.errors).toEqual([]);
    expect(status).toBe(200);
    expect(body.data.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity])).toEqual([
      ["FLOOR-1", 5],
      ["NOEXP-1", 1],
    ]);
    expect(body.data.totals.goodsValue.amount).toBe(5 * 2995 + 1990);
    expect(body.data.miniCart).toEqual({ itemCount: 2, linkToCart: "/checkout/cart/" });
    expect((await h.call("GET", "/apiv2/cart/", { token })).body.data).toEqual(body.data);
    // lower again: the counter goes both ways
    const lower = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token });
    expect(lower.body.data.items[0].quantity).toBe(1);
  });

  test("the Swiss shop in French links the mini cart to its French cart page", async () => {
    const { token, items } = await cartWith([["FLOOR-1", 1]], "CH", "fr");
    const { body } = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 2 }, token, shop: "CH", language: "fr" });
    expect(body.data.miniCart.linkToCart).toBe("/fr/checkout/cart/");
    expect(body.data.items[0].rowTotal.formattedWithCurrency).toBe("CHF\u00a065.90");
  });

  test("quantity bounds: a whole number from 1 to 9999, within the stock, at least the minimum order quantity", async () => {
    const { token, items } = await cartWith([
      ["FLOOR-1", 2],
      ["FREIGHT-1", 3],
    ]);
    const floor = items[0]!.itemId;
    const freight = items[1]!.itemId;
    const before = await cartRows(h.db);
    const refused: [unknown, number, Record<string, unknown>][] = [
      [{ quantity: 0 }, 422, { code: "invalid", field: "quantity" }],
      [{ quantity: -1 }, 422, { code: "invalid", field: "quantity" }],
      [{ quantity: 1.5 }, 422, { code: "invalid", field: "quantity" }],
      [{ quantity: 10000 }, 422, { code: "invalid", field: "quantity" }],
      [{ quantity: "3" }, 422, { code: "invalid", field: "quantity" }],
      [{ quantity: null }, 422, { field: "quantity" }],
      [{}, 422, { code: "required", field: "quantity" }],
      [{ quantity: 2, sku: "OTHER-1" }, 422, { code: "invalid" }],
      [{ quantity: 2, price: 1 }, 422, { code: "invalid" }],
    ];
    for (const [body, status, error] of refused) {
      const answer = await h.call("PUT", itemPath(floor), { body, token });
      expect([body, answer.status]).toEqual([body, status]);
      expect(answer.body.errors[1]).toMatchObject(error);
    }
    const raw = [
      ['{"quantity": 1e400}', 422],
      ['{"quantity": 2', 400],
      ["[2]", 400],
      ["2", 400],
    ] as const;
    for (const [text, status] of raw) {
      const answer = await h.call("PUT", itemPath(floor), { raw: text, token, headers: { "content-type": "application/json" } });
      expect([text, answer.status]).toEqual([text, status]);
    }
    // the stock (100 packages of FLOOR-1, 50 in DE's database with two databases): all of it, not one more
    const stock = await stockIn(h, "FLOOR-1");
    const over = await h.call("PUT", itemPath(floor), { body: { quantity: stock + 1 }, token });
    expect(over.status).toBe(422);
    expect(over.body.errors[1]).toMatchObject({ code: "quantity_unavailable", params: { available: stock } });
    const max = await h.call("PUT", itemPath(floor), { body: { quantity: 9999 }, token });
    expect(max.body.errors[1]).toMatchObject({ code: "quantity_unavailable" });
    // FREIGHT-1: 2.2 m² a package, at least 4.4 m², so at least 2 packages
    const below = await h.call("PUT", itemPath(freight), { body: { quantity: 1 }, token });
    expect(below.status).toBe(422);
    expect(below.body.errors[1]).toMatchObject({
      code: "minimum_order_quantity",
      field: "quantity",
      params: { value: "4,4", unit: "m²" },
      message: "The minimum order quantity is 4,4 m².",
    });
    expect(await cartRows(h.db)).toEqual(before);
    expect((await h.call("PUT", itemPath(floor), { body: { quantity: stock }, token })).status).toBe(200);
    expect((await h.call("PUT", itemPath(freight), { body: { quantity: 2 }, token })).status).toBe(200);
  });

  test("the stock counts every line of the product (the same SKU with other options)", async () => {
    // half of the stock in one line, the other half left for the line of the same SKU with options
    const half = (await stockIn(h, "CONF-1-1")) / 2;
    const { token } = await cartWith([["CONF-1-1", half]]);
    const configured = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1", quantity: 10, configurableOptions: { shade: "hell" } }, token });
    expect(configured.status).toBe(200);
    const [plain, chosen] = configured.body.data.items as { itemId: number; sku: string }[];
    expect([plain!.sku, chosen!.sku]).toEqual(["CONF-1-1", "CONF-1-1"]);
    const over = await h.call("PUT", itemPath(chosen!.itemId), { body: { quantity: half + 1 }, token });
    expect(over.body.errors[1]).toMatchObject({ code: "quantity_unavailable", params: { available: half } });
    expect((await h.call("PUT", itemPath(chosen!.itemId), { body: { quantity: half }, token })).status).toBe(200);
  });

  test("a line whose product ran out or reached its end of life cannot be changed, only removed", async () => {
    const { token, items } = await cartWith([["LOW-1", 2]]);
    await h.db.prepare("UPDATE products SET stock_qty = 0 WHERE sku = 'LOW-1'").run();
    const out = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token });
    await h.db.prepare("UPDATE products SET reached_eol = 1, stock_qty = 3 WHERE sku = 'LOW-1'").run();
    const eol = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token });
    await h.db.prepare("UPDATE products SET reached_eol = 0 WHERE sku = 'LOW-1'").run();
    expect(out.body.errors[1]).toMatchObject({ code: "out_of_stock", field: "itemId" });
    expect(eol.body.errors[1]).toMatchObject({ code: "end_of_life", field: "itemId" });
    expect((await h.call("DELETE", itemPath(items[0]!.itemId), { token })).status).toBe(200);
  });

  test("a sample's quantity stays 1", async () => {
    const { token } = await cartWith([["FLOOR-1", 1]]);
    expect((await h.call("PUT", "/apiv2/cart/addSampleBySku/S-1", { token })).status).toBe(200);
    const sample = (await h.call("GET", "/apiv2/cart/", { token })).body.data.items.find((item: { kind: string }) => item.kind === "sample");
    const answer = await h.call("PUT", itemPath(sample.itemId), { body: { quantity: 3 }, token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[1]).toMatchObject({ code: "sample_quantity", field: "quantity" });
  });
});

describe("DELETE /apiv2/cart/items/{itemId}", () => {
  test("removes a product's or a sample's line and answers the cart", async () => {
    const { token, items } = await cartWith([
      ["FLOOR-1", 3],
      ["NOEXP-1", 1],
    ]);
    await h.call("PUT", "/apiv2/cart/addSampleBySku/S-2", { token });
    const { status, body } = await h.call("DELETE", itemPath(items[0]!.itemId), { token });
    expect(status).toBe(200);
    expect(body.data.items.map((item: { sku: string }) => item.sku)).toEqual(["NOEXP-1", "S-2"]);
    expect(body.data.totals.goodsValue.amount).toBe(1990);
    const sample = body.data.items[1];
    const rest = await h.call("DELETE", itemPath(sample.itemId), { token });
    expect(rest.body.data.items.map((item: { sku: string }) => item.sku)).toEqual(["NOEXP-1"]);
    expect(rest.body.data.miniCart.itemCount).toBe(1);
    // gone is gone: removing it again names no line
    expect((await h.call("DELETE", itemPath(items[0]!.itemId), { token })).status).toBe(404);
  });
});

describe("lines of another visitor, another shop, or none at all: 404, nothing written", () => {
  test("another visitor's line", async () => {
    const owner = await cartWith([["FLOOR-1", 3]]);
    const other = await cartWith([["NOEXP-1", 1]]);
    const id = owner.items[0]!.itemId;
    const before = await cartRows(h.db);
    const put = await h.call("PUT", itemPath(id), { body: { quantity: 1 }, token: other.token });
    const del = await h.call("DELETE", itemPath(id), { token: other.token });
    expect([put.status, del.status]).toEqual([404, 404]);
    expect(put.body.errors[0]).toMatchObject({ code: "not_found" });
    expect(await cartRows(h.db)).toEqual(before);
    // the other visitor's own cart is untouched too
    expect((await h.call("GET", "/apiv2/cart/", { token: other.token })).body.data.items).toHaveLength(1);
  });

  test("the visitor's own line asked for through another shop", async () => {
    const { token, items } = await cartWith([["FLOOR-1", 3]]);
    const before = await cartRows(h.db);
    expect((await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token, shop: "CH" })).status).toBe(404);
    expect((await h.call("DELETE", itemPath(items[0]!.itemId), { token, shop: "COM" })).status).toBe(404);
    expect(await cartRows(h.db)).toEqual(before);
  });

  test("no token or an unknown token: 404 and no visitor is created", async () => {
    const { items } = await cartWith([["FLOOR-1", 3]]);
    const before = await commerceCounts(h.db);
    const rows = await cartRows(h.db);
    for (const token of [undefined, "x".repeat(43)]) {
      const put = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token });
      const del = await h.call("DELETE", itemPath(items[0]!.itemId), { token });
      expect([put.status, del.status, put.token, del.token]).toEqual([404, 404, undefined, undefined]);
    }
    expect(await commerceCounts(h.db)).toEqual(before);
    expect(await cartRows(h.db)).toEqual(rows);
  });

  test("a visitor unused for 30 days no longer owns its lines", async () => {
    const { token, items } = await cartWith([["FLOOR-1", 3]]);
    const rows = await cartRows(h.db);
    h.setNow("2026-12-18T08:00:01Z");
    try {
      const put = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 1 }, token });
      const del = await h.call("DELETE", itemPath(items[0]!.itemId), { token });
      expect([put.status, del.status]).toEqual([404, 404]);
    } finally {
      h.setNow("2026-11-18T08:00:00Z");
    }
    expect(await cartRows(h.db)).toEqual(rows);
  });

  test.each([
    ["0"],
    ["-1"],
    ["01"],
    ["1.5"],
    ["1e3"],
    ["abc"],
    ["0x10"],
    ["%31"],
    ["1%20OR%201=1"],
    ["1'--"],
    ["1;DELETE%20FROM%20cart_items"],
    ["9".repeat(16)],
    ["%00"],
    ["999999999"],
  ])("hostile or unknown id %s", async (id) => {
    const { token } = await cartWith([["FLOOR-1", 3]]);
    const before = await cartRows(h.db);
    const put = await h.call("PUT", itemPath(id), { body: { quantity: 1 }, token });
    const del = await h.call("DELETE", itemPath(id), { token });
    expect([put.status, del.status]).toEqual([404, 404]);
    expect(await cartRows(h.db)).toEqual(before);
  });
});

describe("idempotent and rate limited like every shop write", () => {
  test("the same Idempotency-Key runs a change once and replays its answer", async () => {
    const { token, items } = await cartWith([
      ["FLOOR-1", 3],
      ["NOEXP-1", 1],
    ]);
    const headers = { "idempotency-key": "cart-line-1" };
    const first = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 4 }, token, headers });
    await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 6 }, token });
    const second = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 4 }, token, headers });
    expect(second.body).toEqual(first.body);
    // the replay did not set the quantity back to 4
    expect((await h.call("GET", "/apiv2/cart/", { token })).body.data.items[0].quantity).toBe(6);
    const reused = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 5 }, token, headers });
    expect(reused.body.errors[0]).toMatchObject({ code: "idempotency_key_reused" });

    const removeHeaders = { "idempotency-key": "cart-line-remove-1" };
    const removed = await h.call("DELETE", itemPath(items[1]!.itemId), { token, headers: removeHeaders });
    const again = await h.call("DELETE", itemPath(items[1]!.itemId), { token, headers: removeHeaders });
    expect([removed.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(removed.body);
  });

  test("one client address gets 429 after the write limit (60 a minute), and the refused change is not made", async () => {
    const { token, items } = await cartWith([["FLOOR-1", 1]]);
    // 62 writes in one window of the limiter, even on a loaded machine: at least 30 s of the window left.
    await awayFromWindowEnd(60, 30_000);
    const headers = { "cf-connecting-ip": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 2 }, token, headers })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await h.call("PUT", itemPath(items[0]!.itemId), { body: { quantity: 3 }, token, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toMatchObject({ code: "rate_limited" });
    const deleted = await h.call("DELETE", itemPath(items[0]!.itemId), { token, headers });
    expect(deleted.status).toBe(429);
    expect((await h.call("GET", "/apiv2/cart/", { token })).body.data.items[0].quantity).toBe(2);
    // Up to 30 s of waiting for the window, then 30 s for the writes: within the suite's timeout.
  });
});
