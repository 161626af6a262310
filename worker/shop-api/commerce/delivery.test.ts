import { berlinDayBounds, berlinInstant, berlinTime } from "../core/berlin-time";
import { shopDb } from "@tests/kit/d1";
import { computeDelivery, dispatchDay, type DeliveryInput, type DeliveryItem } from "../core/delivery-rules";
import { isGermanIsland } from "../core/islands";
import { commerceCounts, createHarness, DE_COUNTRIES, giveAccount, type Harness } from "@tests/kit/commerce";

const parcel: DeliveryItem = { shippingGroup: "parcel", isExpress: true, isDecking: false, isFreeShipping: false, deliveryDaysMin: 2, deliveryDaysMax: 4 };
const freight: DeliveryItem = { ...parcel, shippingGroup: "freight" };
const base = (over: Partial<DeliveryInput> = {}): DeliveryInput => ({
  now: new Date("2026-11-18T08:00:00Z"), // Wednesday 09:00 in Berlin
  currency: "EUR",
  deliveryCountries: DE_COUNTRIES,
  country: "de",
  items: [parcel],
  goodsValue: 5000,
  hasAccount: false,
  ...over,
});

describe("Berlin time", () => {
  test("wall clock, winter and summer", () => {
    expect(berlinTime(new Date("2026-11-18T08:59:59Z"))).toMatchObject({ date: "2026-11-18", hour: 9, minute: 59, weekday: 3 });
    expect(berlinTime(new Date("2026-07-01T08:00:00Z"))).toMatchObject({ hour: 10 });
    expect(berlinInstant("2026-11-18", 10).toISOString()).toBe("2026-11-18T09:00:00.000Z");
    expect(berlinInstant("2026-07-01", 10).toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(berlinDayBounds(new Date("2026-11-18T23:30:00Z")).start.toISOString()).toBe("2026-11-18T23:00:00.000Z");
  });

  test("the same instant asked again gets the same time; the next instant its own, one second or one day on", () => {
    const first = berlinTime(new Date("2026-11-18T22:59:59Z"));
    expect(berlinTime(new Date("2026-11-18T22:59:59Z"))).toEqual(first);
    expect(berlinTime(new Date("2026-11-18T23:00:00Z"))).toMatchObject({ date: "2026-11-19", hour: 0, minute: 0, second: 0, weekday: 4 });
    expect(berlinTime(new Date("2026-11-18T22:59:59Z"))).toMatchObject({ date: "2026-11-18", hour: 23, second: 59, weekday: 3 });
    expect(Object.isFrozen(first)).toBe(true);
  });
});

describe("delivery dates around the 10:00 cut-off and weekends", () => {
  test.each([
    // [instant (UTC), dispatch, express date, standard from, standard to]
    ["2026-11-18T08:59:00Z", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-24"], // Wed 09:59: same-day dispatch, next-day express
    ["2026-11-18T09:00:00Z", "2026-11-19", "2026-11-20", "2026-11-23", "2026-11-25"], // Wed 10:00: too late
    ["2026-11-20T08:30:00Z", "2026-11-20", "2026-11-23", "2026-11-24", "2026-11-26"], // Fri 09:30: express on Monday
    ["2026-11-20T09:30:00Z", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"], // Fri 10:30: dispatch Monday
    ["2026-11-21T07:00:00Z", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"], // Saturday morning
    ["2026-11-22T20:00:00Z", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-27"], // Sunday evening
    ["2026-07-01T07:59:00Z", "2026-07-01", "2026-07-02", "2026-07-03", "2026-07-07"], // summer time 09:59
    ["2026-07-01T08:00:00Z", "2026-07-02", "2026-07-03", "2026-07-06", "2026-07-08"], // summer time 10:00
  ])("ordered at %s", (instant, dispatch, expressDate, from, to) => {
    const now = new Date(instant);
    expect(dispatchDay(now)).toBe(dispatch);
    const result = computeDelivery(base({ now }));
    expect(result.express?.date).toBe(expressDate);
    expect(result.standard?.date).toBe(from);
    expect(result.standard?.latestDate).toBe(to);
    expect(result.standard?.deadline).toBe(berlinInstant(dispatch, 10).toISOString());
    expect(result.standard?.duration).toEqual({ value: 4, minValue: 2, unit: "days" });
  });
});

describe("express rules", () => {
  test("10 EUR for parcels, 50 EUR for freight forwarding", () => {
    expect(computeDelivery(base()).express).toMatchObject({ fee: 1000, cost: 595 + 1000 });
    expect(computeDelivery(base({ items: [freight] })).express).toMatchObject({ fee: 5000, cost: 5900 + 5000 });
    expect(computeDelivery(base({ items: [parcel, freight] })).express?.fee).toBe(5000);
  });
  test("only if all items are express-capable", () => {
    const result = computeDelivery(base({ items: [parcel, { ...parcel, isExpress: false }] }));
    expect(result.express).toBeNull();
    expect(result.expressUnavailableReason).toBe("items");
    expect(result.modes.find((m) => m.code === "express")).toEqual({ code: "express", available: false, reason: "items" });
  });
  test("only within Germany, and not to the islands", () => {
    expect(computeDelivery(base({ country: "at", deliveryCountries: [...DE_COUNTRIES, "at"] })).expressUnavailableReason).toBe("country");
    expect(computeDelivery(base({ country: "be" })).express).toBeNull();
    const sylt = computeDelivery(base({ postcode: "25980" }));
    expect(sylt.isIsland).toBe(true);
    expect(sylt.expressUnavailableReason).toBe("island");
    expect(computeDelivery(base({ postcode: "10115" })).express).not.toBeNull();
  });
  test("a shop that does not deliver to Germany in euro offers none, and says so without naming Germany", () => {
    const reason = (over: Partial<DeliveryInput>) => computeDelivery(base(over)).expressUnavailableReason;
    expect(reason({ currency: "CHF", deliveryCountries: ["ch", "li"], country: "ch" })).toBe("shop");
    expect(reason({ deliveryCountries: ["fr"], country: "fr" })).toBe("shop");
    expect(reason({ deliveryCountries: ["at"], country: "at" })).toBe("shop");
    // Even an address in Germany: CHF is not the currency express is offered in.
    expect(reason({ currency: "CHF", deliveryCountries: ["ch", "de"], country: "de" })).toBe("shop");
    expect(computeDelivery(base({ deliveryCountries: ["fr"], country: "fr" })).modes.find((m) => m.code === "express")).toEqual({
      code: "express",
      available: false,
      reason: "shop",
    });
  });
});

describe("costs", () => {
  test("free standard shipping from 1200 in the home country, not to islands, not with decking", () => {
    expect(computeDelivery(base({ goodsValue: 119_999 })).standard).toMatchObject({ isFree: false, cost: 595 });
    expect(computeDelivery(base({ goodsValue: 120_000 })).standard).toMatchObject({ isFree: true, cost: 0 });
    const island = computeDelivery(base({ goodsValue: 200_000, postcode: "26548" }));
    expect(island.standard).toMatchObject({ isFree: false, cost: 595 + 1500, surcharges: [{ type: "offshore", amount: 1500 }] });
    const decking = computeDelivery(base({ goodsValue: 200_000, items: [{ ...freight, isDecking: true, isExpress: false }] }));
    expect(decking.standard).toMatchObject({ isFree: false, cost: 5900 });
    expect(computeDelivery(base({ goodsValue: 200_000, country: "be" })).standard).toMatchObject({ isFree: false, cost: 1495 });
  });
  test("a cart of only free-shipping products ships free at home at any value, decking too; not abroad, not to islands, not with another product", () => {
    const free = { ...parcel, isFreeShipping: true };
    const freeDecking = { ...freight, isDecking: true, isExpress: false, isFreeShipping: true };
    expect(computeDelivery(base({ goodsValue: 100, items: [free] })).standard).toMatchObject({ isFree: true, cost: 0 });
    expect(computeDelivery(base({ goodsValue: 100, items: [free, freeDecking] })).standard).toMatchObject({ isFree: true, cost: 0 });
    expect(computeDelivery(base({ goodsValue: 100, items: [free, parcel] })).standard).toMatchObject({ isFree: false, cost: 595 });
    expect(computeDelivery(base({ goodsValue: 100, items: [free], country: "be" })).standard).toMatchObject({ isFree: false, cost: 1495 });
    const island = computeDelivery(base({ goodsValue: 100, items: [free], postcode: "26548" }));
    expect(island.standard).toMatchObject({ isFree: false, cost: 595 + 1500 });
  });
  test("2 percent prepayment discount on the goods value", () => {
    expect(computeDelivery(base({ goodsValue: 12_345 })).prepaymentDiscount).toBe(247);
  });
  test("islands by postcode, Germany only", () => {
    expect(isGermanIsland("de", "27498")).toBe(true); // Helgoland
    expect(isGermanIsland("de", "18565")).toBe(true); // Hiddensee
    expect(isGermanIsland("de", "18528")).toBe(false); // Rügen, by bridge
    expect(isGermanIsland("nl", "25980")).toBe(false);
  });
});

describe("delivery modes", () => {
  test("storage needs an account and an order value from 1200 (EUR or CHF)", () => {
    const storage = (over: Partial<DeliveryInput>) => computeDelivery(base(over)).modes.find((m) => m.code === "on_call_storage");
    expect(storage({ hasAccount: false, goodsValue: 500_000 })).toEqual({ code: "on_call_storage", available: false, reason: "account_required" });
    expect(storage({ hasAccount: true, goodsValue: 119_999 })).toEqual({ code: "on_call_storage", available: false, reason: "minimum_order_value" });
    expect(storage({ hasAccount: true, goodsValue: 120_000 })).toEqual({ code: "on_call_storage", available: true });
    const ch = { currency: "CHF", deliveryCountries: ["ch", "li"], country: "ch", hasAccount: true };
    expect(storage({ ...ch, goodsValue: 119_990 })?.available).toBe(false);
    expect(storage({ ...ch, goodsValue: 120_000 })?.available).toBe(true);
  });
  test("no delivery outside the shop's delivery countries", () => {
    const result = computeDelivery(base({ country: "us" }));
    expect(result.isDeliverable).toBe(false);
    expect(result.standard).toBeNull();
    expect(result.modes.every((m) => !m.available)).toBe(true);
  });
});

describe("HTTP", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness("2026-11-18T08:00:00Z");
  });
  afterAll(() => h.dispose());

  test("GET delivery for a product, country and quantity", async () => {
    const { status, body } = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/2");
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      sku: "FLOOR-1",
      quantity: 2,
      isDeliverable: true,
      noDeliveryMessage: null,
      currentShippingCountry: { code: "de", name: "Deutschland" },
      referenceDate: "2026-11-18T08:00:00.000Z",
      standard: { date: "2026-11-20", latestDate: "2026-11-24", cost: { amount: 595, formatted: "5,95\u00a0€", isFree: false, label: "Versandkosten" } },
      express: { date: "2026-11-19", fee: { amount: 1000, label: "Expresszuschlag" } },
      goodsValue: { amount: 5990 },
      prepaymentDiscount: { percentage: 2, amount: { amount: 120 } },
    });
  });

  test("quantity defaults to 1; no id answers null", async () => {
    expect((await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de")).body.data.quantity).toBe(1);
    const empty = await h.call("GET", "/apiv1/product/byId/%20/delivery/byCountryCode/de/quantity/1");
    expect(empty.body.data).toBeNull();
  });

  test("islands by the postcode query; free label from 1200", async () => {
    const island = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/100?postcode=25938");
    expect(island.body.data.isIsland).toBe(true);
    expect(island.body.data.standard.cost.isFree).toBe(false);
    expect(island.body.data.express).toBeNull();
    const mainland = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/100");
    expect(mainland.body.data.standard.cost).toMatchObject({ isFree: true, label: "Kostenloser Versand", amount: 0 });
    const decking = await h.call("GET", "/apiv1/product/byId/DECK-1/delivery/byCountryCode/de/quantity/2");
    expect(decking.body.data.standard.cost.isFree).toBe(false);
  });

  test("not deliverable: isDeliverable false with a message", async () => {
    const { status, body } = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/us/quantity/1");
    expect(status).toBe(200);
    expect(body.data.isDeliverable).toBe(false);
    expect(body.data.noDeliveryMessage).toBe("Eine Lieferung nach Vereinigte Staaten ist leider nicht möglich.");
    const ch = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/1", { shop: "CH", language: "fr" });
    expect(ch.body.data.isDeliverable).toBe(false);
    expect(ch.body.data.noDeliveryMessage).toBe("Malheureusement, la livraison vers Allemagne n'est pas possible.");
  });

  test("express needs every cart item to be express-capable", async () => {
    const add = await h.call("POST", "/apiv2/cart/", { body: { sku: "NOEXP-1" } });
    const token = add.token as string;
    const { body } = await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/1", { token });
    expect(body.data.express).toBeNull();
    expect(body.data.expressUnavailableReason).toBe("items");
    expect(body.data.standard.latestDate).toBe("2026-12-02"); // NOEXP-1 takes 5-10 days
    expect(body.data.goodsValue.amount).toBe(2995 + 1990);
  });

  test("storage mode needs an account and 1200 CHF in the Swiss shop", async () => {
    const add = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" }, shop: "CH" });
    const token = add.token as string;
    const storage = async (quantity: number) =>
      (await h.call("GET", `/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/ch/quantity/${quantity}`, { token, shop: "CH" })).body.data.deliveryModes.find(
        (m: { code: string }) => m.code === "on_call_storage",
      );
    expect(await storage(40)).toMatchObject({ available: false, reason: "account_required" });
    await giveAccount(shopDb(h.env, "CH"), token);
    expect(await storage(36)).toMatchObject({ available: false, reason: "minimum_order_value" }); // 36 x 32.95 = 1186.20 CHF
    expect(await storage(37)).toMatchObject({ available: true }); // 1219.15 CHF
  });

  test.each(["0", "-1", "abc", "99999", "1.5"])("quantity %s is refused with 422", async (quantity) => {
    const { status, body } = await h.call("GET", `/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/${quantity}`);
    expect(status).toBe(422);
    expect(body.errors[0]!.message).toBe("The given data was invalid.");
  });

  test("unknown product and bad country code", async () => {
    expect((await h.call("GET", "/apiv1/product/byId/NOPE/delivery/byCountryCode/de/quantity/1")).status).toBe(422);
    expect((await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/deu/quantity/1")).status).toBe(422);
  });

  test("shipping costs by country: code defaults to de when empty and in the international store", async () => {
    const empty = await h.call("GET", "/apiv2/shipping/costs/country?code=");
    expect(empty.body.data.country.code).toBe("de");
    expect(empty.body.data.shippingZone.groups).toEqual([
      { name: "parcel", cost: expect.objectContaining({ amount: 595 }) },
      { name: "freight", cost: expect.objectContaining({ amount: 5900 }) },
    ]);
    expect(empty.body.meta).toMatchObject({ currency: "EUR", currentCountry: "de" });
    const com = await h.call("GET", "/apiv2/shipping/costs/country?code=be", { shop: "COM" });
    expect(com.body.data.country).toEqual({ code: "de", name: "Germany" });
    const be = await h.call("GET", "/apiv2/shipping/costs/country?code=be");
    expect(be.body.data.shippingZone.code).toBe("abroad");
    expect(be.body.data.express).toEqual([]);
    const us = await h.call("GET", "/apiv2/shipping/costs/country?code=us");
    expect(us.body.data).toMatchObject({ isDeliverable: false, shippingZone: null });
  });

  test("PUT the shipping country, then current-country follows; others are refused and nothing is written", async () => {
    const put = await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "NL" } });
    expect(put.status).toBe(200);
    expect(put.body.data.currentCountry).toEqual({ code: "nl", name: "Niederlande" });
    const token = put.token as string;
    expect((await h.call("GET", "/apiv2/shipping/costs/current-country", { token })).body.data).toMatchObject({ code: "nl", name: "Niederlande" });
    expect((await h.call("GET", "/apiv2/shipping/costs/current-country")).body.data).toMatchObject({ code: "de" });
    expect((await h.call("GET", "/apiv2/shipping/costs/current-country", { shop: "CH" })).body.data).toMatchObject({ code: "ch" });

    const before = await commerceCounts(h.db);
    const refused = await h.call("PUT", "/apiv2/shipping/costs/country", { body: { country: "us" } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[1]).toMatchObject({ code: "country_not_deliverable", field: "country" });
    const missing = await h.call("PUT", "/apiv2/shipping/costs/country", { body: {} });
    expect(missing.body.errors.map((e) => e.message)).toEqual(["Missing required fields", "This field is required"]);
    expect(await commerceCounts(h.db)).toEqual(before);
  });
});
