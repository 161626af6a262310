import { commerceCounts, createHarness, stockIn, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

async function newVisitor(): Promise<string> {
  const { token } = await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "de" } });
  return token as string;
}

describe("GET /apiv2/cart/", () => {
  test("without a token answers an empty cart and hands out no token", async () => {
    const before = await commerceCounts(h.db);
    const { status, body, token } = await h.call("GET", "/apiv2/cart/");
    expect(status).toBe(200);
    expect(body.data.items).toEqual([]);
    expect(body.data.miniCart).toEqual({ itemCount: 0, linkToCart: "/checkout/cart/" });
    expect(token).toBeUndefined();
    expect(await commerceCounts(h.db)).toEqual(before);
  });
});

test("reading the cart and a product's delivery are each one D1 round trip", async () => {
  const token = await newVisitor();
  h.takeRoundTrips();
  expect((await h.call("GET", "/apiv2/cart/", { token })).status).toBe(200);
  expect(h.takeRoundTrips()).toBe(1);
  expect((await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/2", { token })).status).toBe(200);
  expect(h.takeRoundTrips()).toBe(1);
});

describe("POST /apiv2/cart/", () => {
  test("a guest's first add creates a visitor, returns its token and the cart with totals", async () => {
    const { status, body, token: handed } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 3 } });
    expect(status).toBe(200);
    expect(body.errors).toEqual([]);
    const token = handed as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.items).toHaveLength(1);
    expect(body.data.items[0]).toMatchObject({ sku: "FLOOR-1", quantity: 3, name: "Produkt FLOOR-1", unit: { code: "SQM", label: "m²" } });
    expect(body.data.items[0].rowTotal.formattedWithCurrency).toBe("89,85\u00a0€");
    expect(body.data.totals.goodsValue.amount).toBe(8985);
    expect(body.data.totals.tax.amount.amount).toBe(Math.round(8985 - 8985 / 1.19));
    expect(body.data.totals.tax.label).toBe("inkl. 19% MwSt.");
    expect(body.data.totals.prepaymentDiscount).toMatchObject({ percentage: 2, amount: { amount: 180 } });
    expect(body.data.miniCart.itemCount).toBe(1);
    expect(body.data.addToCartCount).toBe(3);

    // the token reads the same cart; adding again sums the line
    const again = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" }, token });
    expect(again.token).toBeUndefined();
    expect(again.body.data.items[0].quantity).toBe(4);
    const read = await h.call("GET", "/apiv2/cart/", { token });
    expect(read.body.data.items[0].quantity).toBe(4);
  });

  test("the quantity defaults to 1", async () => {
    const { body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "NOEXP-1" } });
    expect(body.data.items[0].quantity).toBe(1);
  });

  test("prices and currency follow the shop (CHF in the Swiss shop)", async () => {
    const { body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, shop: "CH", language: "fr" });
    expect(body.data.totals.currency).toBe("CHF");
    expect(body.data.items[0].rowTotal.formattedWithCurrency).toBe("CHF\u00a065.90");
    expect(body.data.totals.tax.label).toBe("TVA 8,1% incluse");
  });

  test("a cart belongs to one shop", async () => {
    const token = await newVisitor();
    await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" }, token });
    const ch = await h.call("GET", "/apiv2/cart/", { token, shop: "CH" });
    expect(ch.body.data.items).toEqual([]);
  });

  test.each([
    ["OOS-1", "out_of_stock", "This product is out of stock."],
    ["EOL-1", "end_of_life", "This product has reached the end of its life and is no longer available."],
    ["NOPE-404", "unknown_product", "The requested product does not exist."],
  ])("%s is refused (%s) and nothing is written", async (sku, code, message) => {
    const before = await commerceCounts(h.db);
    const { status, body } = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity: 1 } });
    expect(status).toBe(422);
    expect(body.data).toBeNull();
    expect(body.errors[0]!.message).toBe("The given data was invalid.");
    expect(body.errors[1]).toMatchObject({ code, message, field: "sku" });
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("a product of another shop is unknown there", async () => {
    const { status, body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "DEONLY-1" }, shop: "CH" });
    expect(status).toBe(422);
    expect(body.errors[1]!.code).toBe("unknown_product");
  });

  test("the minimum order quantity is enforced with value and unit", async () => {
    const before = await commerceCounts(h.db);
    const { status, body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FREIGHT-1", quantity: 1 } });
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({
      code: "minimum_order_quantity",
      message: "The minimum order quantity is 4,4 m².",
      params: { value: "4,4", unit: "m²" },
    });
    expect(await commerceCounts(h.db)).toEqual(before);
    const ok = await h.call("POST", "/apiv2/cart/", { body: { sku: "FREIGHT-1", quantity: 2 } });
    expect(ok.status).toBe(200);
  });

  test.each([
    ["COM", "en", "4.4"],
    ["CH", "fr", "4,4"],
  ])("the minimum order quantity reads as the page's language writes numbers (%s, %s: %s)", async (shop, language, value) => {
    const { status, body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FREIGHT-1", quantity: 1 }, shop, language });
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({ code: "minimum_order_quantity", params: { value } });
  });

  test("stock is enforced, also across several adds", async () => {
    const token = await newVisitor();
    // LOW-1: 3 packages (2 in DE's database with two databases)
    const stock = await stockIn(h, "LOW-1");
    expect(stock).toBeGreaterThanOrEqual(2);
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: stock + 1 }, token })).body.errors[1]).toMatchObject({
      code: "quantity_unavailable",
      params: { available: stock },
    });
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: stock - 1 }, token })).status).toBe(200);
    const refused = await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: 2 }, token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[1]).toMatchObject({ code: "quantity_unavailable", params: { available: 1 } });
    const read = await h.call("GET", "/apiv2/cart/", { token });
    expect(read.body.data.items[0].quantity).toBe(stock - 1);
  });

  test("two concurrent adds to the same cart lose nothing", async () => {
    const token = await newVisitor();
    const results = await Promise.all([
      h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, token }),
      h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 5 }, token }),
      h.call("POST", "/apiv2/cart/", { body: { sku: "NOEXP-1", quantity: 1 }, token }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const read = await h.call("GET", "/apiv2/cart/", { token });
    const bySku = Object.fromEntries(read.body.data.items.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity]));
    expect(bySku).toEqual({ "FLOOR-1": 7, "NOEXP-1": 1 });
  });

  test("concurrent adds never push a line past the stock", async () => {
    const token = await newVisitor();
    const stock = await stockIn(h, "LOW-1");
    const results = await Promise.all([1, 2, 3, 4].map(() => h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: 1 }, token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(stock);
    const read = await h.call("GET", "/apiv2/cart/", { token });
    expect(read.body.data.items[0].quantity).toBe(stock);
  });

  test("configurable options are validated against the product and pick the variant", async () => {
    const token = await newVisitor();
    const missing = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1" }, token });
    expect(missing.body.errors[1]).toMatchObject({ code: "configuration_unavailable", message: "The selected configuration is not available." });
    const wrong = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1", configurableOptions: { shade: "lila" } }, token });
    expect(wrong.body.errors[1]!.code).toBe("configuration_unavailable");
    const unknownAttribute = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1", configurableOptions: { shade: "hell", size: "xl" } }, token });
    expect(unknownAttribute.body.errors[1]!.code).toBe("configuration_unavailable");
    const soldOutVariant = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1", configurableOptions: { shade: "dunkel" } }, token });
    expect(soldOutVariant.body.errors[1]!.code).toBe("out_of_stock");
    const ok = await h.call("POST", "/apiv2/cart/", { body: { sku: "CONF-1", configurableOptions: { shade: "hell" } }, token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.items[0]).toMatchObject({ sku: "CONF-1-1", options: { shade: "hell" } });
    const simpleWithOptions = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", configurableOptions: { shade: "hell" } }, token });
    expect(simpleWithOptions.body.errors[1]!.code).toBe("configuration_unavailable");
  });

  test("a known visitor's add and a guest's first add are each one D1 round trip", async () => {
    const token = await newVisitor();
    h.takeRoundTrips();
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 }, token })).status).toBe(200);
    expect(h.takeRoundTrips()).toBe(1);
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" } })).status).toBe(200);
    expect(h.takeRoundTrips()).toBe(1);
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "OOS-1" }, token })).status).toBe(422);
    expect(h.takeRoundTrips()).toBe(1);
  });

  test("a token whose visitor is gone gets a new visitor and token; nothing is written for the old one", async () => {
    const stale = "A".repeat(43);
    const { status, token } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" }, token: stale });
    expect(status).toBe(200);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(stale);
    expect((await h.call("GET", "/apiv2/cart/", { token: token as string })).body.data.items).toHaveLength(1);
    expect((await h.call("GET", "/apiv2/cart/", { token: stale })).body.data.items).toEqual([]);
  });

  test("a refused guest's add creates no visitor and hands out no token", async () => {
    const before = await commerceCounts(h.db);
    const { body, token } = await h.call("POST", "/apiv2/cart/", { body: { sku: "LOW-1", quantity: 4 } });
    expect(body.errors[1]!.code).toBe("quantity_unavailable");
    expect(token).toBeUndefined();
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("a desired date is kept on the line", async () => {
    const { body } = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", desiredDate: { type: 1, month: 3, date: "2026-12-01" } } });
    expect(body.data.items[0].desiredDate).toEqual({ type: 1, month: 3, date: "2026-12-01" });
  });
});

