import { buildSchema } from "graphql";
import { attachResolvers, buildExecutableSchema } from "./build-schema";
import { Loader } from "./loaders";
import { formatMoney, formatAmount, includedTax, localeFor, money, taxLabel } from "./money";
import { priceFacts } from "./resolvers/products";
import { FALLBACK_UNIT, UNIT_CODES, UNIT_LABELS, unitLabel } from "./units";

const spaces = (text: string) => text.replace(/\u00a0/g, " ");

describe("money formatting", () => {
  test.each([
    ["EUR", "de", "1.234,50 €", "1.234,50"],
    ["EUR", "at", "1.234,50 €", "1.234,50"],
    ["EUR", "fr", "1 234,50 €", "1 234,50"],
    ["EUR", "it", "1.234,50 €", "1.234,50"],
    ["EUR", "nl", "€ 1.234,50", "1.234,50"],
    ["EUR", "en", "€1,234.50", "1,234.50"],
    ["CHF", "de", "CHF 1’234.50", "1’234.50"],
    ["CHF", "fr", "CHF 1’234.50", "1’234.50"],
    ["CHF", "it", "CHF 1’234.50", "1’234.50"],
  ])("%s in %s", (currency, language, withCurrency, value) => {
    expect(spaces(formatMoney(123450, currency, language))).toBe(withCurrency);
    expect(spaces(formatAmount(123450, currency, language))).toBe(value);
  });

  test("small, large and negative amounts", () => {
    expect(spaces(formatMoney(5, "EUR", "de"))).toBe("0,05 €");
    expect(spaces(formatMoney(123456789, "EUR", "de"))).toBe("1.234.567,89 €");
    expect(spaces(formatMoney(-1230, "EUR", "en"))).toBe("-€12.30");
    expect(money(4995, "EUR", "de")).toMatchObject({ value: 49.95, amount: 4995, currency: "EUR" });
  });

  test("locales and tax", () => {
    expect(localeFor("CHF", "fr")).toBe("fr-CH");
    expect(localeFor("EUR", "at")).toBe("de-AT");
    expect(localeFor("EUR", "en")).toBe("en-IE");
    expect(includedTax(11900, 19)).toBe(1900);
    expect(taxLabel(19, "de")).toBe("inkl. 19% MwSt.");
    expect(taxLabel(8.1, "de")).toBe("inkl. 8,1% MwSt.");
    expect(taxLabel(21, "nl")).toBe("incl. 21% btw");
    expect(taxLabel(19, "en")).toBe("incl. 19% VAT");
  });
});

describe("units", () => {
  test("every SPEC 3 unit has a label in every language", () => {
    for (const code of UNIT_CODES) {
      for (const language of ["de", "at", "en", "fr", "it", "nl"]) expect(unitLabel(code, language)).toBeTruthy();
    }
    expect(Object.keys(UNIT_LABELS).sort()).toEqual([...UNIT_CODES].sort());
  });

  test("short labels and fallback", () => {
    expect(["KG", "LBS", "G", "MG", "L", "ML", "M", "SQM", "IN", "CI", "MM", "LFM", "PCS"].map((c) => unitLabel(c, "en"))).toEqual([
      "kg", "lbs", "g", "mg", "l", "ml", "m", "m²", "in", "cm", "mm", "lfm", "pcs",
    ]);
    expect(["de", "at", "fr", "it", "nl"].map((l) => unitLabel("PCS", l))).toEqual(["Stk.", "Stk.", "pce", "pz", "st"]);
    expect(unitLabel("NOPE", "fr")).toBe(UNIT_LABELS[FALLBACK_UNIT].fr);
    expect(unitLabel("SQM", "xx")).toBe("m²");
  });
});

describe("price facts (EU price-indication rule)", () => {
  const NOW = new Date("2026-03-01T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
  const row = (price: number, days: number) => ({ sku: "S", package_price: price, valid_from: daysAgo(days) });

  test("no history, or no earlier price: the reference is the current price", () => {
    expect(priceFacts(1000, [], NOW)).toEqual({ current: 1000, reference: 1000, savingsPercentage: 0, since: null });
    expect(priceFacts(1000, [row(1000, 3)], NOW)).toEqual({ current: 1000, reference: 1000, savingsPercentage: 0, since: daysAgo(3) });
  });

  test("a reduction: the earlier price is the reference, the current price is excluded", () => {
    // 10.00 since 20 days, 8.00 since today (the demo catalogue's discount).
    expect(priceFacts(800, [row(1000, 20), row(800, 0)], NOW)).toEqual({ current: 800, reference: 1000, savingsPercentage: 20, since: daysAgo(0) });
  });

  test("the window is the 30 days before the current price took effect, not the last 30 days", () => {
    // 12.00 for a long time, 10.00 from 50 to 45 days ago, 8.00 since 45 days: the window
    // [75, 45) days ago saw 12.00 (in force at its start) and 10.00.
    expect(priceFacts(800, [row(1200, 200), row(1000, 50), row(800, 45)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20 });
    // A price that ended before the window began does not count.
    expect(priceFacts(800, [row(700, 100), row(1000, 60), row(800, 10)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20 });
  });

  test("the lowest price in the window wins, also when it is below the current price", () => {
    // 9.00 -> 7.00 (briefly) -> 8.00: reference 7.00, nothing to strike through.
    expect(priceFacts(800, [row(900, 25), row(700, 10), row(800, 5)], NOW)).toMatchObject({ reference: 700, savingsPercentage: 0 });
    // A price increase: the lower earlier price is the reference, no savings.
    expect(priceFacts(2500, [row(2000, 100), row(2500, 40)], NOW)).toMatchObject({ reference: 2000, savingsPercentage: 0 });
  });

  test("a re-import of an unchanged price does not move the day the price took effect", () => {
    expect(priceFacts(800, [row(1000, 30), row(800, 20), row(800, 2)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20, since: daysAgo(20) });
  });

  test("a current price missing from the history is taken as effective now", () => {
    expect(priceFacts(900, [row(1200, 40), row(1000, 10)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 10, since: null });
  });
});

describe("schema building", () => {
  test("the executable schema builds", () => {
    expect(buildExecutableSchema().getQueryType()?.name).toBe("Query");
  });

  test("a resolver for a missing type or field fails loudly", () => {
    const schema = () => buildSchema("type Query { a: Int }");
    expect(() => attachResolvers(schema(), { Query: { b: () => 1 } })).toThrow("field Query.b does not exist");
    expect(() => attachResolvers(schema(), { Nope: { a: () => 1 } })).toThrow("type Nope is not an object type of the schema");
  });
});

describe("loader", () => {
  test("batches keys of one step and caches them", async () => {
    const calls: string[][] = [];
    const loader = new Loader<string, string>(async (keys) => {
      calls.push([...keys]);
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const values = await Promise.all([loader.load("a"), loader.load("b"), loader.load("a")]);
    expect(values).toEqual(["A", "B", "A"]);
    expect(calls).toEqual([["a", "b"]]);
    expect(await loader.load("b")).toBe("B");
    expect(calls).toHaveLength(1);
  });

  test("a failing batch rejects its keys and does not cache them", async () => {
    let fail = true;
    const loader = new Loader<string, string>(async (keys) => {
      if (fail) throw new Error("boom");
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(loader.load("x")).rejects.toThrow("boom");
    fail = false;
    expect(await loader.load("x")).toBe("x");
  });
});
