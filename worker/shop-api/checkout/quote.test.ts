import type { D1Database } from "@cloudflare/workers-types";
import type { CheckoutQuote, QuoteMode } from "@domain/checkout";
import { includedTax } from "@domain/money";
import { commerceCounts, createHarness, giveAccount, stockIn, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

/** A new visitor with these lines in the cart (shop DE unless named). */
async function cartWith(lines: [string, number][], shop = "DE", language?: string): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  return token!;
}

async function quote(token: string | undefined, query = "", options: { shop?: string; language?: string } = {}): Promise<CheckoutQuote> {
  const { status, body } = await h.call("GET", `/apiv2/checkout/quote${query ? `?${query}` : ""}`, { token, ...options });
  expect(body.errors).toEqual([]);
  expect(status).toBe(200);
  return body.data as CheckoutQuote;
}

const modeOf = (q: CheckoutQuote, mode: string): QuoteMode => q.modes.find((m) => m.mode === mode)!;
const reasons = (q: CheckoutQuote) => Object.fromEntries(q.modes.map((m) => [m.mode, m.available ? "available" : m.reason]));
const setProduct = (sql: string) => h.db.prepare(sql).run();

async function writeCounts(db: D1Database) {
  const counts = await commerceCounts(db);
  for (const table of ["orders", "mail_outbox", "idempotency_keys"])
    counts[table] = (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  return counts;
}

describe("GET /apiv2/checkout/quote", () => {
  test("a cart in Germany: lines, every mode, shipping, totals with tax, what prepayment saves; one D1 round trip", async () => {
    const token = await cartWith([["FLOOR-1", 3]]);
    const price = (await h.db.prepare("SELECT unit_price FROM prices WHERE sku = 'FLOOR-1' AND shop_id = 'DE'").first<{ unit_price: number }>())!;
    const stock = await stockIn(h, "FLOOR-1");
    h.takeRoundTrips();
    const q = await quote(token);
    expect(h.takeRoundTrips()).toBe(1);
    expect(q.currency).toBe("EUR");
    expect(q.country).toEqual({ code: "de", name: "Deutschland" });
    expect(q.countries).toHaveLength(27);
    expect(q.countries[0]).toEqual({ code: "de", name: "Deutschland" });
    expect(q.lines).toEqual([
      expect.objectContaining({
        sku: "FLOOR-1",
        kind: "product",
        name: "Produkt FLOOR-1",
        link: "/produkt-floor-1.html",
        image: { src: "/images/floor-1.jpg", alt: "Produkt FLOOR-1" },
        quantity: 3,
        packageContent: 2,
        unit: "SQM",
        unitLabel: "m²",
        minimumQuantity: 1,
        maxQuantity: stock,
        problem: null,
      }),
    ]);
    expect(q.lines[0]!.itemId).toEqual(expect.any(Number));
    expect(q.lines[0]!.packagePrice).toMatchObject({ amount: 2995, formattedWithCurrency: "29,95\u00a0€" });
    expect(q.lines[0]!.unitPrice.amount).toBe(price.unit_price);
    expect(q.lines[0]!.rowTotal.amount).toBe(8985);
    expect(q.samples).toEqual([]);
    expect(q.mode).toBe("standard");
    expect(q.modes).toEqual([
      { mode: "standard", available: true, reason: null, cost: expect.objectContaining({ amount: 595 }), date: "2026-11-20", latestDate: "2026-11-24" },
      { mode: "requested_date", available: true, reason: null, cost: expect.objectContaining({ amount: 595 }), date: "2026-11-20", latestDate: "2027-11-18" },
      { mode: "on_call_storage", available: false, reason: "account_required", cost: null, date: null, latestDate: null },
      { mode: "express", available: true, reason: null, cost: expect.objectContaining({ amount: 595 + 1000 }), date: "2026-11-19", latestDate: "2026-11-19" },
    ]);
    expect(q.desiredDate).toEqual({ earliest: "2026-11-20", latest: "2027-11-18" });
    expect(q.shipping).toMatchObject({ group: "parcel", isFree: false, noFreeShipping: null, isIsland: false, surcharges: [] });
    expect(q.shipping!.cost.amount).toBe(595);
    expect(q.shipping!.freeFrom!.formattedWithCurrency).toBe("1.200,00\u00a0€");
    expect(q.prepayment).toEqual({ percent: 2, saving: expect.objectContaining({ amount: 180 }) });
    expect(q.paymentMethods).toEqual([
      { code: "prepayment", kind: "offline" },
      { code: "invoice", kind: "offline" },
      { code: "cash_on_delivery", kind: "offline" },
    ]);
    expect(q.totals.goods.amount).toBe(8985);
    expect(q.totals.discount.amount).toBe(0);
    expect(q.totals.shipping.amount).toBe(595);
    expect(q.totals.tax.amount).toBe(includedTax(8985, 19) + includedTax(595, 19));
    expect(q.totals.taxLabel).toBe("inkl. 19% MwSt.");
    expect(q.totals.grand.amount).toBe(8985 + 595);
    expect(q.expectedTotal).toBe(8985 + 595);
    expect(q).toMatchObject({ canCheckout: true, problems: [] });
  });

  test("prepayment: the 2 % saving on the goods value is always shown, and taken off the total when paying in advance", async () => {
    const token = await cartWith([
      ["FLOOR-1", 3],
      ["NOEXP-1", 2],
    ]);
    const goods = 3 * 2995 + 2 * 1990;
    const invoice = await quote(token, "payment=invoice");
    const prepaid = await quote(token, "payment=prepayment");
    expect(invoice.prepayment.saving.amount).toBe(Math.round(goods * 0.02));
    expect(prepaid.prepayment.saving.amount).toBe(Math.round(goods * 0.02));
    expect(invoice.totals.discount.amount).toBe(0);
    expect(prepaid.totals.discount.amount).toBe(Math.round(goods * 0.02));
    expect(invoice.expectedTotal - prepaid.expectedTotal).toBe(prepaid.prepayment.saving.amount);
    expect(prepaid.totals.tax.amount).toBe(includedTax(goods - Math.round(goods * 0.02), 19) + includedTax(595, 19));
  });

  describe("delivery modes: available or unavailable with the reason", () => {
    test("express: to mainland Germany only, only when every item can go express; the fee as a surcharge", async () => {
      const token = await cartWith([["FLOOR-1", 1]]);
      const express = await quote(token, "mode=express");
      expect(express.mode).toBe("express");
      expect(express.shipping!.cost.amount).toBe(595 + 1000);
      expect(express.shipping!.surcharges).toEqual([{ type: "express", amount: expect.objectContaining({ amount: 1000 }) }]);
      expect(express.totals.shipping.amount).toBe(1595);

      expect(reasons(await quote(token, "country=nl"))).toMatchObject({ express: "country" });
      const island = await quote(token, "country=de&postcode=25980&mode=express");
      expect(reasons(island)).toMatchObject({ express: "island", standard: "available" });
      // express was asked for but is not possible: priced as standard
      expect(island.mode).toBe("standard");

      const items = await cartWith([
        ["FLOOR-1", 1],
        ["NOEXP-1", 1],
      ]);
      expect(reasons(await quote(items, "mode=express"))).toMatchObject({ express: "items" });
    });

    test("storage on call: needs an account, then an order value from 1200", async () => {
      const guest = await cartWith([["FREIGHT-1", 3]]);
      expect(modeOf(await quote(guest, "mode=on_call_storage"), "on_call_storage")).toMatchObject({ available: false, reason: "account_required" });
      const small = await cartWith([["FLOOR-1", 2]]);
      await giveAccount(h.db, small);
      expect(modeOf(await quote(small), "on_call_storage")).toMatchObject({ available: false, reason: "minimum_order_value" });
      await giveAccount(h.db, guest);
      const stored = await quote(guest, "mode=on_call_storage");
      expect(stored.mode).toBe("on_call_storage");
      expect(modeOf(stored, "on_call_storage")).toMatchObject({ available: true, reason: null, date: null, latestDate: null });
      expect(stored.canCheckout).toBe(true);
    });

    test("requested date: bounded by the earliest delivery day and a year ahead; a missing or outside date blocks the checkout", async () => {
      const token = await cartWith([["FLOOR-1", 1]]);
      const missing = await quote(token, "mode=requested_date");
      expect(missing).toMatchObject({ mode: "requested_date", canCheckout: false, problems: ["desired_date_required"] });
      expect((await quote(token, "mode=requested_date&desiredDate=2026-11-19")).problems).toEqual(["desired_date_too_early"]);
      expect((await quote(token, "mode=requested_date&desiredDate=2027-11-19")).problems).toEqual(["desired_date_too_late"]);
      const ok = await quote(token, "mode=requested_date&desiredDate=2027-11-18");
      expect(ok).toMatchObject({ mode: "requested_date", canCheckout: true, problems: [], desiredDate: { earliest: "2026-11-20", latest: "2027-11-18" } });
      expect(ok.totals.shipping.amount).toBe(595);
    });

    test("a country the shop does not deliver to: every mode unavailable, no shipping, no checkout", async () => {
      const token = await cartWith([["FLOOR-1", 1]]);
      const q = await quote(token, "country=us&mode=express");
      expect(q.country).toEqual({ code: "us", name: "Vereinigte Staaten" });
      expect(Object.values(reasons(q))).toEqual(["not_deliverable", "not_deliverable", "not_deliverable", "not_deliverable"]);
      expect(q).toMatchObject({ mode: "standard", shipping: null, desiredDate: null, canCheckout: false, problems: ["not_deliverable"] });
      expect(q.totals.shipping.amount).toBe(0);
    });
  });

  describe("shipping", () => {
    test("free at home from 1200, not abroad", async () => {
      const below = await quote(await cartWith([["FLOOR-1", 40]]));
      expect(below.totals.goods.amount).toBe(119_800);
      expect(below.shipping).toMatchObject({ isFree: false, cost: expect.objectContaining({ amount: 595 }) });
      const token = await cartWith([["FLOOR-1", 41]]);
      const free = await quote(token);
      expect(free.shipping).toMatchObject({ isFree: true, noFreeShipping: null, cost: expect.objectContaining({ amount: 0 }) });
      expect(free.totals.grand.amount).toBe(41 * 2995);
      // express on a free delivery: only its fee
      expect((await quote(token, "mode=express")).shipping).toMatchObject({ isFree: false, cost: expect.objectContaining({ amount: 1000 }) });
      const abroad = await quote(token, "country=nl");
      expect(abroad.shipping).toMatchObject({ isFree: false, freeFrom: null, noFreeShipping: "abroad", cost: expect.objectContaining({ amount: 1495 }) });
    });

    test("islands by postcode: never free, the offshore surcharge", async () => {
      const token = await cartWith([["FLOOR-1", 41]]);
      const island = await quote(token, "country=de&postcode=25980");
      expect(island.shipping).toMatchObject({
        isIsland: true,
        isFree: false,
        freeFrom: null,
        noFreeShipping: "island",
        surcharges: [{ type: "offshore", amount: expect.objectContaining({ amount: 1500 }) }],
      });
      expect(island.shipping!.cost.amount).toBe(595 + 1500);
      // Rügen has a bridge: mainland
      expect((await quote(token, "country=de&postcode=18528")).shipping).toMatchObject({ isIsland: false, isFree: true });
    });

    test("decking is never shipped free from the free-shipping value", async () => {
      const q = await quote(await cartWith([["DECK-1", 1]]));
      expect(q.totals.goods.amount).toBe(130_000);
      expect(q.shipping).toMatchObject({
        group: "freight",
        isFree: false,
        freeFrom: null,
        noFreeShipping: "decking",
        cost: expect.objectContaining({ amount: 5900 }),
      });
      expect(reasons(q)).toMatchObject({ express: "items" });
    });

    test("a cart of only free-shipping products ships free at home, decking too; one other product and the cart pays shipping", async () => {
      await setProduct("UPDATE products SET is_free_shipping = 1 WHERE sku IN ('DECK-1', 'LOW-1')");
      try {
        const only = await quote(
          await cartWith([
            ["DECK-1", 1],
            ["LOW-1", 1],
          ]),
        );
        expect(only.shipping).toMatchObject({ isFree: true, noFreeShipping: null, cost: expect.objectContaining({ amount: 0 }) });
        const mixed = await quote(
          await cartWith([
            ["DECK-1", 1],
            ["NOEXP-1", 1],
          ]),
        );
        expect(mixed.shipping).toMatchObject({ isFree: false, noFreeShipping: "decking", cost: expect.objectContaining({ amount: 5900 }) });
        const abroad = await quote(await cartWith([["LOW-1", 1]]), "country=nl");
        expect(abroad.shipping).toMatchObject({ isFree: false, noFreeShipping: "abroad" });
      } finally {
        await setProduct("UPDATE products SET is_free_shipping = 0 WHERE sku IN ('DECK-1', 'LOW-1')");
      }
    });

    test("freight as soon as one item goes by freight, parcel otherwise; express fee by group", async () => {
      const parcel = await quote(await cartWith([["FLOOR-1", 1]]));
      expect(parcel.shipping).toMatchObject({ group: "parcel", cost: expect.objectContaining({ amount: 595 }) });
      const token = await cartWith([
        ["FLOOR-1", 1],
        ["FREIGHT-1", 2],
      ]);
      const freight = await quote(token);
      expect(freight.shipping).toMatchObject({ group: "freight", cost: expect.objectContaining({ amount: 5900 }) });
      expect(modeOf(freight, "express").cost!.amount).toBe(5900 + 5000);
    });
  });

  test("the Swiss shop in French: francs, its tax, its countries, its tariff", async () => {
    const token = await cartWith([["FLOOR-1", 2]], "CH", "fr");
    const q = await quote(token, "", { shop: "CH", language: "fr" });
    expect(q.currency).toBe("CHF");
    expect(q.country).toEqual({ code: "ch", name: "Suisse" });
    expect(q.countries.map((c) => c.code)).toEqual(["ch", "li"]);
    // the test catalogue has no French texts: the German name, and no French page to link
    expect(q.lines[0]).toMatchObject({ name: "Produkt FLOOR-1", link: null, unitLabel: "m²" });
    expect((await quote(token, "", { shop: "CH", language: "de" })).lines[0]!.link).toBe("/de/produkt-floor-1.html");
    expect(q.lines[0]!.rowTotal.formattedWithCurrency).toBe("CHF\u00a065.90");
    expect(q.shipping!.cost.amount).toBe(795);
    expect(q.shipping!.freeFrom!.formattedWithCurrency).toBe("CHF\u00a01’200.00");
    expect(q.totals.taxLabel).toBe("TVA 8,1% incluse");
    expect(q.totals.tax.amount).toBe(includedTax(6590, 8.1) + includedTax(795, 8.1));
    expect(reasons(q)).toMatchObject({ express: "shop" }); // no express in francs: the reason names the shop, not mainland Germany
    expect((await quote(token, "country=li", { shop: "CH", language: "fr" })).shipping!.cost.amount).toBe(1995);
    expect((await quote(token, "country=de", { shop: "CH", language: "fr" })).problems).toEqual(["not_deliverable"]);
  });

  test("the country defaults to the visitor's shipping country", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    expect((await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "nl" }, token })).status).toBe(200);
    const q = await quote(token);
    expect(q.country.code).toBe("nl");
    expect(q.shipping!.cost.amount).toBe(1495);
  });

  describe("expectedTotal is what placing the order charges", () => {
    const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
    const cases: [string, [string, number][], string, Record<string, unknown>, boolean][] = [
      ["standard, prepayment", [["FLOOR-1", 3]], "payment=prepayment", { paymentMethod: "prepayment" }, false],
      ["express, invoice", [["FLOOR-1", 2]], "mode=express&payment=invoice", { paymentMethod: "invoice", deliveryMode: "express" }, false],
      [
        "requested date, cash on delivery",
        [["NOEXP-1", 2]],
        "mode=requested_date&desiredDate=2026-12-07&payment=cash_on_delivery",
        { paymentMethod: "cash_on_delivery", deliveryMode: "requested_date", desiredDate: "2026-12-07" },
        false,
      ],
      [
        "an island, prepayment",
        [
          ["FLOOR-1", 41],
          ["FREIGHT-1", 2],
        ],
        "country=de&postcode=25980&payment=prepayment",
        { paymentMethod: "prepayment", billingAddress: { ...ADDRESS, postcode: "25980", city: "Sylt" } },
        false,
      ],
      [
        "abroad, invoice",
        [["DECK-1", 1]],
        "country=nl&payment=invoice",
        { paymentMethod: "invoice", billingAddress: { ...ADDRESS, postcode: "1011 AB", countryCode: "nl" } },
        false,
      ],
      [
        "storage on call, prepayment",
        [["FREIGHT-1", 3]],
        "mode=on_call_storage&payment=prepayment",
        { paymentMethod: "prepayment", deliveryMode: "on_call_storage" },
        true,
      ],
    ];
    test.each(cases)("%s", async (_name, lines, query, body, account) => {
      const token = await cartWith(lines);
      if (account) await giveAccount(h.db, token);
      const q = await quote(token, query);
      expect(q.canCheckout).toBe(true);
      const placed = await h.call("POST", "/apiv2/checkout/order", {
        body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", acceptTerms: true, ...body, expectedTotal: q.expectedTotal },
        token,
      });
      expect(placed.body.errors).toEqual([]);
      expect(placed.status).toBe(200);
      const totals = placed.body.data.totals;
      expect(totals.grandTotal.amount).toBe(q.expectedTotal);
      expect([totals.goods.amount, totals.prepaymentDiscount.amount, totals.shipping.amount, totals.tax.amount.amount]).toEqual([
        q.totals.goods.amount,
        q.totals.discount.amount,
        q.totals.shipping.amount,
        q.totals.tax.amount,
      ]);
    });
  });

  test("line problems in the order's words: sold out, too few left, end of life, below the minimum, no longer sold", async () => {
    // OOS-1 cannot be added while it is sold out: the cart is built with stock, which is then taken away
    await setProduct("UPDATE products SET stock_qty = 5 WHERE sku = 'OOS-1'");
    const cart = await cartWith([
      ["LOW-1", 2],
      ["OOS-1", 1],
      ["FREIGHT-1", 2],
      ["NOEXP-1", 1],
      ["FLOOR-1", 1],
    ]);
    try {
      await setProduct("UPDATE products SET stock_qty = 0 WHERE sku = 'OOS-1'");
      await setProduct("UPDATE products SET stock_qty = 1 WHERE sku = 'LOW-1'");
      await setProduct("UPDATE products SET min_order_qty = 6.6 WHERE sku = 'FREIGHT-1'");
      await setProduct("UPDATE products SET reached_eol = 1 WHERE sku = 'NOEXP-1'");
      await setProduct("UPDATE products SET is_active = 0 WHERE sku = 'FLOOR-1'");
      const q = await quote(cart);
      expect(q.lines.map((line) => [line.sku, line.problem])).toEqual([
        ["LOW-1", { code: "quantity_unavailable", params: { available: 1 } }],
        ["OOS-1", { code: "out_of_stock" }],
        ["FREIGHT-1", { code: "minimum_order_quantity", params: { value: "6,6", unit: "m²" } }],
        ["NOEXP-1", { code: "end_of_life" }],
        ["FLOOR-1", { code: "unknown_product" }],
      ]);
      expect(q.lines.find((line) => line.sku === "FREIGHT-1")).toMatchObject({ minimumQuantity: 3 });
      expect(q.lines.find((line) => line.sku === "LOW-1")).toMatchObject({ maxQuantity: 1 });
      expect(q.lines.find((line) => line.sku === "FLOOR-1")!.link).toBeNull();
      expect(q.problems).toEqual(["quantity_unavailable", "out_of_stock", "minimum_order_quantity", "end_of_life", "unknown_product"]);
      expect(q.canCheckout).toBe(false);
      // and placing the order refuses the first of them
      const placed = await h.call("POST", "/apiv2/checkout/order", {
        body: {
          email: "erika@example.com",
          billingAddress: { firstname: "E", lastname: "M", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
          deliveryMode: "standard",
          paymentMethod: "invoice",
          acceptTerms: true,
        },
        token: cart,
      });
      expect(placed.status).toBeGreaterThanOrEqual(400);
    } finally {
      await setProduct("UPDATE products SET stock_qty = 0 WHERE sku = 'OOS-1'");
      await setProduct("UPDATE products SET stock_qty = 3 WHERE sku = 'LOW-1'");
      await setProduct("UPDATE products SET min_order_qty = 4.4 WHERE sku = 'FREIGHT-1'");
      await setProduct("UPDATE products SET reached_eol = 0 WHERE sku = 'NOEXP-1'");
      await setProduct("UPDATE products SET is_active = 1 WHERE sku = 'FLOOR-1'");
    }
  });

  test("an empty cart: no visitor, no read, nothing to check out; samples alone are not an order", async () => {
    h.takeRoundTrips();
    const none = await quote(undefined);
    expect(h.takeRoundTrips()).toBe(0);
    expect(none).toMatchObject({ lines: [], samples: [], shipping: null, canCheckout: false, problems: ["cart_empty"], expectedTotal: 0 });
    expect(none.totals.grand.amount).toBe(0);

    const { token } = await h.call("PUT", "/apiv2/cart/addSampleBySku/S-3");
    const samples = await quote(token);
    expect(samples.samples).toEqual([{ itemId: expect.any(Number), sku: "S-3", name: "Produkt S-3", link: "/produkt-s-3.html", image: null }]);
    expect(samples).toMatchObject({ lines: [], canCheckout: false, problems: ["cart_empty"] });
    // with a product, the sample goes along for free
    await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    const both = await quote(token);
    expect(both).toMatchObject({ canCheckout: true, problems: [] });
    expect(both.totals.goods.amount).toBe(2995);
  });

  describe("bad query values: 422 naming the parameter, nothing written", () => {
    let token: string;
    beforeAll(async () => {
      token = await cartWith([["FLOOR-1", 1]]);
    });
    test.each([
      ["country=d1", "country", "invalid"],
      ["country=deu", "country", "invalid"],
      ["country=%3Cscript%3E", "country", "invalid"],
      ["postcode=%3Cscript%3E", "postcode", "invalid"],
      ["postcode=12345678901", "postcode", "invalid"],
      ["postcode=10115%00", "postcode", "invalid"],
      ["mode=drone", "mode", "invalid"],
      ["mode=STANDARD", "mode", "invalid"],
      ["mode=requested_date&desiredDate=2026-02-30", "desiredDate", "invalid_date"],
      ["mode=requested_date&desiredDate=tomorrow", "desiredDate", "invalid_date"],
      ["mode=requested_date&desiredDate=2026-12-01T00:00", "desiredDate", "invalid_date"],
      ["desiredDate=2026-12-01", "desiredDate", "desired_date_not_allowed"],
      ["mode=express&desiredDate=2026-12-01", "desiredDate", "desired_date_not_allowed"],
      ["payment=bitcoin", "payment", "payment_method_unknown"],
      ["payment=paypal", "payment", "payment_method_unavailable"],
    ])("%s", async (query, field, code) => {
      const before = await writeCounts(h.db);
      const { status, body } = await h.call("GET", `/apiv2/checkout/quote?${query}`, { token });
      expect(status).toBe(422);
      expect(body.errors[0]).toMatchObject({ code: "invalid" });
      expect(body.errors[1]).toMatchObject({ field, code });
      expect(body.errors).toHaveLength(2);
      expect(await writeCounts(h.db)).toEqual(before);
    });
    test("an oversized parameter", async () => {
      const { status, body } = await h.call("GET", `/apiv2/checkout/quote?payment=${"x".repeat(5000)}&country=${"d".repeat(5000)}`, { token });
      expect(status).toBe(422);
      expect(body.errors.slice(1).map((error) => error.field)).toEqual(["country", "payment"]);
    });
    test("empty parameters count as not given; unknown ones are ignored", async () => {
      expect((await quote(token, "country=&mode=&payment=&utm_source=news")).country.code).toBe("de");
    });
  });

  test("another shop's cart is not this shop's quote", async () => {
    const token = await cartWith([["FLOOR-1", 1]]);
    const ch = await quote(token, "", { shop: "CH", language: "de" });
    expect(ch).toMatchObject({ lines: [], problems: ["cart_empty"] });
  });
});