describe("POST /configuration/cart/add (form data)", () => {
  test("adds the configured variant and the related product", async () => {
    const form = new URLSearchParams({ form_key: "abc", product: "CONF-1", related_product: "FLOOR-1", "options[shade]": "hell" });
    const { status, body, token } = await h.call("POST", "/configuration/cart/add", {
      raw: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(status).toBe(200);
    expect(body.data.items.map((i: { sku: string }) => i.sku)).toEqual(["CONF-1-1", "FLOOR-1"]);
    expect(token).toBeDefined();
  });

  test("also under /apiv2/ (the edge proxies only API paths), multipart too", async () => {
    const form = new FormData();
    form.set("form_key", "abc");
    form.set("product", "CONF-1");
    form.set("shade", "hell");
    const { status } = await h.call("POST", "/apiv2/configuration/cart/add", { raw: form });
    expect(status).toBe(200);
  });

  test("missing form_key and product: 'Missing required fields', nothing written", async () => {
    const before = await commerceCounts(h.db);
    const { status, body } = await h.call("POST", "/configuration/cart/add", {
      raw: new URLSearchParams({ shade: "hell" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(status).toBe(422);
    expect(body.errors[0]!.message).toBe("Missing required fields");
    expect(body.errors.slice(1).map((e) => [e.field, e.message])).toEqual([
      ["form_key", "This field is required"],
      ["product", "This field is required"],
    ]);
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("a refused related product refuses the whole add: nothing is written", async () => {
    const token = await newVisitor();
    const before = await commerceCounts(h.db);
    const form = new URLSearchParams({ form_key: "abc", product: "CONF-1", related_product: "OOS-1", "options[shade]": "hell" });
    const { status, body } = await h.call("POST", "/configuration/cart/add", {
      raw: form,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      token,
    });
    expect(status).toBe(422);
    expect(body.errors[1]).toMatchObject({ code: "out_of_stock", field: "related_product" });
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("an option the product does not have is refused", async () => {
    const form = new URLSearchParams({ form_key: "abc", product: "CONF-1", "options[shade]": "hell", "options[colour]": "red" });
    const { status, body } = await h.call("POST", "/configuration/cart/add", { raw: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(status).toBe(422);
    expect(body.errors[1]!.code).toBe("configuration_unavailable");
  });
});

describe("PUT /cart/addSampleBySku/{sku}", () => {
  test("answers the new mini-cart item count", async () => {
    const first = await h.call("PUT", "/cart/addSampleBySku/S-1");
    expect(first.status).toBe(200);
    expect(first.body.data).toBe(1);
    const token = first.token as string;
    await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" }, token });
    expect((await h.call("PUT", "/apiv2/cart/addSampleBySku/S-2", { token })).body.data).toBe(3);
    // the same sample twice stays one line
    expect((await h.call("PUT", "/cart/addSampleBySku/S-2", { token })).body.data).toBe(3);
    const cart = await h.call("GET", "/apiv2/cart/", { token });
    expect(cart.body.data.items.filter((i: { kind: string }) => i.kind === "sample")).toHaveLength(2);
    expect(cart.body.data.totals.goodsValue.amount).toBe(2995);
  });

  test("one D1 round trip", async () => {
    const token = (await h.call("PUT", "/cart/addSampleBySku/S-1")).token as string;
    h.takeRoundTrips();
    expect((await h.call("PUT", "/cart/addSampleBySku/S-2", { token })).status).toBe(200);
    expect(h.takeRoundTrips()).toBe(1);
  });

  test("samples only for products whose samples are active (and not at their end of life); at most 7", async () => {
    const before = await commerceCounts(h.db);
    expect((await h.call("PUT", "/cart/addSampleBySku/NOSAMPLE-1")).body.errors[1]!.code).toBe("samples_unavailable");
    expect((await h.call("PUT", "/cart/addSampleBySku/EOL-1")).body.errors[1]!.code).toBe("samples_unavailable");
    expect((await h.call("PUT", "/cart/addSampleBySku/NOPE-404")).body.errors[1]!.code).toBe("unknown_product");
    expect(await commerceCounts(h.db)).toEqual(before);
    const token = (await h.call("PUT", "/cart/addSampleBySku/S-1")).token as string;
    const results = await Promise.all(
      ["S-2", "S-3", "S-4", "S-5", "S-6", "S-7", "S-8", "S-9"].map((sku) => h.call("PUT", `/cart/addSampleBySku/${sku}`, { token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(6);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.errors[0]!.code === "sample_cart_full")).toBe(true);
    const cart = await h.call("GET", "/apiv2/cart/", { token });
    expect(cart.body.data.items).toHaveLength(7);
  });
});
