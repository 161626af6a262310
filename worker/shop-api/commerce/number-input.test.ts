/**
 * Quantities and dates are parsed strictly (ADR 0030): a quantity given as text is one to
 * four ASCII digits (form data, path), a JSON quantity is an integer number in range, a
 * desired date is a real calendar date from today (Europe/Berlin) to a year ahead.
 * Through the real route table and a local D1; a refusal writes nothing.
 */
import { commerceCounts, createHarness, type Harness } from "@tests/kit/commerce";

let h: Harness;
beforeAll(async () => {
  h = await createHarness("2026-11-18T08:00:00Z");
});
afterAll(() => h.dispose());

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const configurationAdd = (qty: string) =>
  h.call("POST", "/configuration/cart/add", { raw: new URLSearchParams({ form_key: "abc", product: "CONF-1", "options[shade]": "hell", qty }), headers: FORM });

const HOSTILE_QUANTITIES = [
  "1e3",
  " 5",
  "5 ",
  "+5",
  "-0",
  "-5",
  "0x10",
  "0b1",
  "0o7",
  "\u0663",
  "\uff15",
  "5.0",
  "1,5",
  "Infinity",
  "NaN",
  "0",
  "0000",
  "",
  "10000",
  "99999",
];

describe("form quantity (configuration cart add)", () => {
  test.each(HOSTILE_QUANTITIES.map((qty) => [JSON.stringify(qty), qty]))("qty=%s is refused, nothing written", async (_name, qty) => {
    const before = await commerceCounts(h.db);
    const { status, body } = await configurationAdd(qty);
    expect(status).toBe(422);
    expect(body.errors[0]!.message).toBe("The given data was invalid.");
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: "qty" }));
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test.each([
    ["16", 16],
    ["0016", 16],
    ["1", 1],
  ])("qty=%s adds %i packages", async (qty, packages) => {
    const { status, body } = await configurationAdd(qty);
    expect(status).toBe(200);
    expect(body.data.items[0]).toMatchObject({ sku: "CONF-1-1", quantity: packages });
  });

  test("no qty adds one package", async () => {
    const { status, body } = await h.call("POST", "/configuration/cart/add", {
      raw: new URLSearchParams({ form_key: "abc", product: "CONF-1", "options[shade]": "hell" }),
      headers: FORM,
    });
    expect(status).toBe(200);
    expect(body.data.items[0].quantity).toBe(1);
  });
});

describe("path quantity (product delivery)", () => {
  test.each(HOSTILE_QUANTITIES.filter((qty) => qty !== "").map((qty) => [JSON.stringify(qty), qty]))("quantity %s is refused", async (_name, qty) => {
    const { status, body } = await h.call("GET", `/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/${encodeURIComponent(qty)}`);
    expect(status).toBe(422);
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: "quantity" }));
  });

  test("four digits are a quantity", async () => {
    expect((await h.call("GET", "/apiv1/product/byId/FLOOR-1/delivery/byCountryCode/de/quantity/0016")).body.data.quantity).toBe(16);
  });
});

describe("JSON quantity (cart add)", () => {
  test.each([
    ["a numeric string", '"5"'],
    ["a hexadecimal string", '"0x10"'],
    ["an exponent string", '"1e3"'],
    ["negative zero", "-0"],
    ["a fraction", "2.5"],
    ["zero", "0"],
    ["above the maximum", "10000"],
    ["a boolean", "true"],
    ["an array", "[5]"],
  ])("%s is refused, nothing written", async (_name, quantity) => {
    const before = await commerceCounts(h.db);
    const { status, body } = await h.call("POST", "/apiv2/cart/", {
      raw: `{"sku":"FLOOR-1","quantity":${quantity}}`,
      headers: { "content-type": "application/json" },
    });
    expect(status).toBe(422);
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: "quantity" }));
    expect(await commerceCounts(h.db)).toEqual(before);
  });
});

describe("desired date (cart add)", () => {
  const add = (date: unknown) => h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", desiredDate: { type: 1, month: 1, date } } });

  test.each([
    ["a month and day that do not exist", "2025-99-99"],
    ["30 February", "2027-02-30"],
    ["29 February of a common year", "2027-02-29"],
    ["month 13", "2026-13-01"],
    ["day 32", "2026-12-32"],
    ["the zero date", "0000-00-00"],
    ["a date in the past", "2025-02-28"],
    ["yesterday in Berlin", "2026-11-17"],
    ["more than a year ahead", "2027-11-19"],
    ["a time stamp", "2026-12-01T00:00:00Z"],
    ["a day without leading zeros", "2026-12-1"],
    ["leading whitespace", " 2026-12-01"],
    ["Arabic-Indic digits", "\u0662\u0660\u0662\u0666-\u0661\u0662-\u0660\u0661"],
    ["a five-digit year", "+02026-12-01"],
    ["a number", 20261201],
  ])("%s (%s) is refused, nothing written", async (_name, date) => {
    const before = await commerceCounts(h.db);
    const { status, body } = await add(date);
    expect(status).toBe(422);
    expect(body.errors[0]!.message).toBe("The given data was invalid.");
    expect(body.errors.slice(1)).toContainEqual(expect.objectContaining({ field: "desiredDate.date" }));
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("a refused date carries its own code for the storefront", async () => {
    const { body } = await add("2026-02-30");
    expect(body.errors[1]).toEqual({ message: "Expected a calendar date (YYYY-MM-DD)", code: "invalid_date", field: "desiredDate.date" });
    expect((await add("2026-11-17")).body.errors[1]).toEqual({ message: "The date has passed", code: "invalid_date", field: "desiredDate.date" });
  });

  test.each([
    ["today in Berlin", "2026-11-18"],
    ["a year ahead", "2027-11-18"],
  ])("%s is a desired date", async (_name, date) => {
    const { status, body } = await add(date);
    expect(status).toBe(200);
    expect(body.data.items[0].desiredDate).toEqual({ type: 1, month: 1, date });
  });

  test("today is Berlin's: at 23:30 UTC on 18 November it is already the 19th", async () => {
    h.setNow("2026-11-18T23:30:00Z");
    try {
      expect((await add("2026-11-18")).status).toBe(422);
      expect((await add("2026-11-19")).status).toBe(200);
    } finally {
      h.setNow("2026-11-18T08:00:00Z");
    }
  });
});
